#!/usr/bin/env bash
# Crash safety of the store (issue 17, item 7), through the built binary:
#
# 1. ROUNDS times (60 by default): `places import` of a large OSM file, and at the same moment 20
#    `places favorites add` writers of four favourites each, each SIGKILLed at a random point (some
#    after they finished).
#    After every round: the store opens (`favorites list`, `complete`, SQLite's integrity check), it
#    holds exactly the old or exactly the new version of the imported file (never a mix), and every
#    favourite a writer printed as added is there, once.
# 2. A full disk: the store on a small tmpfs (a loop-mounted file system if tmpfs cannot be mounted;
#    the phase is skipped, and says so, if neither can). An import too large for it, a favourite
#    added with the disk full and an import with the disk full must end with exit 73 or 74 and
#    leave the store as it was.
#
#   Scripts/crash-safety.sh              60 rounds, ../shared/data/amsterdam_centrum.osm
#   ROUNDS=100 OSM=big.osm Scripts/crash-safety.sh
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$PWD
rounds=${ROUNDS:-60}
osm=${OSM:-../shared/data/amsterdam_centrum.osm}
[ -f "$osm" ] || { echo "needs a large OSM file: $osm is not there (set OSM=…)" >&2; exit 66; }

echo "building places (release)…" >&2
swift build -c release --product places >/dev/null
places=$repo/.build/release/places
scratch=$(mktemp -d)
mounted=""
cleanup() {
    [ -n "$mounted" ] && umount "$mounted" 2>/dev/null
    rm -rf "$scratch"
}
trap cleanup EXIT
export HOME=$scratch XDG_CONFIG_HOME=$scratch/config PLACES_NOW=2026-11-21T10:30:00Z TZ=Europe/Amsterdam
export PLACES_CASSETTE_DIR=$scratch/cassettes PLACES_REPLAY_LATENCY=1

# Two versions of the file: as it is, and with every name changed ("… v2"), so that a store holding a
# mix of the two is seen at once.
cp "$osm" "$scratch/v1.osm"
sed -E 's/(<tag k="name" v="[^"]*)"/\1 v2"/' "$osm" >"$scratch/v2.osm"
city=$scratch/city.osm

