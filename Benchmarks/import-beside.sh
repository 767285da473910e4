#!/usr/bin/env bash
# What one import costs beside the others (issue 27, item 2): `places import amsterdam_centrum.osm`
# into an empty store, against the same import into a store that already holds GeoNames'
# cities15000, and one that holds cities15000 and rg_cities1000.csv as well; then `places import
# remove` of Amsterdam from those stores, and of GeoNames beside Amsterdam. Each command starts from
# a copy of a store made once (hyperfine --prepare copies it; the copy is not timed). The goal:
# beside the others at most 1.2× the time into an empty store, and a removal as cheap.
#
#   Benchmarks/import-beside.sh
#   RUNS=10 Benchmarks/import-beside.sh
#   PLACES=/tmp/places-before Benchmarks/import-beside.sh   (another binary: before and after)
set -euo pipefail
cd "$(dirname "$0")/.."
data=../shared/data
for file in amsterdam_centrum.osm geonames_cities15000.json rg_cities1000.csv; do
    [ -f "$data/$file" ] || { echo "needs ../shared/data/$file beside the checkout" >&2; exit 1; }
done

source Benchmarks/need.sh
need hyperfine hyperfine

if [ -z "${PLACES:-}" ]; then
    swift build -c release --product places >/dev/null
    PLACES=$PWD/.build/release/places
fi
binary=$PLACES
runs=${RUNS:-5}
results=Benchmarks/.results
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
mkdir -p "$results"
amsterdam=$(realpath "$data/amsterdam_centrum.osm")
geonames=$(realpath "$data/geonames_cities15000.json")
cities=$(realpath "$data/rg_cities1000.csv")

places() { env -i PATH="$PATH" HOME="$scratch" "$binary" "$@" >/dev/null; }
# The stores the runs start from, each in a folder of its own (the store and what lies beside it).
mkdir -p "$scratch"/{empty,geonames,both,amsterdam,geonames+amsterdam,both+amsterdam}
places import "$geonames" --store "$scratch/geonames/store.sqlite"
places import "$geonames" --store "$scratch/both/store.sqlite"
places import --names "$cities" --store "$scratch/both/store.sqlite"
for base in empty geonames both; do
    into=$([ "$base" = empty ] && echo amsterdam || echo "$base+amsterdam")
    [ "$base" = empty ] || cp -a "$scratch/$base/." "$scratch/$into/"
    places import "$amsterdam" --store "$scratch/$into/store.sqlite"
done

fresh() { echo "sh -c 'rm -rf $scratch/run && cp -a $scratch/$1 $scratch/run'"; }
run=$scratch/run/store.sqlite
env -i PATH="$PATH" HOME="$scratch" hyperfine -N --warmup 1 --runs "$runs" --export-json "$results/import-beside.json" \
    --prepare "$(fresh empty)" -n "import amsterdam, empty store" "$binary import $amsterdam --store $run" \
    --prepare "$(fresh geonames)" -n "import amsterdam beside geonames" "$binary import $amsterdam --store $run" \
    --prepare "$(fresh both)" -n "import amsterdam beside geonames + cities1000" "$binary import $amsterdam --store $run" \
    --prepare "$(fresh amsterdam)" -n "remove amsterdam, alone" "$binary import remove $amsterdam --store $run" \
    --prepare "$(fresh geonames+amsterdam)" -n "remove amsterdam beside geonames" "$binary import remove $amsterdam --store $run" \
    --prepare "$(fresh both+amsterdam)" -n "remove amsterdam beside geonames + cities1000" "$binary import remove $amsterdam --store $run" \
    --prepare "$(fresh geonames+amsterdam)" -n "remove geonames beside amsterdam" "$binary import remove $geonames --store $run" \
    >/dev/null

python3 - "$results/import-beside.json" <<'EOF'
import json, statistics, sys
results = json.load(open(sys.argv[1]))["results"]
median = {r["command"]: statistics.median(r["times"]) for r in results}
spread = {r["command"]: (min(r["times"]), max(r["times"])) for r in results}
alone = {"import": median["import amsterdam, empty store"], "remove": median["remove amsterdam, alone"]}
print(f"{'command':48} {'median':>8} {'min–max':>15} {'× alone':>8}")
for name, seconds in median.items():
    low, high = spread[name]
    ratio = seconds / alone["remove" if name.startswith("remove") else "import"]
    print(f"{name:48} {seconds:7.3f}s {low:6.3f}–{high:6.3f}s {ratio:7.2f}×")
EOF
