#!/usr/bin/env bash
# Runs the whole test suite RUNS times (10 by default) in a row while busy loops load every core, and
# reports how many runs passed: no test may depend on the machine being idle (issue 17).
#
#   Scripts/stress-tests.sh              10 runs, one busy loop per core
#   RUNS=3 LOAD=4 Scripts/stress-tests.sh
#
# The tests are built once, before the load starts; each run's output is kept in
# .build/stress-tests/run-N.log, and the failing tests of a failed run are listed.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${RUNS:-10}
load=${LOAD:-$(nproc)}
logs=.build/stress-tests
mkdir -p "$logs"

echo "building the tests…" >&2
swift build --build-tests >"$logs/build.log" 2>&1 || { tail -20 "$logs/build.log" >&2; exit 1; }

# The load: `stress --cpu` when it is installed, else busy loops of the shell. Ended on any exit.
loaders=()
# stress forks its workers: end them by their parent's id, then the parent.
stop_load() { for pid in "${loaders[@]}"; do pkill -P "$pid" 2>/dev/null || true; kill "$pid" 2>/dev/null || true; done; }
trap stop_load EXIT
if command -v stress >/dev/null; then
    stress --cpu "$load" >/dev/null 2>&1 &
    loaders+=($!)
else
    for _ in $(seq "$load"); do
        (while :; do :; done) &
        loaders+=($!)
    done
fi
echo "load: $load busy loops ($(command -v stress >/dev/null && echo stress || echo shell)); $runs runs of swift test" >&2

passed=0
failed=0
for run in $(seq "$runs"); do
    started=$(date +%s)
    if swift test --skip-build >"$logs/run-$run.log" 2>&1; then
        passed=$((passed + 1))
        verdict=passed
    else
        failed=$((failed + 1))
        verdict=FAILED
    fi
    summary=$(grep -E "Test run with [0-9]+ tests" "$logs/run-$run.log" | tail -1 | sed -E 's/^[^A-Za-z]*//')
    echo "run $run: $verdict in $(($(date +%s) - started)) s — ${summary:-no summary (see $logs/run-$run.log)}"
    if [ "$verdict" = FAILED ]; then
        grep -E "✘ Test [^ ]+ (failed|recorded an issue)" "$logs/run-$run.log" | sed -E 's/ at .*//; s/^/    /' | sort -u | head -20
    fi
done
echo "passed $passed of $runs runs under load, failed $failed"
[ "$failed" -eq 0 ]