# A ParkShark recording answering `get_meters` for meters 30001…, so that favourites can be added offline
# (40 ms a lookup, replayed, spreads the writers' commits over the round).
python3 - "$scratch/cassettes/parkshark" $((rounds * 80 + 100)) <<'EOF'
import json, os, sys
folder, count = sys.argv[1], int(sys.argv[2])
os.makedirs(folder, exist_ok=True)
interactions = []
for index in range(count):
    number = 30001 + index
    interactions.append({
        "recorded_at": "2026-11-21T12:00:00Z", "duration_ms": 40,
        "request": {"method": "GET", "url": f"http://api.parkshark.nl/psapi/api.jsp?action=get_meters&meternumbers={number}",
                    "headers": {"Accept": "application/json"}},
        "response": {"status": 200, "headers": {"Content-Type": "application/json"},
                     "body": {"json": {"items": [{"lat": 52.36 + (index % 100) * 0.0002, "lon": 4.88 + (index // 100) * 0.0003,
                                                  "belnummer": str(number), "adres": f"Teststraat {index + 1}",
                                                  "bw": {"cash": True}, "costs": {"cost": -1}}]}}}})
json.dump({"places_cassette": 1, "interactions": interactions}, open(os.path.join(folder, "favorites.json"), "w"))
EOF

# What a store holds: "rows hash" of the import of city.osm, the favourites' ids, the integrity check.
inspect() {
    python3 - "$1" "$(realpath "$city")" <<'EOF'
import hashlib, sqlite3, sys
store, key = sys.argv[1], sys.argv[2]
db = sqlite3.connect(f"file:{store}?mode=ro", uri=True)
check = db.execute("PRAGMA integrity_check").fetchone()[0]
rows = db.execute(
    "SELECT p.id, p.name FROM imported_place p JOIN import_source s ON s.number = p.source WHERE s.key = ? ORDER BY p.id", (key,)
).fetchall()
digest = hashlib.sha1(repr(rows).encode()).hexdigest()[:12]
favourites = [row[0] for row in db.execute("SELECT place_id FROM favorite")]
print(check, len(rows), digest, len(favourites), len(set(favourites)))
EOF
}
sqlite3_ids() { python3 -c "import sqlite3,sys; print('\n'.join(r[0] for r in sqlite3.connect(sys.argv[1]).execute('SELECT place_id FROM favorite')))" "$1"; }

# The signatures of the two versions, from clean imports; and how long one import takes.
signature() {
    local store=$scratch/sig-$1.sqlite
    cp "$scratch/$1.osm" "$city"
    local began=$(date +%s%N)
    "$places" import "$city" --store "$store" >/dev/null
    echo $((($(date +%s%N) - began) / 1000000)) >"$scratch/ms-$1"
    inspect "$store" | cut -d' ' -f2,3
}
sig_v1=$(signature v1)
sig_v2=$(signature v2)
import_ms=$(cat "$scratch/ms-v1")
[ "$sig_v1" != "$sig_v2" ] || { echo "the two versions import the same rows; the check would prove nothing" >&2; exit 70; }
echo "import of $(basename "$osm"): ${import_ms} ms; v1 = $sig_v1, v2 = $sig_v2 (rows, digest)"

store=$scratch/store.sqlite
cp "$scratch/v1.osm" "$city"
"$places" import "$city" --store "$store" >/dev/null
held=v1
# How long one writer takes, alone (its favourites are removed again by a fresh store below).
began=$(date +%s%N)
"$places" favorites add parkshark:30001 parkshark:30002 parkshark:30003 parkshark:30004 --store "$scratch/timing.sqlite" >/dev/null 2>&1
writer_ms=$((($(date +%s%N) - began) / 1000000))
echo "one writer alone: ${writer_ms} ms"
next_meter=30005
mid_import=0 completed_import=0 became_new=0 stayed_old=0 failures=0
acknowledged_total=0 writers_killed=0 writers_done=0 writers_busy=0
declare -A acknowledged=()

# Starts `places ARGUMENTS…` in the background with its output in OUT, its exit status to be
# written to OUT.status and its pid to OUT.pid. `sh` waits for it, so that a SIGKILL is not
# reported by this shell as "Killed" for every writer of every round.
spawn() {
    local out=$1
    shift
    rm -f "$out.status" "$out.pid"
    sh -c '"$@" >"$OUT" 2>"$OUT.err" & echo $! >"$OUT.pid"; wait $!; echo $? >"$OUT.status"' sh "$places" "$@" 2>/dev/null &
}
spawned_pid() { until [ -s "$1.pid" ]; do :; done; cat "$1.pid"; }

for round in $(seq "$rounds"); do
    other=$([ "$held" = v1 ] && echo v2 || echo v1)
    cp "$scratch/$other.osm" "$city"
    # Kill points: anywhere from the start to 30 % past a whole import, or past a whole writer.
    window=$((import_ms * 13 / 10 + 50))
    writer_window=$((writer_ms * 13 / 10 + 50))
    pids=() kills=() outs=()
    OUT=$scratch/import.out spawn "$scratch/import.out" import "$city" --store "$store" --format json
    for writer in $(seq 20); do
        out=$scratch/writer-$writer.out
        OUT=$out spawn "$out" favorites add "parkshark:$next_meter" "parkshark:$((next_meter + 1))" \
            "parkshark:$((next_meter + 2))" "parkshark:$((next_meter + 3))" --store "$store"
        outs+=("$out")
        kills+=($((RANDOM % writer_window)))
        next_meter=$((next_meter + 4))
    done
    started=$(date +%s%N)
    import_pid=$(spawned_pid "$scratch/import.out")
    for out in "${outs[@]}"; do pids+=("$(spawned_pid "$out")"); done
    import_kill=$((RANDOM % window))
    # One timeline of kills, in milliseconds from the start of the round.
    for target in $(printf '%s\n' "$import_kill:i" $(for i in "${!pids[@]}"; do echo "${kills[$i]}:$i"; done) | sort -t: -k1,1n); do
        at=${target%%:*} who=${target##*:}
        now=$((($(date +%s%N) - started) / 1000000))
        if [ "$at" -gt "$now" ]; then sleep "$(awk -v ms=$((at - now)) 'BEGIN { printf "%.3f", ms / 1000 }')"; fi
        if [ "$who" = i ]; then
            if kill -0 "$import_pid" 2>/dev/null; then kill -9 "$import_pid" 2>/dev/null && mid_import=$((mid_import + 1)); fi
        else
            kill -9 "${pids[$who]}" 2>/dev/null || true
        fi
    done
    wait
    [ "$(cat "$scratch/import.out.status")" = 0 ] && completed_import=$((completed_import + 1))
    for i in "${!pids[@]}"; do
        status=$(cat "${outs[$i]}.status")
        case $status in
            0) writers_done=$((writers_done + 1)) ;;
            137) writers_killed=$((writers_killed + 1)) ;;
            75) writers_busy=$((writers_busy + 1)) ;;
            *) echo "round $round: a writer ended with $status: $(cat "${outs[$i]}.err")" ;;
        esac
        while read -r word id _; do
            [ "$word" = added ] && acknowledged[$id]=1 && acknowledged_total=$((acknowledged_total + 1))
        done <"${outs[$i]}"
    done

    # The checks.
    read -r check rows digest count distinct < <(inspect "$store")
    problem=""
    [ "$check" = ok ] || problem+=" integrity check: $check;"
    case "$rows $digest" in
        "$(eval echo "\$sig_$held")") stayed_old=$((stayed_old + 1)) ;;
        "$(eval echo "\$sig_$other")") became_new=$((became_new + 1)); held=$other ;;
        *) problem+=" the import holds neither version ($rows rows, $digest);" ;;
    esac
    [ "$count" = "$distinct" ] || problem+=" a favourite is there twice;"
    stored=$(sqlite3_ids "$store")
    for id in "${!acknowledged[@]}"; do
        grep -qx "$id" <<<"$stored" || problem+=" $id was printed as added and is lost;"
    done
    "$places" favorites list --store "$store" --format ndjson >/dev/null 2>"$scratch/list.err" || problem+=" favorites list fails: $(cat "$scratch/list.err");"
    "$places" complete Dam --store "$store" >/dev/null 2>"$scratch/complete.err" || problem+=" complete fails: $(cat "$scratch/complete.err");"
    if [ -n "$problem" ]; then
        failures=$((failures + 1))
        echo "round $round: FAILED:$problem"
    fi
