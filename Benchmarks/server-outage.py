#!/usr/bin/env python3
"""The database going away under load (issue 15): two `places serve --database` instances, clients
adding favourites through both and walking live to recommendations, wrk reading favourites
through both, and the PostgreSQL server stopped as a crash would stop it, then started again.
Driven by server-outage.sh (which builds, starts the cluster and writes the recordings); run
that, not this.

What it shows, per round: how requests were answered while the database was away (503 with
Retry-After expected, nothing else), how fast they were answered (no request should hang), how
long after the database came back each instance answered again, and — through both instances
and in the database itself — that every favourite and award acknowledged is kept, none twice."""
import json, os, random, subprocess, sys, threading, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from server_fault_clients import Acknowledged, add_favorites, request, start_server, verify, walk  # noqa: E402

binary, work, rounds, database, cluster = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4], sys.argv[5]
outage = float(os.environ.get("OUTAGE", "10"))
probe_timeout = 30  # a probe waiting this long counts as a hung request (a broken connection)
connections = int(os.environ.get("CONNECTIONS", "8"))
random.seed(int(os.environ.get("SEED", "15")))
tokens = json.load(open(os.path.join(work, "tokens.json")))
walks = json.load(open(os.path.join(work, "walks.json")))
meters = json.load(open(os.path.join(work, "meters.json")))
names = sorted(tokens)


def postgres(command):
    subprocess.run(["Scripts/test-postgres.sh", command, cluster, *(["--crash"] if command == "pause" else [])], check=True)


def probe(ports, token, samples, stop):
    """GET /v1/favorites through each instance, one after another, 20 a second: (sent, seconds, port, status)."""
    while not stop.is_set():
        for port in ports:
            sent = time.time()
            reply = request(port, "GET", "/v1/favorites", token, timeout=probe_timeout)
            samples.append((sent, time.time() - sent, port, reply[0] if reply else None))
        stop.wait(0.05)


def wrk(port, seconds, token, output):
    return subprocess.Popen(["wrk", "-t1", f"-c{connections // 2}", f"-d{int(seconds)}s", "--latency", "-H", f"Authorization: Bearer {token}",
                             f"http://127.0.0.1:{port}/v1/favorites"], stdout=open(output, "w"), stderr=subprocess.STDOUT)


def wrk_summary(path):
    text = open(path).read()
    rps = next((line.split()[1] for line in text.splitlines() if line.startswith("Requests/sec")), "?")
    non2xx = next((line.split()[-1] for line in text.splitlines() if "Non-2xx" in line), "0")
    p99 = next((line.split()[1] for line in text.splitlines() if line.strip().startswith("99%")), "?")
    return f"{rps} requests/s, p99 {p99}, {non2xx} not 2xx"


def describe(samples, since, until):
    statuses = {}
    slowest = 0.0
    for sent, seconds, _, status in samples:
        if since <= sent < until:
            statuses[status] = statuses.get(status, 0) + 1
            slowest = max(slowest, seconds)
    counted = ", ".join(f"{count}× {status or 'broken connection'}" for status, count in sorted(statuses.items(), key=lambda s: str(s[0])))
    return counted or "none", slowest


env = dict(os.environ)
instances = [start_server(binary, work, env, ["--database", database], f"server-{label}.log") for label in ("a", "b")]
ports = [port for _, port in instances]
ack = Acknowledged(tokens)
problems = []
for round_number in range(1, rounds + 1):
    stop, probing = threading.Event(), threading.Event()
    samples = []
    threads = [threading.Thread(target=add_favorites, args=(ports, name, tokens[name], meters[name][round_number - 1::rounds], ack, stop, False, 0.25),
                                daemon=True) for name in names]
    for index, name in enumerate(names):
        start, target, rec = walks[name][round_number - 1]
        threads.append(threading.Timer(random.uniform(0, 20), walk, args=(ports[index % 2], name, tokens[name], start, target, rec, ack, stop)))
    prober = threading.Thread(target=probe, args=(ports, tokens[names[0]], samples, probing), daemon=True)
    down_after = random.uniform(20, 35)
    loads = [wrk(port, down_after + outage + 30, tokens[names[-1]], os.path.join(work, f"wrk-{round_number}-{label}.txt"))
             for port, label in zip(ports, "ab")]
    began = time.time()
    for thread in threads + [prober]:
        thread.start()
    time.sleep(down_after)
    with ack.lock:
        before = (sum(map(len, ack.favorites.values())), sum(map(len, ack.awards.values())))
    down_at = time.time()
    postgres("pause")
    time.sleep(outage)
    postgres("resume")
    up_at = time.time()
    back = {}
    while len(back) < len(ports) and time.time() - up_at < 60:
        for sent, seconds, port, status in list(samples):
            if sent >= up_at and status == 200 and port not in back:
                back[port] = sent + seconds - up_at
        time.sleep(0.05)
    for thread in threads:
        thread.join(timeout=120)
    stop.set()
    probing.set()
    prober.join()
    for load in loads:
        load.wait()
    during, slowest = describe(samples, down_at, up_at)
    after, _ = describe(samples, up_at + max(back.values(), default=60), time.time())
    found, totals = verify(ports[round_number % 2], tokens, ack)
    problems += found
    with ack.lock:
        walked = ack.walks_sent
    print(f"round {round_number}: database down {down_at - began:.0f} s in, for {outage:.0f} s "
          f"({before[0]} favourites and {before[1]} awards acknowledged by then)")
    print(f"  probes while it was down: {during}; slowest answer {slowest * 1000:.0f} ms")
    print("  answering again after it came back: " + ", ".join(f"{label} {back[port]:.2f} s" if port in back else f"{label} not within 60 s"
                                                           for port, label in zip(ports, "ab")))
    print(f"  probes after that: {after}")
    print(f"  wrk GET /v1/favorites over the round: a {wrk_summary(os.path.join(work, f'wrk-{round_number}-a.txt'))}; "
          f"b {wrk_summary(os.path.join(work, f'wrk-{round_number}-b.txt'))}")
    print(f"  kept: {totals['favorites']} favourites, {totals['awards']} awards ({totals['balance']} points) after {walked} walks: "
          + ("every acknowledged one, none twice" if not found else "PROBLEMS"))
    if len(back) < len(ports):
        problems.append(f"round {round_number}: an instance did not answer again within 60 s of the database's return")
    if any(status not in (200, 503) for sent, _, _, status in samples if down_at <= sent < up_at):
        problems.append(f"round {round_number}: answers other than 503 while the database was away: {during}")

for (process, port), label in zip(instances, "ab"):
    # What is still open when the clients are done: a connection left is a request still running.
    held = subprocess.run(["ss", "-Htn", "state", "established", f"( sport = :{port} )"], capture_output=True, text=True).stdout
    print(f"instance {label}: {len(held.splitlines())} client connections open when asked to stop")
    asked = time.time()
    process.terminate()
    try:
        process.wait(timeout=30)
        said = [line.strip() for line in open(os.path.join(work, f"server-{label}.log")) if line.startswith("places serve:")]
        print(f"instance {label}: stopped {time.time() - asked:.1f} s after SIGTERM; its last words: {said[-2:]}")
    except subprocess.TimeoutExpired:
        lines = [line.strip() for line in open(os.path.join(work, f"server-{label}.log")) if '"request"' not in line]
        problems.append(f"instance {label} did not stop within 30 s of SIGTERM; its log ends: {lines[-3:]}")
        process.kill()
        process.wait()
for problem in problems:
    print("  " + problem)
sys.exit(1 if problems else 0)
