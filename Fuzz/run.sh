#!/usr/bin/env bash
# Builds every fuzz harness (libFuzzer + AddressSanitizer, release) and runs them one after another,
# sharing SECONDS between them, then prints executions and findings per harness.
#
#   Fuzz/run.sh SECONDS                 all harnesses, SECONDS in total
#   Fuzz/run.sh SECONDS gpx osm-xml     only these, SECONDS in total
#
# A finding is an input that crashes (a trap, an out-of-bounds access seen by ASan), hangs (more than
# 1 s on one input: -timeout=1) or needs more than 2 GB (-rss_limit_mb): it is kept in
# Fuzz/.artifacts/HARNESS/ and the run goes on (-fork=1 with -ignore_*), so one run can find several.
# Reproduce one with `Fuzz/.build/release/fuzz-HARNESS FILE`. New interesting inputs are kept in
# Fuzz/.corpus/HARNESS/ and reused by the next run; seeds are made afresh from the test fixtures by
# make-corpora.py. Harnesses run one at a time: the machines this runs on have two cores.
set -euo pipefail
cd "$(dirname "$0")"
total=${1:?usage: Fuzz/run.sh SECONDS [HARNESS…]}
shift

export SWIFT_BACKTRACE=enable=no  # libFuzzer prints the stack; the backtracer would stall each crash
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0}

# One -sanitize=fuzzer,address for swiftc: given as two flags (what `--sanitize=fuzzer --sanitize=address`
# passes), the second replaces the first and the code is built without coverage instrumentation,
# so libFuzzer mutates blindly ("Is the code instrumented for coverage?"). `--sanitize=fuzzer` stays
# for SwiftPM (it links libFuzzer's main); the -Xswiftc flag comes last and wins.
build=(swift build -c release --sanitize=fuzzer -Xswiftc -sanitize=fuzzer,address -Xswiftc -enable-testing)
echo "building the harnesses (release, -sanitize=fuzzer,address)…" >&2
"${build[@]}" >.build-log 2>&1 || {
    tail -30 .build-log >&2
    echo "the build failed; the whole log is in Fuzz/.build-log" >&2
    exit 1
}
bin=$("${build[@]}" --show-bin-path)
# A harness without coverage counters would fuzz blindly: refuse to run it rather than report its figures.
if ! readelf -SW "$bin/fuzz-json" | grep -q sancov_cntrs; then
    echo "the harnesses were built without coverage instrumentation (no sancov_cntrs section)" >&2
    exit 70
fi

rm -rf .seeds
python3 make-corpora.py .seeds >/dev/null

if [ $# -gt 0 ]; then
    harnesses=("$@")
else
    harnesses=()
    for source in Sources/fuzz-*; do harnesses+=("${source#Sources/fuzz-}"); done
fi
share=$((total / ${#harnesses[@]}))
[ "$share" -ge 5 ] || { echo "give each harness at least 5 s (${#harnesses[@]} harnesses)" >&2; exit 64; }

# Inputs larger than a typical file of the kind only slow a run down.
max_len() {
    case "$1" in
        coordinate-text | arrival-text | polyline | config | place-lookup) echo 1024 ;;
        name-index | pbf-block | protobuf | osm-pbf) echo 16384 ;;
        *) echo 65536 ;;
    esac
}

mkdir -p .logs
printf '%-22s %12s %8s %6s %9s  %s\n' harness executions seconds edges findings artifacts
for harness in "${harnesses[@]}"; do
    if [ ! -x "$bin/fuzz-$harness" ]; then
        printf '%-22s %12s %8s %6s %9s  %s\n' "$harness" - - - - "not built (see Fuzz/Package.swift)"
        continue
    fi
    mkdir -p ".corpus/$harness" ".artifacts/$harness" ".seeds/$harness"
    before=$(ls ".artifacts/$harness" | wc -l)
    started=$(date +%s)
    "$bin/fuzz-$harness" -fork=1 -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1 \
        -max_total_time="$share" -timeout=1 -rss_limit_mb=2048 -max_len="$(max_len "$harness")" \
        -artifact_prefix=".artifacts/$harness/" ".corpus/$harness" ".seeds/$harness" >".logs/$harness.log" 2>&1 || true
    seconds=$(($(date +%s) - started))
    executions=$(grep -oE '^#[0-9]+' ".logs/$harness.log" | tail -1 | tr -d '#')
    counts=$(grep -oE 'oom/timeout/crash: [0-9]+/[0-9]+/[0-9]+' ".logs/$harness.log" | tail -1 | cut -d' ' -f2)
    edges=$(grep -oE '^#[0-9]+: cov: [0-9]+' ".logs/$harness.log" | tail -1 | awk '{print $3}')
    found=$(($(ls ".artifacts/$harness" | wc -l) - before))
    printf '%-22s %12s %8s %6s %9s  %s\n' "$harness" "${executions:-0}" "$seconds" "${edges:-0}" "${found} (${counts:-0/0/0})" \
        "$( [ "$found" -gt 0 ] && echo "Fuzz/.artifacts/$harness/" || echo -)"
done
echo "edges: coverage points reached; findings: new artifacts (oom/timeout/crash as libFuzzer counted them, repeats included); logs in Fuzz/.logs/"