done

echo "== $rounds rounds of a SIGKILLed import beside 20 SIGKILLed favourite writers"
echo "imports killed mid-way: $mid_import; finished before their kill: $completed_import"
echo "store afterwards: the old import $stayed_old times, the new one $became_new times, a mix 0 times unless listed above"
echo "writers: $writers_killed killed, $writers_done finished, $writers_busy busy (75); favourites printed as added: $acknowledged_total, all checked after every round"
echo "rounds with a problem: $failures"

# 2. The full disk.
disk=$scratch/disk
mkdir -p "$disk"
big_store_kb=$(du -k "$scratch/sig-v1.sqlite" | cut -f1)
size_kb=$((big_store_kb * 2 / 3 > 384 ? big_store_kb * 2 / 3 : 384))
if mount -t tmpfs -o size=${size_kb}k tmpfs "$disk" 2>/dev/null; then
    mounted=$disk
    medium="a ${size_kb} KiB tmpfs"
elif truncate -s ${size_kb}K "$scratch/disk.img" && mkfs.ext4 -q "$scratch/disk.img" && mount -o loop "$scratch/disk.img" "$disk" 2>/dev/null; then
    mounted=$disk
    medium="a ${size_kb} KiB ext4 loop file"
else
    echo "== full disk: skipped: neither a tmpfs nor a loop file can be mounted here"
    [ "$failures" -eq 0 ]
    exit
