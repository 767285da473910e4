#!/usr/bin/env python3
"""SIGKILL of `places serve` under load: every favourite and award acknowledged before the kill is
there after a restart, and none is there twice. Driven by server-sigkill.sh (which builds the server
and writes the recordings this needs); run that, not this.

Each round starts the server, lets ACCOUNTS clients add favourites (POST /v1/favorites, one meter
after another) and walk live to recommendations of their own (POST /v1/follow, a fix a second,
stamped with the real clock: the server awards only live walks), kills the server with SIGKILL
at a random moment, restarts it, and checks every account's favourites and points against what
the clients were told before the kill."""
import json, math, os, random, re, signal, socket, subprocess, sys, threading, time

server_binary, work, accounts_count, rounds = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
env = dict(os.environ)
random.seed(int(os.environ.get("SEED", "14")))
tokens = json.load(open(os.path.join(work, "tokens.json")))
walks = json.load(open(os.path.join(work, "walks.json")))  # account -> [[start, target, rec id], …]
meters = json.load(open(os.path.join(work, "meters.json")))  # account -> [meter number, …]


def start_server():
    log = open(os.path.join(work, "server.log"), "a")
    process = subprocess.Popen([server_binary, "--listen", "127.0.0.1:0", "--rate-limit", "1000000/s"], env=env,
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    for line in process.stderr:
        log.write(line)
        match = re.search(r"listening on http://127\.0\.0\.1:(\d+)", line)
        if match:
            threading.Thread(target=lambda: [log.write(l) for l in process.stderr], daemon=True).start()
            return process, int(match.group(1))
    raise SystemExit("the server did not start: see " + os.path.join(work, "server.log"))


def request(port, method, path, token, body=None, timeout=30):
    """One request on its own connection: (status, body) or None when the connection broke."""
    try:
        connection = socket.create_connection(("127.0.0.1", port), timeout=timeout)
        data = json.dumps(body).encode() if body is not None else b""
        head = f"{method} {path} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer {token}\r\nConnection: close\r\n"
        head += f"Content-Type: application/json\r\nContent-Length: {len(data)}\r\n\r\n"
        connection.sendall(head.encode() + data)
        response = b""
        while chunk := connection.recv(65536):
            response += chunk
        connection.close()
        head, _, payload = response.partition(b"\r\n\r\n")
        status = int(head.split(b" ")[1])
        return status, payload
    except (OSError, IndexError, ValueError):
        return None


class Acknowledged:
    def __init__(self):
        self.lock = threading.Lock()
        self.favorites = {name: set() for name in tokens}
        self.awards = {name: set() for name in tokens}
        self.walks_sent = 0


def add_favorites(port, name, ack, stop):
    for number in meters[name]:
        if stop.is_set():
            return
        reply = request(port, "POST", "/v1/favorites", tokens[name], {"id": f"parkshark:{number}"})
        if reply and reply[0] in (200, 201):
            with ack.lock:
                ack.favorites[name].add(f"parkshark:{number}")
        elif reply is None:
            return


def walk(port, name, start, target, rec, ack, stop):
    """Walks from start to target at 2.5 m/s, a fix a second with live times, reading events as
    they come; the award counts as acknowledged when the arrival event with its points is read."""
    try:
        connection = socket.create_connection(("127.0.0.1", port), timeout=120)
    except OSError:
        return
    head = (f"POST /v1/follow?feed=kill&to={rec} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer {tokens[name]}\r\n"
            "Content-Type: application/x-ndjson\r\nTransfer-Encoding: chunked\r\n\r\n")
    events = []

    def read():
        buffer = b""
        try:
            while chunk := connection.recv(65536):
                buffer += chunk
                for match in re.finditer(rb"event: arrived\ndata: (\{[^\n]*\})", buffer):
                    event = json.loads(match.group(1))
                    if event.get("points_awarded", 0) > 0 and event not in events:
                        events.append(event)
                        with ack.lock:
                            ack.awards[name].add(f"feed:{rec}")
        except OSError:
            pass

    reader = threading.Thread(target=read, daemon=True)
    try:
        connection.sendall(head.encode())
        reader.start()
        (lat0, lon0), (lat1, lon1) = start, target
        metres = 111_320 * math.hypot(lat1 - lat0, (lon1 - lon0) * math.cos(math.radians(lat0)))
        steps = int(metres / 2.5) + 1
        for step in range(steps + 1):
            if stop.is_set():
                break
            share = min(1, step / steps)
            lat, lon = lat0 + (lat1 - lat0) * share, lon0 + (lon1 - lon0) * share
            if step > 0:  # GPS wobbles; the first fix is where the recorded route starts
                lat += random.gauss(0, 2.5) / 111_320
                lon += random.gauss(0, 2.5) / (111_320 * math.cos(math.radians(lat0)))
            line = json.dumps({"lat": round(lat, 7), "lon": round(lon, 7), "time": time.time(), "accuracy": 5}) + "\n"
            connection.sendall(f"{len(line):x}\r\n{line}\r\n".encode())
            time.sleep(1)
        connection.sendall(b"0\r\n\r\n")
        reader.join(timeout=30)
    except OSError:
        pass
    finally:
        connection.close()
    with ack.lock:
        ack.walks_sent += 1


def verify(port, ack):
    problems = []
    totals = {"favorites": 0, "awards": 0, "balance": 0}
    for name, token in tokens.items():
        favorites = json.loads(request(port, "GET", "/v1/favorites", token)[1])["favorites"]
        ids = [favorite["id"] for favorite in favorites]
        if len(ids) != len(set(ids)):
            problems.append(f"{name}: a favourite twice")
        missing = ack.favorites[name] - set(ids)
        if missing:
            problems.append(f"{name}: acknowledged favourites missing: {sorted(missing)}")
        points = json.loads(request(port, "GET", "/v1/points", token)[1])
        history = [entry["id"] for entry in points["history"]]
        if len(history) != len(set(history)):
            problems.append(f"{name}: an award twice")
        if points["balance"] != sum(entry["points"] for entry in points["history"]):
            problems.append(f"{name}: balance {points['balance']} is not the sum of its history")
        missing = ack.awards[name] - set(history)
        if missing:
            problems.append(f"{name}: acknowledged awards missing: {sorted(missing)}")
        totals["favorites"] += len(ids)
        totals["awards"] += len(history)
        totals["balance"] += points["balance"]
    return problems, totals


ack = Acknowledged()
failures = []
for round_number in range(1, rounds + 1):
    process, port = start_server()
    stop = threading.Event()
    threads = [threading.Thread(target=add_favorites, args=(port, name, ack, stop), daemon=True) for name in tokens]
    for name in tokens:
        start, target, rec = walks[name][round_number - 1]
        delay = random.uniform(0, 25)
        threads.append(threading.Timer(delay, walk, args=(port, name, start, target, rec, ack, stop)))
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
    process, port = start_server()
    problems, totals = verify(port, ack)
    process.send_signal(signal.SIGTERM)
    process.wait()
    print(f"round {round_number}: killed after {kill_after:.0f} s with {before[0]} favourites and {before[1]} awards acknowledged; "
          f"after the restart the store holds {totals['favorites']} favourites and {totals['awards']} awards "
          f"({totals['balance']} points): {'all there, none twice' if not problems else 'PROBLEMS'}")
    failures += problems

for problem in failures:
    print("  " + problem)
sys.exit(1 if failures else 0)
