#!/usr/bin/env bash
# RouteMonitor against a 1,000-point route: fixes per second in a release build, beside the
# same distances from GEOS (shapely 2, vectorised C++) and an in-process brute force, in one run.
# The target is at least 1M fixes/s. Nothing generated is kept.
# Usage: Benchmarks/route-monitor.sh [passes]
set -euo pipefail
cd "$(dirname "$0")"
python3 -c "import shapely, numpy" 2>/dev/null || pip install --quiet shapely numpy >&2 \
    || pip install --quiet --break-system-packages shapely numpy >&2
swift build -c release --product RouteMonitorThroughput >&2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
.build/release/RouteMonitorThroughput "${1:-20}" --dump "$work" | tee "$work/ours.txt"
ours=$(sed -n 's/^RouteMonitor: \([0-9.]*\)M fixes.*/\1/p' "$work/ours.txt")
OURS_MFIXES="$ours" python3 route-monitor-peer.py "$work"
