#!/usr/bin/env bash
# Cold start of completion over 144k names against the process floor (issue 4):
#   places complete "Damr"   (a new process: open the mmapped name index, answer, exit)
#   places --help            (what any invocation of the binary costs)
#   places ---completion coffee -- --near …   (what the shell runs for each TAB after --near:
#                            issue 29 asks for 50 ms cold; the medians are printed in ms)
# over the GeoNames gazetteer ../shared/data/rg_cities1000.csv (144,563 names) plus the BAG
# street list. Target: within 1.5x. Prints both medians and the ratio.
#
#   Benchmarks/complete-cold-start.sh
#   ROUNDS=10 RUNS=30 Benchmarks/complete-cold-start.sh
set -euo pipefail
cd "$(dirname "$0")/.."
data=../shared/data
[ -d "$data" ] || { echo "needs ../shared/data beside the checkout" >&2; exit 1; }
source Benchmarks/need.sh
need hyperfine hyperfine

swift build -c release --product places >/dev/null
binary=$PWD/.build/release/places
rounds=${ROUNDS:-6}
runs=${RUNS:-20}
results=Benchmarks/.results
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
mkdir -p "$results"
rm -f "$results"/complete-cold-*.json

store=$scratch/places.sqlite
"$binary" import --store "$store" --names "$data/rg_cities1000.csv" >/dev/null
"$binary" import --store "$store" --names "$data/amsterdam_streets_bag.csv" --name-column 3 --kind street >/dev/null
du -sb "$scratch"/places.names.d | awk '{print "name index: " $1 " bytes"}'

for round in $(seq "$rounds"); do
    quietly env -i PATH="$PATH" HOME="$scratch" PLACES_STORE="$store" \
        hyperfine -N --warmup 5 --runs "$runs" --export-json "$results/complete-cold-$round.json" \
        -n help "$binary --help" \
        -n complete "$binary complete Damr --near 52.37,4.89" \
        -n tab "$binary ---completion coffee -- --near 3 4 places coffee --near Leid"
done

Benchmarks/compare-medians.py "$results/complete-cold" help "places --help" complete "places complete Damr (144k names)" 1.5
Benchmarks/compare-medians.py "$results/complete-cold" help "places --help" tab "TAB after --near (places ---completion)" 1.5