fi
echo "== full disk: the store on $medium (a whole import of $(basename "$osm") needs ${big_store_kb} KiB)"
small=$scratch/small.osm
cp Tests/OSMFormatTests/Fixtures/sample.osm "$small"
full_store=$disk/store.sqlite
full_failures=0
"$places" import "$small" --store "$full_store" >/dev/null
"$places" favorites add "parkshark:$next_meter" "parkshark:$((next_meter + 1))" --store "$full_store" >/dev/null 2>&1
before=$("$places" favorites list --store "$full_store" --format ndjson)
before_imports=$(python3 -c "import sqlite3,sys; print(sqlite3.connect(sys.argv[1]).execute('SELECT COUNT(*) FROM imported_place').fetchone()[0])" "$full_store")

expect_full() {  # what, status, stderr file
    if [ "$2" = 73 ] || [ "$2" = 74 ]; then
        echo "$1: exit $2: $(head -1 "$3")"
    else
        echo "$1: exit $2 (expected 73 or 74): $(head -1 "$3")"
        full_failures=$((full_failures + 1))
    fi
}
# The store as it was before: SQLite's integrity check, the same favourites, the same imported places.
expect_intact() {
    local check after after_imports
    check=$(python3 -c "import sqlite3,sys; print(sqlite3.connect(sys.argv[1]).execute('PRAGMA integrity_check').fetchone()[0])" "$full_store" 2>&1)
    after=$("$places" favorites list --store "$full_store" --format ndjson 2>/dev/null) || after="(cannot list)"
    after_imports=$(python3 -c "import sqlite3,sys; print(sqlite3.connect(sys.argv[1]).execute('SELECT COUNT(*) FROM imported_place').fetchone()[0])" "$full_store" 2>&1)
    if [ "$check" = ok ] && [ "$after" = "$before" ] && [ "$after_imports" = "$before_imports" ]; then
        echo "    $1: the store is intact (integrity ok, the same $before_imports imported places and favourites)"
    else
        echo "    $1: the store CHANGED: integrity $check, imported places $before_imports → $after_imports, favourites the same: $([ "$after" = "$before" ] && echo yes || echo no)"
        full_failures=$((full_failures + 1))
    fi
}

status=0
"$places" import "$osm" --store "$full_store" >/dev/null 2>"$scratch/full.err" || status=$?
expect_full "an import larger than the disk" "$status" "$scratch/full.err"
expect_intact "after it"
dd if=/dev/zero of="$disk/filler" bs=16k 2>/dev/null || true
status=0
"$places" favorites add "parkshark:$((next_meter + 2))" --store "$full_store" >/dev/null 2>"$scratch/full.err" || status=$?
expect_full "a favourite added with the disk full" "$status" "$scratch/full.err"
status=0
"$places" import "$small" --store "$full_store" >/dev/null 2>"$scratch/full.err" || status=$?
expect_full "an import with the disk full" "$status" "$scratch/full.err"
rm -f "$disk/filler"
expect_intact "with room again"
if "$places" favorites add "parkshark:$((next_meter + 3))" --store "$full_store" >/dev/null 2>"$scratch/full.err"; then
    echo "with room again, a favourite is added: the store works on"
else
    echo "with room again, adding a favourite still fails: $(cat "$scratch/full.err")"
    full_failures=$((full_failures + 1))
fi
echo "full-disk problems: $full_failures"
[ "$failures" -eq 0 ] && [ "$full_failures" -eq 0 ]
