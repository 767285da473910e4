#!/usr/bin/env bash
# The name index before and after addresses (NameKind.address, localities, categories) on the
# Amsterdam extract: ../shared/data/amsterdam_centrum.osm imported into a fresh store by a release
# build of this tree ("after") and by one of the landed main before that work ("before", commit
# 1d5ae5e checked out as a worktree), RUNS times each, alternating. Per side: the index's names and
# size (`places.names` beside the store) and its build time (`places import --format json`, field
# `index.seconds`, and the part of it beside the store write), medians; what the import wrote per
# kind (how many addresses per street a real city has); the load average around the runs.
#
# Both builds go to scratch paths of their own (not the developer's .build) and are kept there for
# the next run; the worktree is removed at the end, nothing is committed. Without ../shared/data
# the script says so and exits 0.
#
#   Benchmarks/name-index-addresses.sh
#   RUNS=9 SCRATCH=/tmp/bench-build LANDED_SCRATCH=/tmp/bench-build-landed Benchmarks/name-index-addresses.sh
set -euo pipefail
cd "$(dirname "$0")/.."
data=$PWD/../shared/data/amsterdam_centrum.osm
if [ ! -f "$data" ]; then
    echo "skipped: $data is missing (the Amsterdam extract lives in ../shared/data beside the checkout)"
    exit 0
fi

landed=${LANDED:-1d5ae5e}
worktree=/tmp/places-landed
scratch=${SCRATCH:-/tmp/bench-build}
landed_scratch=${LANDED_SCRATCH:-/tmp/bench-build-landed}
runs=${RUNS:-5}
stores=$(mktemp -d)
cleanup() {
    rm -rf "$stores"
    git worktree remove --force "$worktree" 2>/dev/null || true
    git worktree prune
}
trap cleanup EXIT

source Benchmarks/need.sh
# A worktree left by an interrupted run is replaced.
git worktree remove --force "$worktree" 2>/dev/null || true
git worktree prune
quietly git worktree add --detach "$worktree" "$landed"

echo "building this tree (release, $scratch) and $landed (release, $landed_scratch)…" >&2
swift build -c release --product places --scratch-path "$scratch" >&2
(cd "$worktree" && swift build -c release --product places --scratch-path "$landed_scratch") >&2
after=$scratch/release/places
before=$landed_scratch/release/places

# One import into a store that does not exist yet, the first import of a file; HOME is a scratch
# folder, so no configuration of the developer's is read or written. Prints one JSON line.
import_once() {
    local binary=$1 store=$2
    rm -f "$store" "$store"-wal "$store"-shm "${store%.sqlite}".names "${store%.sqlite}".walk
    env -i PATH="$PATH" HOME="$stores" "$binary" import "$data" --store "$store" --format json >"$stores/out.json"
    python3 - "$stores/out.json" "${store%.sqlite}.names" <<'EOF'
import json, os, sys
report = json.load(open(sys.argv[1]))
index = report["index"]
print(json.dumps({"names": index["names"], "seconds": index["seconds"], "beside": index["seconds_beside_write"],
                  "bytes": os.path.getsize(sys.argv[2]), "written": report["imports"][0]["written"],
                  "import": report["seconds"]}))
EOF
}

echo "load before: $(uptime)"
for run in $(seq "$runs"); do
    import_once "$before" "$stores/before.sqlite" >>"$stores/before.ndjson"
    import_once "$after" "$stores/after.sqlite" >>"$stores/after.ndjson"
done
echo "load after:  $(uptime)"

python3 - "$stores/before.ndjson" "$stores/after.ndjson" "$runs" "$landed" <<'EOF'
import json, statistics, sys
sides = {name: [json.loads(line) for line in open(path)] for name, path in (("before", sys.argv[1]), ("after", sys.argv[2]))}
median = lambda side, key: statistics.median(run[key] for run in sides[side])
print(f"\namsterdam_centrum.osm, {sys.argv[3]} imports per side, medians")
print(f"| | before ({sys.argv[4]}, landed main) | after (this tree) | after / before |")
print("|---|---|---|---|")
first = {side: sides[side][0] for side in sides}
written = lambda side: ", ".join(f"{count} {kind}" for kind, count in first[side]["written"].items())
print(f"| written by the import | {written('before')} | {written('after')} | |")
names = [first[side]["names"] for side in ("before", "after")]
print(f"| names in the index | {names[0]:,} | {names[1]:,} | {names[1] / names[0]:.2f}× |")
size = [first[side]["bytes"] for side in ("before", "after")]
print(f"| index size (places.names) | {size[0] / 1e6:.2f} MB | {size[1] / 1e6:.2f} MB | {size[1] / size[0]:.2f}× |")
for key, label in (("seconds", "index build"), ("beside", "of it beside the store write"), ("import", "whole import (JSON seconds)")):
    b, a = median("before", key), median("after", key)
    spread = lambda side: f"{min(r[key] for r in sides[side]):.3f}–{max(r[key] for r in sides[side]):.3f}"
    print(f"| {label}, s (min–max) | {b:.3f} ({spread('before')}) | {a:.3f} ({spread('after')}) | {a / b:.2f}× |" if b else f"| {label}, s | {b:.3f} | {a:.3f} | |")
streets, addresses = first["after"]["written"].get("street", 0), first["after"]["written"].get("address", 0)
if streets:
    print(f"\naddresses per street in this extract: {addresses / streets:.1f} ({addresses:,} addresses, {streets:,} streets)")
EOF
