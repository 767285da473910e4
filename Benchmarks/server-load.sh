#!/usr/bin/env bash
# places serve under load on loopback, bounded in time (wrk, Debian), in one run:
#   /health              the server's own trivial endpoint (the floor of what an HTTP answer costs)
#   /v1/complete         as you type, over NAMES imported names (1M by default; seeded, as in
#                        autocomplete-vs-fts5.sh), rotating through 2,000 prefix queries
#   /v1/coffee           three providers' recorded answers replayed, merged and ranked
# and SQLite FTS5 answering the same prefix queries over the same names in-process, one thread.
# Goal (issue 14): complete at ≥ 50 % of /health's requests/s, with p99 ≤ 5 ms.
#
#   Benchmarks/server-load.sh                  # 1,000,000 names, 10 s per endpoint
#   NAMES=200000 SECONDS_EACH=5 Benchmarks/server-load.sh
#   CONNECTIONS=32 Benchmarks/server-load.sh   # wrk's connections (default 16, one wrk thread)
#   BIN=.build-release/release Benchmarks/server-load.sh   # binaries built already
#   FIXTURE=path/to/ServerLoadFixture Benchmarks/server-load.sh
#
# Server and wrk share the machine (2 cores here): the ratios, measured in the same run, are the
# result; absolute requests/s move with whatever else the machine is doing.
set -euo pipefail
cd "$(dirname "$0")/.."
source Benchmarks/need.sh
need wrk wrk

names=${NAMES:-1000000}
seconds=${SECONDS_EACH:-10}
connections=${CONNECTIONS:-16}
work=$(mktemp -d)
server_pid=""
cleanup() { [ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null; rm -rf "$work"; }
trap cleanup EXIT

echo "building (release)…" >&2
if [ -n "${BIN:-}" ]; then
    bin=$BIN  # places and places-server built already (e.g. with --scratch-path)
else
    swift build -c release --product places >/dev/null
    swift build -c release --product places-server >/dev/null
    bin=$(swift build -c release --show-bin-path)
fi
if [ -n "${FIXTURE:-}" ]; then
    fixture=$FIXTURE  # the names generator built already
else
    (cd Benchmarks && swift build -c release --product ServerLoadFixture >/dev/null)
    fixture=Benchmarks/.build/release/ServerLoadFixture
fi

export HOME=$work PLACES_STORE=$work/places.sqlite PLACES_HTTP_MODE=replay PLACES_CASSETTE_DIR=$PWD/cassettes PLACES_NOW=2026-11-21T10:30:00Z
"$fixture" names "$names" "$work/names.csv" "$work/queries.txt" >&2
started=$(date +%s.%N)
"$bin/places" import --names "$work/names.csv" --lat-column lat --lon-column lon --importance-column importance --detail-column kind --kind poi >/dev/null
echo "imported $names names in $(echo "$(date +%s.%N) - $started" | bc) s" >&2
token=$("$bin/places-server" users add load 2>/dev/null)

"$bin/places-server" --listen 127.0.0.1:0 --rate-limit 100000000/s --rate-burst 100000000 2>"$work/server.log" >/dev/null &
server_pid=$!
for _ in $(seq 600); do grep -q "listening on" "$work/server.log" && break; sleep 0.1; done
port=$(grep -o 'http://127.0.0.1:[0-9]*' "$work/server.log" | head -1 | sed 's/.*://')
[ -n "$port" ] || { cat "$work/server.log" >&2; exit 69; }
base="http://127.0.0.1:$port"
curl -sf -H "Authorization: Bearer $token" "$base/v1/complete?text=$(head -1 "$work/queries.txt")" >/dev/null
curl -sf -H "Authorization: Bearer $token" "$base/v1/coffee?near=52.37,4.89&top=3" >/dev/null

cat >"$work/complete.lua" <<LUA
local queries = {}
for line in io.lines("$work/queries.txt") do queries[#queries + 1] = line end
local i = 0
request = function()
    i = i % #queries + 1
    return wrk.format("GET", "/v1/complete?limit=10&text=" .. queries[i])
end
LUA

# One wrk run: prints "requests/s p50_ms p99_ms errors".
measure() {
    local out
    out=$(wrk -t1 -c"$connections" -d"${seconds}s" --latency -H "Authorization: Bearer $token" "$@")
    echo "$out" >>"$work/wrk.log"
    local rps p50 p99 errors
    rps=$(echo "$out" | awk '/Requests\/sec/ {print $2}')
    p50=$(echo "$out" | awk '$1 == "50%" {print $2}')
    p99=$(echo "$out" | awk '$1 == "99%" {print $2}')
    errors=$(echo "$out" | awk '/Non-2xx|Socket errors/ {print}' | tr '\n' ' ')
    echo "$rps $(to_ms "$p50") $(to_ms "$p99") ${errors:-none}"
}
to_ms() { echo "$1" | awk '/us$/ {sub("us",""); printf "%.3f", $1/1000; next} /ms$/ {sub("ms",""); printf "%.3f", $1; next} /s$/ {sub("s",""); printf "%.3f", $1*1000}'; }

echo "wrk: 1 thread, $connections connections, ${seconds} s each; server $(nproc) cores shared; load $(cut -d' ' -f1 /proc/loadavg)" >&2
read -r health_rps health_p50 health_p99 health_err <<<"$(measure "$base/health")"
read -r complete_rps complete_p50 complete_p99 complete_err <<<"$(measure -s "$work/complete.lua" "$base")"
read -r coffee_rps coffee_p50 coffee_p99 coffee_err <<<"$(measure "$base/v1/coffee?near=52.37,4.89&top=3")"
# /health again, so that drift over the run shows.
read -r health2_rps _ _ _ <<<"$(measure "$base/health")"
kill -TERM "$server_pid"; wait "$server_pid" 2>/dev/null || true; server_pid=""
fts=$("$fixture" fts5 "$names" 3)

printf '\n%-34s %12s %10s %10s\n' "endpoint ($names names)" "requests/s" "p50 ms" "p99 ms"
printf '%-34s %12s %10s %10s\n' "/health" "$health_rps" "$health_p50" "$health_p99"
printf '%-34s %12s %10s %10s\n' "/v1/complete (2,000 prefixes)" "$complete_rps" "$complete_p50" "$complete_p99"
printf '%-34s %12s %10s %10s\n' "/v1/coffee (replayed)" "$coffee_rps" "$coffee_p50" "$coffee_p99"
printf '%-34s %12s\n' "/health, again at the end" "$health2_rps"
echo "$fts"
ratio=$(echo "scale=3; $complete_rps / $health_rps" | bc)
echo "complete / health throughput: $ratio (goal ≥ 0.5); complete p99 $complete_p99 ms (goal ≤ 5)"
echo "non-2xx or socket errors: health $health_err; complete $complete_err; coffee $coffee_err"
