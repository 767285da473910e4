#!/usr/bin/env bash
# `places favorites list` with 10,000 favourites stored, as a whole process, against the process
# floor `places --help`, measured together on this machine.
# Target (issue 3): within 2x. Prints both medians and the ratio.
#
# The store is made the way a user makes one (places favorites add, replaying a bundled cassette),
# then filled to 10,000 rows with Python's sqlite3 copying that row (ids and names changed), since
# 10,000 separate adds would measure the lookups, not the listing. Output goes to a file, as a
# script would take it (plain text, no terminal).
#
#   Benchmarks/favorites-list.sh             # 6 alternating rounds of 20 runs each
#   ROUNDS=10 RUNS=30 Benchmarks/favorites-list.sh
set -euo pipefail
cd "$(dirname "$0")/.."

source Benchmarks/need.sh
need hyperfine hyperfine

swift build -c release --product places >/dev/null
binary=$PWD/.build/release/places
rounds=${ROUNDS:-6}
runs=${RUNS:-20}
results=Benchmarks/.results
mkdir -p "$results"
rm -f "$results"/favorites-list-*.json
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
store="$work/places.sqlite"

quietly env -i PATH="$PATH" HOME="$work" PLACES_STORE="$store" "$binary" favorites add parkshark:10419 --note "seed"
python3 - "$store" <<'PY'
import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
row = db.execute("SELECT name, latitude, longitude, kind, address, note, place_json, added_at, updated_at FROM favorite").fetchone()
columns = [r[1] for r in db.execute("PRAGMA table_info(favorite)")]
with db:
    for i in range(1, 10_000):
        db.execute(
            "INSERT INTO favorite (place_id, name, latitude, longitude, kind, address, note, place_json, added_at, updated_at, position) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, (SELECT COALESCE(MAX(position), 0) + 1 FROM favorite))",
            (f"parkshark:{30000 + i}", f"{row[0]} {i}", row[1] + i * 1e-6, row[2], row[3], row[4], f"note {i}", row[6], row[7] + i, row[8] + i))
print(db.execute("SELECT COUNT(*) FROM favorite").fetchone()[0], "favourites stored", file=sys.stderr)
PY

for round in $(seq "$rounds"); do
    quietly env -i PATH="$PATH" HOME="$work" PLACES_STORE="$store" \
        hyperfine -N --warmup 5 --runs "$runs" --export-json "$results/favorites-list-$round.json" \
        -n help "$binary --help" \
        -n list "$binary favorites list"
done
lines=$(env -i PATH="$PATH" HOME="$work" PLACES_STORE="$store" "$binary" favorites list | wc -l)
Benchmarks/compare-medians.py "$results/favorites-list" help "places --help" list \
    "places favorites list ($((lines - 1)) rows of 10,000 stored)" 2
