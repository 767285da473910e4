#!/usr/bin/env bash
# SIGKILL of places serve under load (issue 14): ACCOUNTS clients add favourites and walk live to
# recommendations while the server is killed at a random moment, ROUNDS times; after each restart,
# every favourite and award acknowledged before the kill must be there, and none twice.
#
#   Benchmarks/server-sigkill.sh                 # 8 accounts, 3 rounds (about 5 minutes)
#   ACCOUNTS=16 ROUNDS=5 Benchmarks/server-sigkill.sh
#   BIN=.build-release/release Benchmarks/server-sigkill.sh   # a places-server built already
#
# Offline: the ParkShark meters and the walking routes it needs are recordings it writes itself.
set -euo pipefail
cd "$(dirname "$0")/.."
accounts=${ACCOUNTS:-8}
rounds=${ROUNDS:-3}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

if [ -n "${BIN:-}" ]; then
    bin=$BIN  # places-server built already (e.g. with --scratch-path)
else
    swift build -c release --product places-server >/dev/null
    bin=$(swift build -c release --show-bin-path)
fi
export HOME=$work PLACES_STORE=$work/places.sqlite PLACES_HTTP_MODE=replay PLACES_CASSETTE_DIR=$work/cassettes \
    PLACES_CONFIG=$work/config.toml

python3 - "$work" "$accounts" "$rounds" <<'PY'
import json, os, sys
work, accounts, rounds = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])

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
PY

tokens="{"
for a in $(seq 0 $((accounts - 1))); do
    token=$("$bin/places-server" users add "user$a" 2>/dev/null)
    tokens+="\"user$a\": \"$token\","
done
echo "${tokens%,}}" >"$work/tokens.json"
python3 Benchmarks/server-sigkill.py "$bin/places-server" "$work" "$accounts" "$rounds"
python3 -c "import sqlite3,sys; print('integrity_check:', sqlite3.connect(sys.argv[1]).execute('PRAGMA integrity_check').fetchone()[0])" "$work/places.sqlite"
