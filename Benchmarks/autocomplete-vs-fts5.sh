#!/usr/bin/env bash
# The autocomplete index against SQLite FTS5 on the same seeded synthetic names (144k and 1M by
# default), in one release process: each built by streaming the names (wall and CPU time, peak
# resident size), per-query p50/p99 (wall and thread CPU) for prefix and typo'd queries with and
# without a focus, FTS5 `MATCH 'damr*' ORDER BY importance LIMIT 10`, the ratios, the open time and
# the resident size of the mapped index; one Markdown table at the end. Nothing generated is kept.
# A size with a suffix is a column of the same names as an import of a country gives them: `t` with
# their towns, localities, countries and categories, `a` with that and 2.5 addresses per street on
# average (`a20`: 20), measured through PlaceLookup too (addresses, "name, town", "hotel name").
# Usage: Benchmarks/autocomplete-vs-fts5.sh [sizes…]       (e.g. 1000000 1000000t 1000000a)
#        Benchmarks/autocomplete-vs-fts5.sh --write-csv N FILE   (the same names as a CSV)
set -euo pipefail
cd "$(dirname "$0")"
swift build -c release --product AutocompleteVsFTS5 >&2
exec .build/release/AutocompleteVsFTS5 "$@"
