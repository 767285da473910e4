#!/usr/bin/env python3
"""SIGKILL of `places serve` under load: every favourite and award acknowledged before the kill is
there after a restart, and none is there twice. Driven by server-sigkill.sh (which builds the server
and writes the recordings this needs); run that, not this.

Each round starts the server, lets ACCOUNTS clients add favourites (POST /v1/favorites, one meter
after another) and walk live to recommendations of their own (POST /v1/follow, a fix a second,
stamped with the real clock: the server awards only live walks), kills the server with SIGKILL
at a random moment, restarts it, and checks every account's favourites and points against what
the clients were told before the kill."""
import json, os, random, signal, sys, threading, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from server_fault_clients import Acknowledged, add_favorites, start_server, verify, walk  # noqa: E402

server_binary, work, accounts_count, rounds = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
env = dict(os.environ)
random.seed(int(os.environ.get("SEED", "14")))
tokens = json.load(open(os.path.join(work, "tokens.json")))
walks = json.load(open(os.path.join(work, "walks.json")))  # account -> [[start, target, rec id], …]
meters = json.load(open(os.path.join(work, "meters.json")))  # account -> [meter number, …]


ack = Acknowledged(tokens)
failures = []
for round_number in range(1, rounds + 1):
    process, port = start_server(server_binary, work, env)
    stop = threading.Event()
    threads = [threading.Thread(target=add_favorites, args=([port], name, tokens[name], meters[name], ack, stop), daemon=True) for name in tokens]
    for name in tokens:
        start, target, rec = walks[name][round_number - 1]
        delay = random.uniform(0, 25)
        threads.append(threading.Timer(delay, walk, args=(port, name, tokens[name], start, target, rec, ack, stop)))
    for thread in threads:
        thread.start()
    kill_after = random.uniform(45, 80)
    time.sleep(kill_after)
    with ack.lock:
        before = (sum(map(len, ack.favorites.values())), sum(map(len, ack.awards.values())))
    os.kill(process.pid, signal.SIGKILL)
    process.wait()
    stop.set()
    for thread in threads:
        thread.join(timeout=60) if isinstance(thread, threading.Thread) else None
    process, port = start_server(server_binary, work, env)
    problems, totals = verify(port, tokens, ack)
    process.send_signal(signal.SIGTERM)
    process.wait()
    print(f"round {round_number}: killed after {kill_after:.0f} s with {before[0]} favourites and {before[1]} awards acknowledged; "
          f"after the restart the store holds {totals['favorites']} favourites and {totals['awards']} awards "
          f"({totals['balance']} points): {'all there, none twice' if not problems else 'PROBLEMS'}")
    failures += problems

for problem in failures:
    print("  " + problem)
sys.exit(1 if failures else 0)
