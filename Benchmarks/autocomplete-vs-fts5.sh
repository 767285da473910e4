#!/usr/bin/env bash
# The autocomplete index against SQLite FTS5 on the same seeded synthetic names (144k and 1M by
# default), in one release process: per-query p50/p99 for prefix and typo'd queries with and
# without a focus, FTS5 `MATCH 'damr*' ORDER BY importance LIMIT 10`, the ratio, the open time and
# the resident size of the mapped 1M index. Nothing generated is kept.
# Usage: Benchmarks/autocomplete-vs-fts5.sh [sizes…]
set -euo pipefail
cd "$(dirname "$0")"
swift build -c release --product AutocompleteVsFTS5 >&2
exec .build/release/AutocompleteVsFTS5 "$@"
