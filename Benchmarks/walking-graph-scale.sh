#!/usr/bin/env bash
# Walks at country size (issue 27, item 4): amsterdam_centrum.osm tiled 1×, 10×, 100× (TILES="1 10 100
# 1000" for more) by tile-extract.py, each imported into its own store, then in the middle tile:
#   - cold offline `places coffee --near` (a new process per run, as a person runs it; the OS's page
#     cache is warm) under hyperfine, against `places --help` in the same run: the ratio shows what
#     the coffee adds to starting the binary. Target: under 100 ms at country size.
#   - 1 km walking routes in-process: `WalkingGraphBench walks-near` routes 200 seeded walks of 1 km as
#     the crow flies near the middle of the middle tile, over the store's graph file. Target: p50 ≤ 1 ms,
#     whatever the size of the graph.
# Needs pyosmium (PYTHON names a Python that has it; default: python3) and hyperfine. The tiled files,
# stores and results go to WORK (default: a temporary folder, removed at the end; give one to keep them).
#
#   Benchmarks/walking-graph-scale.sh
#   TILES="1 10 100 1000" RUNS=20 WORK=/tmp/country PYTHON=/tmp/venv-osm/bin/python Benchmarks/walking-graph-scale.sh
set -euo pipefail
cd "$(dirname "$0")"
data=../../shared/data
extract=$data/amsterdam_centrum.osm
[ -f "$extract" ] || { echo "walking-graph-scale: needs ../shared/data/amsterdam_centrum.osm beside the checkout" >&2; exit 1; }

source need.sh
need hyperfine hyperfine
python=${PYTHON:-python3}
"$python" -c 'import osmium' 2>/dev/null \
    || { echo "walking-graph-scale: $python has no pyosmium (pip install osmium), which tile-extract.py needs" >&2; exit 1; }

tiles=${TILES:-1 10 100}
runs=${RUNS:-10}
if [ -n "${WORK:-}" ]; then
    work=$WORK
    mkdir -p "$work"
else
    work=$(mktemp -d)
    trap 'rm -rf "$work"' EXIT
fi
results=.results
mkdir -p "$results"

(cd .. && swift build -c release --product places >&2)
places=$(cd .. && swift build -c release --product places --show-bin-path)/places
swift build -c release --product WalkingGraphBench >&2
bench=$PWD/.build/release/WalkingGraphBench

# The middle tile's copy of a point of the extract, placed as tile-extract.py places tiles.
middle() {
    "$python" - "$extract" "$1" "$2" <<'EOF'
import math, sys
import osmium
source, tiles, point = sys.argv[1], int(sys.argv[2]), sys.argv[3]
lats, lons = [], []
for node in osmium.FileProcessor(source, osmium.osm.NODE):
    lats.append(node.location.lat)
    lons.append(node.location.lon)
height, width = (max(lats) - min(lats)) * 1.02, (max(lons) - min(lons)) * 1.02
columns = math.ceil(math.sqrt(tiles))
rows = math.ceil(tiles / columns)
tile = min(tiles - 1, (rows // 2) * columns + columns // 2)
lat, lon = map(float, point.split(","))
print(f"{lat + (tile // columns) * height:.7f},{lon + (tile % columns) * width:.7f}")
EOF
}

summary=()
for count in $tiles; do
    pbf=$work/country-$count.osm.pbf
    store=$work/store-$count/places.sqlite
    [ -f "$pbf" ] || "$python" tile-extract.py "$extract" "$count" "$pbf" >&2
    if [ ! -f "$store" ]; then
        mkdir -p "$(dirname "$store")"
        quietly "$places" import "$pbf" --store "$store"
    fi
    graph=$(find "$work/store-$count/places.walks" -name '*.walk' | sort | sed -n 1p)
    waterlooplein=$(middle "$count" 52.3676,4.9021)
    dam=$(middle "$count" 52.3731,4.8926)
    echo "== $count tiles: graph $(du -h "$graph" | cut -f1), middle tile's Waterlooplein $waterlooplein"
    # The walk the issue saw break at scale, by coordinates: it must route as at 1×.
    "$places" route --from "$waterlooplein" --to "$dam" --offline --store "$store" 2>&1 | sed -n 1p \
        || echo "walking-graph-scale: Waterlooplein to Dam failed at $count tiles" >&2
    rm -f "$results"/walk-scale-"$count"-*.json
    hyperfine -N --warmup 2 --runs "$runs" --export-json "$results/walk-scale-$count-1.json" \
        -n help "$places --help" \
        -n coffee "$places coffee --near $waterlooplein --offline --store $store" >/dev/null
    # The ratio line of compare-medians is not the target here: the coffee's own time is.
    ./compare-medians.py "$results/walk-scale-$count" help "places --help" coffee "offline coffee" 1000 \
        | grep -v '^ratio' | tee "$results/walk-scale-$count.txt"
    walks=$("$bench" walks-near "$graph" "$waterlooplein" 200 | tail -n 1)
    echo "$walks" | tee -a "$results/walk-scale-$count.txt"
    coffee=$(grep 'offline coffee' "$results/walk-scale-$count.txt" | sed -E 's/.*median +([0-9.]+) ms.*/\1/')
    help=$(grep 'places --help' "$results/walk-scale-$count.txt" | sed -E 's/.*median +([0-9.]+) ms.*/\1/')
    awk -v c="$coffee" -v h="$help" 'BEGIN { printf "coffee %.1f ms, %.2fx --help (target: under 100 ms) -> %s\n", c, c / h, (c < 100 ? "ok" : "OVER") }'
    summary+=("$(printf '%6s  %10s  %12s  %s' "$count" "$help ms" "$coffee ms" "$(echo "$walks" | sed -E 's/.*fastest of 5 (p50 [0-9.]+ µs, p99 [0-9.]+ µs).*/\1/')")")
done

echo
echo "== offline coffee (cold process, median) and 1 km routes (in-process, fastest of 5), middle tile"
printf '%6s  %10s  %12s  %s\n' tiles "--help" coffee "1 km route"
printf '%s\n' "${summary[@]}"
