#!/usr/bin/env python3
"""What the fault scripts (server-sigkill.sh, server-outage.sh) share: the recordings and feed
their clients need offline, and the clients themselves — accounts adding favourites one meter
after another and walking live to recommendations of their own — with a record of what each
was told (acknowledged) and of every reply, and the check afterwards that everything
acknowledged is kept, none of it twice.

    python3 Benchmarks/server_fault_clients.py recordings WORK ACCOUNTS ROUNDS

writes WORK/cassettes (ParkShark meters, OSRM walking routes), WORK/feed.json, WORK/config.toml,
WORK/meters.json and WORK/walks.json; the scripts import the rest."""
import json, math, os, random, re, socket, subprocess, sys, threading, time


def polyline6(points):
    out, last = [], (0, 0)
    for lat, lon in points:
        current = (round(lat * 1e6), round(lon * 1e6))
        for value in (current[0] - last[0], current[1] - last[1]):
            value = ~(value << 1) if value < 0 else value << 1
            while value >= 0x20:
                out.append(chr((0x20 | (value & 0x1F)) + 63)); value >>= 5
            out.append(chr(value + 63))
        last = current
    return "".join(out)


def write_recordings(work, accounts, rounds):
    """400 meters per account to keep as favourites, and a walk of about 160 m per account and
    round to a recommendation of its own (a feed with 10 + round points each)."""
    os.makedirs(f"{work}/cassettes/parkshark"); os.makedirs(f"{work}/cassettes/osrm")
    meters, walks, recommendations, routes, interactions = {}, {}, [], [], []
    for a in range(accounts):
        name = f"user{a}"
        meters[name] = [30001 + a * 1000 + k for k in range(400)]
        for number in meters[name]:
            lat, lon = 52.35 + (number % 100) * 0.0002, 4.85 + (number // 100 % 100) * 0.0003
            interactions.append({"recorded_at": "2026-11-21T12:00:00Z", "duration_ms": 1,
                "request": {"method": "GET", "url": f"http://api.parkshark.nl/psapi/api.jsp?action=get_meters&meternumbers={number}", "headers": {"Accept": "application/json"}},
                "response": {"status": 200, "headers": {"Content-Type": "application/json"}, "body": {"json": {"items": [
                    {"lat": lat, "lon": lon, "belnummer": str(number), "adres": f"Killstraat {number}", "bw": {"cash": True}, "costs": {"cost": -1}}]}}}})
        walks[name] = []
        for r in range(rounds):
            target = (round(52.36 + a * 0.002, 4), round(4.88 + r * 0.004, 4))
            start = (target[0], round(target[1] - 0.0024, 4))  # about 160 m west
            rec = f"rec-{a}-{r}"
            recommendations.append({"id": rec, "name": f"Spot {a}.{r}", "description": "A spot to walk to.", "latitude": target[0], "longitude": target[1], "points": 10 + r})
            walks[name].append([start, target, rec])
            distance = 160.0
            step = lambda kind, loc: {"geometry": polyline6([start, target]) if kind == "depart" else polyline6([target, target]),
                "maneuver": {"type": kind, "location": [loc[1], loc[0]], "bearing_before": 90, "bearing_after": 90},
                "mode": "walking", "name": "Killpad", "distance": distance if kind == "depart" else 0, "duration": distance / 1.4 if kind == "depart" else 0, "weight": 1}
            routes.append({"recorded_at": "2026-11-21T12:00:00Z", "duration_ms": 1,
                "request": {"method": "GET", "url": f"https://routing.openstreetmap.de/routed-foot/route/v1/foot/{start[1]},{start[0]};{target[1]},{target[0]}?overview=full&steps=true&geometries=polyline6", "headers": {"Accept": "application/json"}},
                "response": {"status": 200, "headers": {"Content-Type": "application/json"}, "body": {"json": {"code": "Ok", "routes": [
                    {"geometry": polyline6([start, target]), "legs": [{"steps": [step("depart", start), step("arrive", target)], "distance": distance, "duration": distance / 1.4, "summary": "Killpad", "weight": 1}],
                     "distance": distance, "duration": distance / 1.4, "weight_name": "duration", "weight": 1}]}}}})
    json.dump({"places_cassette": 1, "interactions": interactions}, open(f"{work}/cassettes/parkshark/favorites.json", "w"))
    json.dump({"places_cassette": 1, "interactions": routes}, open(f"{work}/cassettes/osrm/route.json", "w"))
    json.dump({"name": "Kill feed", "recommendations": recommendations}, open(f"{work}/feed.json", "w"))
    open(f"{work}/config.toml", "w").write(f'[feeds]\nkill = "{work}/feed.json"\n')
    json.dump(meters, open(f"{work}/meters.json", "w")); json.dump(walks, open(f"{work}/walks.json", "w"))


def start_server(binary, work, env, extra=(), log_name="server.log"):
    """Starts `places-server` on a free loopback port: (process, port); its stderr goes to WORK/log_name."""
    log = open(os.path.join(work, log_name), "a", buffering=1)  # line by line: read while it runs
    process = subprocess.Popen([binary, "--listen", "127.0.0.1:0", "--rate-limit", "1000000/s", *extra], env=env,
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    for line in process.stderr:
        log.write(line)
        match = re.search(r"listening on http://127\.0\.0\.1:(\d+)", line)
        if match:
            threading.Thread(target=lambda: [log.write(l) for l in process.stderr], daemon=True).start()
            return process, int(match.group(1))
    raise SystemExit("the server did not start: see " + os.path.join(work, log_name))


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
    """What the clients were told was kept, and every reply they got: (time, port, status or None)."""

    def __init__(self, tokens):
        self.lock = threading.Lock()
        self.favorites = {name: set() for name in tokens}
        self.awards = {name: set() for name in tokens}
        self.walks_sent = 0
        self.replies = []

    def replied(self, port, status):
        with self.lock:
            self.replies.append((time.time(), port, status))


def add_favorites(ports, name, token, numbers, ack, stop, give_up_when_gone=True, every=0.0):
    """Adds the meters one after another (one each `every` seconds at most), each through the next
    of `ports`; stops at `stop`, and (for a killed server) when a connection breaks."""
    for index, number in enumerate(numbers):
        if stop.is_set() or (index and every and stop.wait(every)):
            return
        port = ports[index % len(ports)]
        reply = request(port, "POST", "/v1/favorites", token, {"id": f"parkshark:{number}"})
        ack.replied(port, reply[0] if reply else None)
        if reply and reply[0] in (200, 201):
            with ack.lock:
                ack.favorites[name].add(f"parkshark:{number}")
        elif reply is None and give_up_when_gone:
            return
        elif reply is not None and reply[0] == 503:
            # The server says when to come back; a client that listens doesn't spin.
            stop.wait(0.2)


def walk(port, name, token, start, target, rec, ack, stop):
    """Walks from start to target at 2.5 m/s, a fix a second with live times, reading events as
    they come; the award counts as acknowledged when the arrival event with its points is read."""
    try:
        connection = socket.create_connection(("127.0.0.1", port), timeout=120)
    except OSError:
        return
    head = (f"POST /v1/follow?feed=kill&to={rec} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer {token}\r\n"
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


def verify(port, tokens, ack):
    """Every account's favourites and points as the server lists them now, against what the
    clients were told: (problems, totals)."""
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


if __name__ == "__main__":
    if len(sys.argv) != 5 or sys.argv[1] != "recordings":
        raise SystemExit("usage: server_fault_clients.py recordings WORK ACCOUNTS ROUNDS")
    write_recordings(sys.argv[2], int(sys.argv[3]), int(sys.argv[4]))
