#!/usr/bin/env bash
# What keeping an import current costs (issue 27, item 3): `places import CHANGE.osc.gz` of a small
# real diff to the Amsterdam import, against importing the extract afresh. The diff is what
# `osmium derive-changes` writes between amsterdam_centrum.osm and a copy edited here (a café renamed,
# one deleted, one created, a street renamed, each with its version raised, as an upload would).
# Importing the extract again over its own import (what refreshing it without a diff costs) is timed
# too. Each run starts from a copy of a store made once (hyperfine --prepare copies it; not timed).
#
#   Benchmarks/apply-changes.sh
#   RUNS=10 Benchmarks/apply-changes.sh
#   PLACES=/tmp/places-before Benchmarks/apply-changes.sh   (another binary)
set -euo pipefail
cd "$(dirname "$0")/.."
data=../shared/data
[ -f "$data/amsterdam_centrum.osm" ] || { echo "needs ../shared/data/amsterdam_centrum.osm beside the checkout" >&2; exit 1; }

source Benchmarks/need.sh
need hyperfine hyperfine
need osmium osmium-tool

if [ -z "${PLACES:-}" ]; then
    swift build -c release --product places >/dev/null
    PLACES=$PWD/.build/release/places
fi
binary=$PLACES
runs=${RUNS:-10}
results=Benchmarks/.results
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
mkdir -p "$results"
extract=$scratch/amsterdam.osm
cp "$data/amsterdam_centrum.osm" "$extract"

# The edited copy: each edit raises the element's version, or osmium sees no change.
python3 - "$extract" "$scratch/edited.osm" <<'PY'
import re, sys
text = open(sys.argv[1], encoding="utf-8").read()

def edit(text, kind, ident, change):
    match = re.search(rf'<{kind} id="{ident}".*?</{kind}>', text, re.S)
    block = change(match.group(0))
    if block is not None:
        block = re.sub(r'version="(\d+)"', lambda v: f'version="{int(v.group(1)) + 1}"', block, count=1)
    return text[:match.start()] + (block or "") + text[match.end():]

text = edit(text, "node", 251171043, lambda b: b.replace('v="Coffeeshop Rock-it"', 'v="Koffiehuis Rots"'))
text = edit(text, "node", 251528287, lambda b: None)
text = edit(text, "way", 311918931, lambda b: b.replace('k="name" v="Damrak"', 'k="name" v="Damrakkade"'))
created = (' <node id="30000000000" version="1" timestamp="2026-11-27T06:00:00Z" lat="52.3700000" lon="4.8950000">\n'
           '  <tag k="amenity" v="cafe"/>\n  <tag k="name" v="Splinternieuw Koffiehuis"/>\n </node>\n ')
first_way = text.index("<way ")
text = text[:first_way] + created + text[first_way:]
open(sys.argv[2], "w", encoding="utf-8").write(text)
PY
osmium derive-changes "$extract" "$scratch/edited.osm" -o "$scratch/change.osc.gz" --overwrite

places() { env -i PATH="$PATH" HOME="$scratch" "$binary" "$@"; }
mkdir -p "$scratch/imported"
places import "$extract" --store "$scratch/imported/store.sqlite" >/dev/null
echo "the diff: $(stat -c %s "$scratch/change.osc.gz") bytes; applied once:"
cp -a "$scratch/imported" "$scratch/once"
places import "$scratch/change.osc.gz" --store "$scratch/once/store.sqlite"

fresh() { echo "sh -c 'rm -rf $scratch/run && cp -a $scratch/$1 $scratch/run'"; }
run=$scratch/run/store.sqlite
mkdir -p "$scratch/empty"
env -i PATH="$PATH" HOME="$scratch" hyperfine -N --warmup 1 --runs "$runs" --export-json "$results/apply-changes.json" \
    --prepare "$(fresh empty)" -n "import amsterdam, empty store" "$binary import $scratch/edited.osm --store $run" \
    --prepare "$(fresh imported)" -n "import amsterdam again over its import" "$binary import $extract --store $run" \
    --prepare "$(fresh imported)" -n "apply the diff to the amsterdam import" "$binary import $scratch/change.osc.gz --store $run" \
    >/dev/null

python3 - "$results/apply-changes.json" <<'PY'
import json, statistics, sys
results = json.load(open(sys.argv[1]))["results"]
median = {r["command"]: statistics.median(r["times"]) for r in results}
spread = {r["command"]: (min(r["times"]), max(r["times"])) for r in results}
base = median["import amsterdam, empty store"]
print(f"{'command':42} {'median':>8} {'min–max':>15} {'× import':>9}")
for name, seconds in median.items():
    low, high = spread[name]
    print(f"{name:42} {seconds:7.3f}s {low:6.3f}–{high:6.3f}s {seconds / base:8.2f}×")
PY
