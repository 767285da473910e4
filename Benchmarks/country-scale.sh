#!/usr/bin/env bash
# A country, not a city (issue 27): `places import` of synthetic countries against `osmium export`
# of the same file, in the same run. Each country is ../shared/data/amsterdam_centrum.osm tiled
# 1, 10 and 100 times by Benchmarks/tile-extract.py (more with TILES), written as PBF; each is
# imported with the release binary into a store that does not exist yet. One table:
#   tiles, nodes, PBF size; places wall, CPU, peak RSS; store, name index and walking graph sizes;
#   osmium wall, CPU, peak RSS; places wall / osmium wall.
# Wall, CPU (user + system) and peak RSS come from /usr/bin/time -v; bytes per node is peak RSS / nodes.
# Each step of the import (reading, walking graph, places, store, name index) is timed and its peak
# memory taken with PLACES_IMPORT_TRACE=1; those lines follow the table. The trace resets the
# kernel's peak at each step, so the peak in the table is the largest of the steps' and time's.
#
#   Benchmarks/country-scale.sh
#   TILES="1 10 100 300 1000" Benchmarks/country-scale.sh
#   PLACES=/path/to/places Benchmarks/country-scale.sh   # another build (before/after); none is built then
#
# The countries are kept in Benchmarks/.results/country/ (one 46 MB PBF per 100 tiles) so that a
# second run skips the tiling; the tiler needs pyosmium, installed into Benchmarks/.venv-osm/.
set -euo pipefail
cd "$(dirname "$0")/.."
data=../shared/data
[ -f "$data/amsterdam_centrum.osm" ] || { echo "needs ../shared/data/amsterdam_centrum.osm beside the checkout" >&2; exit 1; }

source Benchmarks/need.sh
need osmium osmium-tool
[ -x /usr/bin/time ] || need time time

tiles=${TILES:-1 10 100}
results=Benchmarks/.results/country
mkdir -p "$results"

venv=Benchmarks/.venv-osm
if ! "$venv/bin/python" -c 'import osmium' 2>/dev/null; then
    echo "installing pyosmium into $venv…" >&2
    quietly python3 -m venv "$venv"
    quietly "$venv/bin/pip" install osmium
fi

if [ -z "${PLACES:-}" ]; then
    quietly swift build -c release --product places
    PLACES=$PWD/.build/release/places
fi

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

# "Elapsed (wall clock) time (h:mm:ss or m:ss): 0:03.61" and the rest of GNU time's -v report.
seconds() { awk -F': ' '/Elapsed \(wall clock\)/ { n = split($2, p, ":"); s = 0; for (i = 1; i <= n; i++) s = s * 60 + p[i]; printf "%.1f", s }' "$1"; }
cpu() { awk -F': ' '/User time/ { u = $2 } /System time/ { s = $2 } END { printf "%.1f", u + s }' "$1"; }
rss() { awk -F': ' '/Maximum resident set size/ { printf "%d", $2 / 1024 }' "$1"; }
# The largest of time's peak and the trace's per-step peaks ("trace: store … peak 1450 MB").
peak_of() { { rss "$1"; echo; awk '/^trace:/ { print $(NF - 1) }' "$2"; } | sort -n | tail -1; }
megabytes() { du -cm "$@" 2>/dev/null | awk 'END { print $1 }'; }

printf '| tiles | nodes | PBF MB | places s | CPU s | peak MB | B/node | store MB | index MB | graph MB | osmium s | CPU s | peak MB | ratio |\n'
printf '|---|---|---|---|---|---|---|---|---|---|---|---|---|---|\n'
for count in $tiles; do
    country=$results/amsterdam-$count.osm.pbf
    if [ ! -s "$country" ]; then
        quietly "$venv/bin/python" Benchmarks/tile-extract.py "$data/amsterdam_centrum.osm" "$count" "${country%.osm.pbf}.partial.osm.pbf"
        mv "${country%.osm.pbf}.partial.osm.pbf" "$country"
    fi
    nodes=$(osmium fileinfo -e -g data.count.nodes "$country")
    store=$scratch/$count/store.sqlite
    mkdir -p "$scratch/$count"

    /usr/bin/time -v -o "$scratch/osmium.time" osmium export "$country" -f geojsonseq -o /dev/null --overwrite >/dev/null 2>"$scratch/osmium.log" \
        || { cat "$scratch/osmium.log" >&2; exit 1; }
    env PLACES_NO_PROGRESS=1 PLACES_IMPORT_TRACE=1 /usr/bin/time -v -o "$scratch/places.time" "$PLACES" import "$country" --store "$store" \
        >"$scratch/places.log" 2>&1 || { cat "$scratch/places.log" "$scratch/places.time" >&2; exit 1; }
    cp "$scratch/places.log" "$results/import-$count.log"

    wall=$(seconds "$scratch/places.time")
    peak=$(peak_of "$scratch/places.time" "$scratch/places.log")
    sed -n "s/^trace: /$count tiles: /p" "$scratch/places.log" >>"$scratch/phases"
    osmium_wall=$(seconds "$scratch/osmium.time")
    graphs=$(find "$scratch/$count" -name '*.walk')
    printf '| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n' \
        "$count" "$nodes" "$(megabytes "$country")" "$wall" "$(cpu "$scratch/places.time")" "$peak" \
        "$(awk -v p="$peak" -v n="$nodes" 'BEGIN { printf "%d", p * 1048576 / n }')" \
        "$(megabytes "$store" "$store-wal")" "$(megabytes "${store%.sqlite}.names.d")" "$(if [ -n "$graphs" ]; then megabytes $graphs; else echo 0; fi)" \
        "$osmium_wall" "$(cpu "$scratch/osmium.time")" "$(rss "$scratch/osmium.time")" \
        "$(awk -v a="$wall" -v b="$osmium_wall" 'BEGIN { if (b > 0) printf "%.1f×", a / b; else print "–" }')"
    rm -rf "${scratch:?}/$count"
done
if [ -s "$scratch/phases" ]; then
    printf '\nWhere the time and memory go, step by step (rss at the end of the step, peak during it):\n'
    cat "$scratch/phases"
fi
