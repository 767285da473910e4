#!/usr/bin/env python3
"""Writes examples/walk.gpx: a constructed walk along the bundled OSRM route from Dam
(52.3731,4.8926) to Waterlooplein (52.3676,4.9041), for the README's `places follow` examples;
and examples/day.gpx, a morning with stops for `places stops`: ten minutes on Dam, the bundled
route to Nieuwmarkt, twenty-five minutes there, the same way back, fifteen minutes on Dam again.

The walker goes at 1.4 m/s with a fix every 2 s and ±3 m of seeded GPS noise. About 400 m in,
they wander 35 m off the route for 30 s (a detour `follow` reports after its time threshold),
then come back and walk on to the end. Times start on 2026-11-21 at 10:00 UTC.

Usage: Scripts/make-example-walk.py   (from the repository root; standard library only)
"""
import json
import math
import random

SPEED = 1.4
STEP_SECONDS = 2
DETOUR_START = 400.0  # metres along
DETOUR_SECONDS = 30
DETOUR_OFFSET = 35.0
START = 1_795_255_200  # 2026-11-21T10:00:00Z


def decode(text, precision):
    factor = 10 ** precision
    points, index, lat, lon = [], 0, 0, 0
    while index < len(text):
        values = []
        for _ in range(2):
            result, shift = 0, 0
            while True:
                byte = ord(text[index]) - 63
                index += 1
                result |= (byte & 0x1F) << shift
                shift += 5
                if byte < 0x20:
                    break
            values.append(~(result >> 1) if result & 1 else result >> 1)
        lat += values[0]
        lon += values[1]
        points.append((lat / factor, lon / factor))
    return points


def metres(a, b):
    # Equirectangular is plenty over a few metres.
    k = math.cos(math.radians((a[0] + b[0]) / 2))
    return math.hypot((b[0] - a[0]) * 111_195, (b[1] - a[1]) * 111_195 * k)


def main():
    cassette = json.load(open("cassettes/osrm/route.json"))
    wanted = "4.8926,52.3731;4.9041,52.3676"
    interaction = next(i for i in cassette["interactions"] if wanted in i["request"]["url"])
    path = decode(interaction["response"]["body"]["json"]["routes"][0]["geometry"], 6)
    cumulative = [0.0]
    for a, b in zip(path, path[1:]):
        cumulative.append(cumulative[-1] + metres(a, b))
    length = cumulative[-1]

    def at(along, offset):
        i = max(0, min(len(path) - 2, next((k for k in range(len(cumulative) - 1) if cumulative[k + 1] >= along), len(path) - 2)))
        a, b = path[i], path[i + 1]
        span = cumulative[i + 1] - cumulative[i] or 1
        t = min(1, max(0, (along - cumulative[i]) / span))
        lat = a[0] + (b[0] - a[0]) * t
        lon = a[1] + (b[1] - a[1]) * t
        if offset:
            k = math.cos(math.radians(lat))
            dx, dy = (b[1] - a[1]) * 111_195 * k, (b[0] - a[0]) * 111_195
            norm = math.hypot(dx, dy) or 1
            # Left of the direction of travel.
            lat += (dx / norm) * offset / 111_195
            lon += (-dy / norm) * offset / (111_195 * k)
        return lat, lon

    rng = random.Random(20261121)
    # The first fix is where the route was asked from (Dam), so that `follow` asks the same
    # question the bundled recording answers.
    points = [(52.3731, 4.8926, START, 5.0)]
    second, along = STEP_SECONDS, 0.0
    detour_left = None
    while along <= length:
        offset = 0.0
        if along >= DETOUR_START and detour_left is None:
            detour_left = second
        if detour_left is not None and second - detour_left < DETOUR_SECONDS:
            offset = DETOUR_OFFSET
        lat, lon = at(along, offset)
        lat += rng.gauss(0, 3) / 111_195
        lon += rng.gauss(0, 3) / (111_195 * math.cos(math.radians(lat)))
        points.append((lat, lon, START + second, 4 + rng.random() * 4))
        # The walker does not advance along the route while off it.
        if not (detour_left is not None and second - detour_left < DETOUR_SECONDS):
            along += SPEED * STEP_SECONDS
        second += STEP_SECONDS
    lat, lon = path[-1]
    points.append((lat, lon, START + second, 5.0))

    write_gpx(
        "examples/walk.gpx", "Dam to Waterlooplein, with a detour",
        "A constructed walk along the bundled OSRM route, for the README's places follow examples.",
        points, track="Dam to Waterlooplein")
    print(f"examples/walk.gpx: {len(points)} fixes, route {length:.0f} m, detour from {DETOUR_START:.0f} m for {DETOUR_SECONDS} s")


def write_gpx(path, name, description, points, track=None):
    import time
    lines = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<gpx version="1.1" creator="places Scripts/make-example-walk.py" xmlns="http://www.topografix.com/GPX/1/1">',
        f"  <metadata><name>{name}</name><desc>{description}</desc></metadata>",
        "  <trk>",
        f"    <name>{track or name}</name>",
        "    <trkseg>",
    ]
    for lat, lon, t, accuracy in points:
        stamp = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(t))
        lines.append(
            f'      <trkpt lat="{lat:.7f}" lon="{lon:.7f}"><time>{stamp}</time>'
            f"<extensions><hacc>{accuracy:.1f}</hacc></extensions></trkpt>")
    lines += ["    </trkseg>", "  </trk>", "</gpx>", ""]
    open(path, "w").write("\n".join(lines))


def day():
    cassette = json.load(open("cassettes/osrm/route.json"))
    wanted = "4.8926,52.3731;4.9006,52.3727"
    interaction = next(i for i in cassette["interactions"] if wanted in i["request"]["url"])
    path = decode(interaction["response"]["body"]["json"]["routes"][0]["geometry"], 6)
    rng = random.Random(2026)
    points = []
    t = START - 3600  # 09:00 UTC, 10:00 in Amsterdam

    def stay(at, seconds):
        nonlocal t
        for _ in range(0, seconds, 5):
            lat = at[0] + rng.gauss(0, 4) / 111_195
            lon = at[1] + rng.gauss(0, 4) / (111_195 * math.cos(math.radians(at[0])))
            points.append((lat, lon, t, 6 + rng.random() * 6))
            t += 5

    def walk(route):
        nonlocal t
        for a, b in zip(route, route[1:]):
            length = metres(a, b)
            steps = max(1, int(length / (SPEED * 5)))
            for k in range(steps):
                f = k / steps
                lat = a[0] + (b[0] - a[0]) * f + rng.gauss(0, 2) / 111_195
                lon = a[1] + (b[1] - a[1]) * f + rng.gauss(0, 2) / 70_000
                points.append((lat, lon, t, 4 + rng.random() * 4))
                t += 5

    stay(path[0], 600)
    walk(path)
    stay(path[-1], 1500)
    walk(list(reversed(path)))
    stay(path[0], 900)
    write_gpx("examples/day.gpx", "A morning around Dam and Nieuwmarkt", "Constructed from the bundled OSRM routes, for the README.", points)
    print(f"examples/day.gpx: {len(points)} fixes, a fix every 5 s")


if __name__ == "__main__":
    main()
    day()
