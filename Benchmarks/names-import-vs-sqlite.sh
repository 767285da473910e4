#!/usr/bin/env bash
# `places import --names` end to end against sqlite3 on the same CSV, measured together (issue 19):
#   places import --names FILE --store fresh.sqlite   (read, write the store, build the name index)
#   sqlite3 fresh.db '.import --csv FILE place'        (the store write's peer)
#   sqlite3 fresh.db '.import …' + FTS5 on the name    (the whole import's peer: the same CSV searchable)
# for ../shared/data/rg_cities1000.csv (GeoNames' cities1000, 144,563 rows) and a seeded list of
# 1M names (AutocompleteVsFTS5 --write-csv, written once into a scratch folder, removed after).
# Every command starts from a store that does not exist (hyperfine --prepare removes it); the three
# alternate in rounds. Then one more places import in JSON splits its time into reading, the store
# write and the index build (built beside the store write: the part that overlapped is said), and
# /usr/bin/time gives each command's peak resident size.
#
#   Benchmarks/names-import-vs-sqlite.sh
#   SIZES="1000000 10000000" RUNS=3 Benchmarks/names-import-vs-sqlite.sh
set -euo pipefail
cd "$(dirname "$0")/.."
data=../shared/data
[ -f "$data/rg_cities1000.csv" ] || { echo "needs ../shared/data/rg_cities1000.csv beside the checkout" >&2; exit 1; }

source Benchmarks/need.sh
need hyperfine hyperfine
need sqlite3 sqlite3

swift build -c release --product places >/dev/null
(cd Benchmarks && swift build -c release --product AutocompleteVsFTS5 >/dev/null)
binary=$PWD/.build/release/places
writer=$PWD/Benchmarks/.build/release/AutocompleteVsFTS5
runs=${RUNS:-5}
results=Benchmarks/.results
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
mkdir -p "$results"

files=("$data/rg_cities1000.csv")
for size in ${SIZES:-1000000}; do
    "$writer" --write-csv "$size" "$scratch/seeded-$size.csv"
    files+=("$scratch/seeded-$size.csv")
done

fts="CREATE VIRTUAL TABLE place_fts USING fts5(name, content='place'); INSERT INTO place_fts(place_fts) VALUES('rebuild');"
for file in "${files[@]}"; do
    label=$(basename "$file" .csv)
    rows=$(($(wc -l <"$file") - 1))
    quietly env -i PATH="$PATH" HOME="$scratch" \
        hyperfine -N --warmup 1 --runs "$runs" --export-json "$results/names-import-$label.json" \
        --prepare "rm -rf $scratch/store.sqlite $scratch/store.sqlite-wal $scratch/store.sqlite-shm $scratch/store.names $scratch/store.names.d $scratch/fts.db" \
        -n places "$binary import --names $file --store $scratch/store.sqlite" \
        -n sqlite3-import "sqlite3 $scratch/fts.db '.import --csv $file place'" \
        -n sqlite3-import+fts5 "sqlite3 $scratch/fts.db '.import --csv $file place' \"$fts\""

    rm -rf "$scratch"/store.* "$scratch/fts.db"
    peak_places=$( { /usr/bin/time -f %M env HOME="$scratch" "$binary" import --names "$file" --store "$scratch/store.sqlite" \
        --format json >"$scratch/import.json"; } 2>&1 | tail -1)
    rm -f "$scratch/fts.db"
    peak_sqlite=$( { /usr/bin/time -f %M sqlite3 "$scratch/fts.db" ".import --csv $file place" "$fts"; } 2>&1 | tail -1)
    echo "== $label ($rows rows)"
    python3 - "$results/names-import-$label.json" "$scratch/import.json" "$peak_places" "$peak_sqlite" <<'EOF'
import json, statistics, sys
timed, split, peak_places, peak_sqlite = sys.argv[1:5]
median = {r["command"]: statistics.median(r["times"]) for r in json.load(open(timed))["results"]}
places, plain, full = median["places"], median["sqlite3-import"], median["sqlite3-import+fts5"]
print(f"  places import --names        median {places:7.2f} s   peak {int(peak_places) / 1024:6.0f} MB")
print(f"  sqlite3 .import              median {plain:7.2f} s")
print(f"  sqlite3 .import + FTS5       median {full:7.2f} s   peak {int(peak_sqlite) / 1024:6.0f} MB")
print(f"  ratio places / (sqlite3 .import + FTS5): {places / full:.2f}x   (FTS5 build alone ~{full - plain:.2f} s)")
document = json.load(open(split))
read = sum(i["read_seconds"] for i in document["imports"])
write = sum(i["write_seconds"] for i in document["imports"])
index = document["index"]["seconds"]
beside = document["index"].get("seconds_beside_write", 0)
print(f"  places' own split (one run): read {read:.2f} s, store write {write:.2f} s, name index {index:.2f} s "
      f"({document['index']['names']} names; {beside:.2f} s of it beside the store write), in all {document['seconds']:.2f} s")
print(f"  read + store write vs sqlite3 .import: {(read + write) / plain:.2f}x (store write alone {write / plain:.2f}x);  "
      f"index build vs FTS5 build: {index / max(full - plain, 1e-9):.2f}x")
EOF
done
