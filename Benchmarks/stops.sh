#!/usr/bin/env bash
# Stop detection speed and memory, in release builds:
#  1. StopDetector alone, and behind FixCheck, on a seeded week at 1 Hz (604,800 fixes): fixes/s.
#  2. `places stops` on a generated 100 MB GPX (a walk at 1 Hz with a 20-minute stay every 50
#     minutes, about 435,000 points): elapsed time and peak RSS from the file and from stdin,
#     beside gpxpy (`gpxpy.parse` + `get_moving_data`, the peer the issue names) on the same file.
# Targets: ≥ 1M fixes/s; the 100 MB GPX in bounded memory (peak RSS well under the file's size).
# Nothing generated is kept.
#
#   Benchmarks/stops.sh
#   SIZE_MB=300 Benchmarks/stops.sh
set -euo pipefail
cd "$(dirname "$0")"
size=${SIZE_MB:-100}
source need.sh
need /usr/bin/time time

swift build -c release --product StopDetectorThroughput >&2
.build/release/StopDetectorThroughput 5

(cd .. && swift build -c release --product places >&2)
places=../.build/release/places
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

python3 - "$work/day.gpx" "$size" <<'PY'
import math, random, sys, time
path, target = sys.argv[1], int(sys.argv[2]) * 1_000_000
rng = random.Random(20261121)
lat, lon, heading = 52.3731, 4.8926, 90.0
t = 1_795_255_200
written = 0
with open(path, "w") as out:
    out.write('<?xml version="1.0" encoding="UTF-8"?>\n<gpx version="1.1" creator="stops.sh" '
              'xmlns="http://www.topografix.com/GPX/1/1">\n<trk><name>Generated day</name><trkseg>\n')
    second = 0
    while written < target:
        phase = second % 3000
        if phase < 1800:  # walking 30 minutes, then 20 minutes still
            if phase % 60 == 0:
                heading += (rng.random() - 0.5) * 90
            lat += 1.4 * math.cos(math.radians(heading)) / 111_195
            lon += 1.4 * math.sin(math.radians(heading)) / (111_195 * math.cos(math.radians(lat)))
        jlat = lat + (rng.random() - 0.5) * 8 / 111_195
        jlon = lon + (rng.random() - 0.5) * 8 / 70_000
        stamp = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(t + second))
        line = (f'  <trkpt lat="{jlat:.7f}" lon="{jlon:.7f}"><ele>{2 + (second % 50) / 10:.1f}</ele>'
                f'<time>{stamp}</time><extensions><hacc>{4 + rng.random() * 6:.1f}</hacc></extensions></trkpt>\n')
        out.write(line)
        written += len(line)
        second += 1
    out.write("</trkseg></trk>\n</gpx>\n")
print(f"generated {written / 1e6:.0f} MB, {second} points", file=sys.stderr)
PY

measure() { # label, command…: elapsed and peak RSS from /usr/bin/time
    local label=$1
    shift
    /usr/bin/time -v "$@" 2>"$work/time.txt" >"$work/out.txt" || { cat "$work/time.txt" >&2; exit 1; }
    local elapsed rss
    elapsed=$(sed -n 's/.*Elapsed (wall clock) time (h:mm:ss or m:ss): //p' "$work/time.txt")
    rss=$(sed -n 's/.*Maximum resident set size (kbytes): //p' "$work/time.txt")
    echo "$label: $elapsed elapsed, peak RSS $((rss / 1024)) MB"
}
measure "places stops, ${size} MB GPX file" "$places" stops "$work/day.gpx" --format json --name-within 0
python3 -c "import json,sys; s=json.load(open('$work/out.txt'))['summary']; print(f\"  {s['stops']} stops, {s['stopped_s']} s stopped, {s['used']} of {s['fixes']} fixes\")"
measure "places stops, ${size} MB GPX on stdin" sh -c "\"$places\" stops - --format ndjson --name-within 0 < \"$work/day.gpx\""

venv=.venv-stops/main
[ -x "$venv/bin/python" ] || python3 -m venv "$venv"
"$venv/bin/python" -c 'import gpxpy' 2>/dev/null || "$venv/bin/python" -m pip install --quiet gpxpy
measure "gpxpy $("$venv/bin/python" -c 'import gpxpy; print(gpxpy.__version__)'), parse + get_moving_data" \
    "$venv/bin/python" -c "
import gpxpy, sys
gpx = gpxpy.parse(open('$work/day.gpx'))
m = gpx.get_moving_data()
print(m.stopped_time, m.moving_time)"
echo "  gpxpy stopped/moving seconds: $(cat "$work/out.txt")"
