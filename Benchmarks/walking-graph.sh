#!/usr/bin/env bash
# The walking graph (issue 18) in one run, beside its peers on the same files and queries:
#   - build: `WalkingGraphBench build` (read the OSM file, build, write the .walk file) against
#     `osmium export -f geojsonseq` of the same file, for the Amsterdam XML and Liechtenstein's PBF,
#     as whole processes under hyperfine, in alternating rounds. Target: within 2x. Then, in one
#     process, what building the graph adds to a read of the file (an import reads it anyway).
#   - correctness: ours against an independent networkx graph built from the Amsterdam XML by
#     walking-graph-reference.py (its own parser and rules, geographiclib lengths): >= 200 seeded
#     pairs within 2 %, the worst pair printed.
#   - speed: one route across the extract (target p50 <= 1 ms) beside networkx's Dijkstra and
#     pandana's contraction hierarchies; one-to-many for 50 candidates (target p99 <= 5 ms).
# The Python peers go into Benchmarks/.venv-walk/ (not committed). Results: Benchmarks/.results/.
#
#   Benchmarks/walking-graph.sh
#   ROUNDS=3 RUNS=10 Benchmarks/walking-graph.sh
set -euo pipefail
cd "$(dirname "$0")"
data=../../shared/data
[ -d "$data" ] || { echo "walking-graph: needs ../shared/data beside the checkout" >&2; exit 1; }

source need.sh
need hyperfine hyperfine
need osmium osmium-tool

venv=.venv-walk
results=.results
mkdir -p "$results"
[ -x "$venv/bin/python" ] || python3 -m venv "$venv"
if ! "$venv/bin/python" -c 'import networkx, geographiclib' 2>/dev/null; then
    "$venv/bin/python" -m pip install --quiet networkx geographiclib >"$results/walking-graph-pip.log" 2>&1 \
        || { echo "walking-graph: networkx could not be installed; see $results/walking-graph-pip.log" >&2; exit 1; }
fi
"$venv/bin/python" -c 'import pandana' 2>/dev/null || "$venv/bin/python" -m pip install --quiet pandana >>"$results/walking-graph-pip.log" 2>&1 \
    || echo "walking-graph: pandana could not be installed (see $results/walking-graph-pip.log); it is left out" >&2

swift build -c release --product WalkingGraphBench >&2
bench=$PWD/.build/release/WalkingGraphBench
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
rounds=${ROUNDS:-3}
runs=${RUNS:-10}

for file in amsterdam_centrum.osm liechtenstein_2015.osm.pbf; do
    "$bench" build "$data/$file" "$work/$file.walk"
    rm -f "$results"/walk-build-"$file"-*.json
    for round in $(seq "$rounds"); do
        quietly hyperfine -N --warmup 2 --runs "$runs" --export-json "$results/walk-build-$file-$round.json" \
            -n osmium "osmium export $data/$file -f geojsonseq -o /dev/null --overwrite" \
            -n walk "$bench build $data/$file $work/$file.walk"
    done
    echo "== graph build, $file"
    ./compare-medians.py "$results/walk-build-$file" osmium "osmium export" walk "walking graph build" 2
    "$bench" build-cost "$data/$file"
done

echo "== correctness and speed, amsterdam_centrum.osm"
"$venv/bin/python" walking-graph-reference.py "$data/amsterdam_centrum.osm" "$work/amsterdam_centrum.osm.walk" "$bench" "$work" \
    | tee "$results/walking-graph.txt"
