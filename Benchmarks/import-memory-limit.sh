#!/usr/bin/env bash
# Whether `places import FILE` completes inside a memory limit (issue 27: a fixed ceiling), and how
# long it takes there: the import runs in a memory control group of each size given, without swap,
# and is killed by the kernel if it needs more. The resident peak of an unlimited run counts pages
# of the files an import reads back through mappings, which the system takes back when it needs
# room; this says what an import really needs.
#
#   Benchmarks/import-memory-limit.sh Benchmarks/.results/country/amsterdam-300.osm.pbf 450 550 700
#
# Needs root and a writable cgroup hierarchy (v1's memory controller at /sys/fs/cgroup/memory, or
# v2 with the memory controller enabled); the countries come from Benchmarks/country-scale.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -ge 2 ] || { echo "usage: $0 FILE LIMIT_MB [LIMIT_MB…]" >&2; exit 64; }
file=$(realpath "$1")
shift
[ -f "$file" ] || { echo "$file: no such file; make the countries with Benchmarks/country-scale.sh" >&2; exit 66; }

if [ -d /sys/fs/cgroup/memory ]; then
    group=/sys/fs/cgroup/memory/places-import-limit-$$
    limit_file=memory.limit_in_bytes
    swap_file=memory.memsw.limit_in_bytes
elif [ -f /sys/fs/cgroup/cgroup.controllers ] && grep -qw memory /sys/fs/cgroup/cgroup.controllers; then
    group=/sys/fs/cgroup/places-import-limit-$$
    limit_file=memory.max
    swap_file=memory.swap.max
else
    echo "no memory control group can be made here (needs root and cgroup v1's memory controller or v2's)" >&2
    exit 69
fi
mkdir "$group" || { echo "cannot make $group (needs root)" >&2; exit 77; }
scratch=$(mktemp -d)
trap 'rmdir "$group" 2>/dev/null || true; rm -rf "$scratch"' EXIT

swift build -c release --product places >/dev/null
binary=$PWD/.build/release/places

printf '| limit | result | wall | steps (PLACES_IMPORT_TRACE) |\n|---|---|---|---|\n'
for limit in "$@"; do
    rm -rf "$scratch"/store.*
    # No swap beyond the limit, where the kernel accounts for it (v2: none; v1: memory plus swap,
    # which must never be below the memory limit, so it is lifted first).
    [ -w "$group/$swap_file" ] && [ "$limit_file" = memory.limit_in_bytes ] && echo -1 >"$group/$swap_file"
    echo $((limit * 1024 * 1024)) >"$group/$limit_file"
    if [ -w "$group/$swap_file" ]; then
        swap=$([ "$limit_file" = memory.max ] && echo 0 || echo $((limit * 1024 * 1024)))
        echo "$swap" >"$group/$swap_file" 2>/dev/null || true
    fi
    started=$(date +%s.%N)
    status=0
    sh -c "echo \$\$ > $group/cgroup.procs; exec env PLACES_NO_PROGRESS=1 PLACES_IMPORT_TRACE=1 $binary import $file --store $scratch/store.sqlite" \
        >"$scratch/log" 2>&1 || status=$?
    wall=$(echo "$(date +%s.%N) - $started" | bc)
    result=$([ "$status" = 0 ] && echo completed || { [ "$status" = 137 ] && echo "killed (out of memory)" || echo "exit $status"; })
    steps=$(awk '/^trace:/ { printf "%s%s %s s", sep, $2, $4; sep = ", " }' "$scratch/log")
    printf '| %s MB | %s | %.1f s | %s |\n' "$limit" "$result" "$wall" "$steps"
done
