#!/usr/bin/env bash
# Import speed against the C++ parse floor, measured together on this machine (issue 4):
#   places import FILE --store fresh.sqlite      (read, extract, write the store, build the name index)
#   osmium export FILE -f geojsonseq -o /dev/null (libosmium: read and build geometries)
# for ../shared/data/amsterdam_centrum.osm (XML) and liechtenstein_2015.osm.pbf (PBF).
# Target: each within 3x of osmium. Prints the medians and the ratios.
#
# Every places run imports into a store that does not exist yet (hyperfine --prepare removes it):
# the first import of a file, the slower case. Commands alternate in rounds, as in cold-start.sh.
#
#   Benchmarks/osm-import.sh
#   ROUNDS=3 RUNS=10 Benchmarks/osm-import.sh
set -euo pipefail
cd "$(dirname "$0")/.."
data=../shared/data
[ -d "$data" ] || { echo "needs ../shared/data beside the checkout" >&2; exit 1; }

source Benchmarks/need.sh
need hyperfine hyperfine
need osmium osmium-tool

swift build -c release --product places >/dev/null
binary=$PWD/.build/release/places
rounds=${ROUNDS:-3}
runs=${RUNS:-10}
results=Benchmarks/.results
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
mkdir -p "$results"

for file in amsterdam_centrum.osm liechtenstein_2015.osm.pbf; do
    rm -f "$results"/import-"$file"-*.json
    for round in $(seq "$rounds"); do
        quietly env -i PATH="$PATH" HOME="$scratch" \
            hyperfine -N --warmup 2 --runs "$runs" --export-json "$results/import-$file-$round.json" \
            --prepare "rm -f $scratch/store.sqlite $scratch/store.sqlite-wal $scratch/store.sqlite-shm $scratch/store.names" \
            -n osmium "osmium export $data/$file -f geojsonseq -o /dev/null --overwrite" \
            -n places "$binary import $data/$file --store $scratch/store.sqlite"
    done
    echo "== $file"
    Benchmarks/compare-medians.py "$results/import-$file" osmium "osmium export" places "places import" 3
done
