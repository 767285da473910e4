#!/usr/bin/env bash
# places serve on PostgreSQL (issue 15), on loopback, bounded in time, in one run:
#   1. Throughput of /v1/complete (NAMES imported names, 2,000 rotating prefixes) and /v1/coffee
#      (recordings replayed) with one instance, then with two instances on one database (a wrk
#      per instance at once, the same connections in all), beside PostgreSQL answering the same
#      prefix queries with pg_trgm (pgbench, as many clients).
#   2. The database's side of an award: pgbench running the award transaction the store runs
#      (claim the walk, insert the entry once, read the balance), with the token lookup every
#      request makes: transactions a second = awards a second the database takes.
#   3. SIGKILL of one of two instances under wrk load while favourites are added through both:
#      the other keeps answering, and every favourite acknowledged (201/200) before the kill is
#      in the database, none twice.
#
#   Benchmarks/server-postgres.sh                     # 200,000 names, 10 s per measurement
#   NAMES=1000000 SECONDS_EACH=10 Benchmarks/server-postgres.sh
#   BIN=.build-release/release Benchmarks/server-postgres.sh   # places and places-server built already
#   PLACES_DATABASE_URL=postgres://… Benchmarks/server-postgres.sh   # a server of yours (else a throwaway one)
#
# Everything shares this machine (2 cores here): the ratios in one run are the result.
set -euo pipefail
cd "$(dirname "$0")/.."
source Benchmarks/need.sh
source Benchmarks/postgres-setup.sh
need wrk wrk
need pgbench postgresql-client-15

names=${NAMES:-200000}
seconds=${SECONDS_EACH:-10}
connections=${CONNECTIONS:-16}
scratch
release_binaries places places-server
(cd Benchmarks && swift build -c release --product ServerLoadFixture >/dev/null)
fixture=Benchmarks/.build/release/ServerLoadFixture

if [ -z "${PLACES_DATABASE_URL:-}" ]; then
    start_cluster
    base_url=$cluster_url
else
    base_url=$PLACES_DATABASE_URL
fi
schema="bench_$$"
database="$base_url?schema=$schema"
# psql and pgbench reach the same schema through PGOPTIONS.
export PGOPTIONS="-c search_path=$schema"
sql() { psql -q -v ON_ERROR_STOP=1 "$base_url" "$@"; }

export HOME=$work PLACES_STORE=$work/places.sqlite PLACES_HTTP_MODE=replay PLACES_CASSETTE_DIR=$PWD/cassettes PLACES_NOW=2026-11-21T10:30:00Z
"$fixture" names "$names" "$work/names.csv" "$work/queries.txt" >&2
"$bin/places" import --names "$work/names.csv" --lat-column lat --lon-column lon --importance-column importance --detail-column kind --kind poi >/dev/null
# Cafés to keep as favourites offline (osm: ids, imported): one per write in part 3. Instances on
# the database find imported places there, the embedded store's instance in its store: both get them.
python3 - "$work/cafes.osm" <<'PY'
import sys
with open(sys.argv[1], "w") as out:
    out.write('<?xml version="1.0" encoding="UTF-8"?>\n<osm version="0.6" generator="server-postgres.sh">\n')
    for n in range(1, 20001):
        out.write(f'  <node id="{n}" lat="{52.35 + (n % 200) * 0.0002:.6f}" lon="{4.85 + (n // 200) * 0.0003:.6f}">'
                  f'<tag k="name" v="Kill Café {n}"/><tag k="amenity" v="cafe"/></node>\n')
    out.write('</osm>\n')
PY
"$bin/places" import "$work/cafes.osm" >/dev/null
"$bin/places" import "$work/cafes.osm" --database "$database" >/dev/null
token=$("$bin/places-server" users add load --database "$database" 2>/dev/null)
# The same account on the embedded store, for an instance without --database (the reference).
embedded_token=$("$bin/places-server" users add load 2>/dev/null)

# Starts an instance on a free port; prints its port.
start_instance() {
    local log=$work/server-$1.log
    local where=(--database "$database")
    [ "$1" = embedded ] && where=()
    "$bin/places-server" --listen 127.0.0.1:0 "${where[@]}" --rate-limit 100000000/s --rate-burst 100000000 2>"$log" >/dev/null &
    pids+=($!)
    echo $! >"$work/pid-$1"
    for _ in $(seq 600); do grep -q "listening on" "$log" && break; sleep 0.1; done
    grep -o 'http://127.0.0.1:[0-9]*' "$log" | head -1 | sed 's/.*://'
}
port_a=$(start_instance a)
port_b=$(start_instance b)
port_e=$(start_instance embedded)
[ -n "$port_a" ] && [ -n "$port_b" ] && [ -n "$port_e" ] || { cat "$work"/server-*.log >&2; exit 69; }
for port in "$port_a" "$port_b"; do
    curl -sf -H "Authorization: Bearer $token" "http://127.0.0.1:$port/v1/complete?text=$(head -1 "$work/queries.txt")" >/dev/null
    curl -sf -H "Authorization: Bearer $token" "http://127.0.0.1:$port/v1/coffee?near=52.37,4.89&top=3" >/dev/null
done

cat >"$work/complete.lua" <<LUA
local queries = {}
for line in io.lines("$work/queries.txt") do queries[#queries + 1] = line end
local i = math.random(#queries)
request = function()
    i = i % #queries + 1
    return wrk.format("GET", "/v1/complete?limit=10&text=" .. queries[i])
end
LUA
to_ms() { echo "$1" | awk '/us$/ {sub("us",""); printf "%.2f", $1/1000; next} /ms$/ {sub("ms",""); printf "%.2f", $1; next} /s$/ {sub("s",""); printf "%.2f", $1*1000}'; }
# wrk output to "requests/s p50 p99 non2xx+errors".
summary() {
    local rps p50 p99 bad
    rps=$(awk '/Requests\/sec/ {print $2}' "$1")
    p50=$(awk '$1 == "50%" {print $2}' "$1")
    p99=$(awk '$1 == "99%" {print $2}' "$1")
    bad=$(awk '/Non-2xx/ {n += $NF} /Socket errors/ {gsub(",", ""); n += $4 + $6 + $8 + $10} END {print n + 0}' "$1")
    # What the errors were, for the record.
    grep -E 'Non-2xx|Socket errors' "$1" | sed "s|^|  $(basename "$1" .txt): |" >>"$work/errors.txt" || true
    echo "$rps $(to_ms "$p50") $(to_ms "$p99") $bad"
}
# One instance with all connections, then both with half each, at once; and the embedded store's instance.
measure() {
    local name=$1
    shift
    wrk -t1 -c"$connections" -d"${seconds}s" --latency -H "Authorization: Bearer $embedded_token" "$@" "http://127.0.0.1:$port_e$path" >"$work/$name-embedded.txt"
    wrk -t1 -c"$connections" -d"${seconds}s" --latency -H "Authorization: Bearer $token" "$@" "http://127.0.0.1:$port_a$path" >"$work/$name-one.txt"
    wrk -t1 -c$((connections / 2)) -d"${seconds}s" --latency -H "Authorization: Bearer $token" "$@" "http://127.0.0.1:$port_a$path" >"$work/$name-a.txt" &
    local first=$!
    wrk -t1 -c$((connections / 2)) -d"${seconds}s" --latency -H "Authorization: Bearer $token" "$@" "http://127.0.0.1:$port_b$path" >"$work/$name-b.txt"
    wait $first
}
echo "1. throughput (wrk, $connections connections in all, ${seconds} s each; $(nproc) cores shared; load $(cut -d' ' -f1 /proc/loadavg))" >&2
path="" measure complete -s "$work/complete.lua"
path="/v1/coffee?near=52.37,4.89&top=3" measure coffee
path="/health" measure health

# pg_trgm over the same names, the same prefixes (decoded, lower-case), as many clients.
python3 - "$work" <<'PY'
import csv, sys, urllib.parse
work = sys.argv[1]
with open(f"{work}/names.csv", newline="") as src, open(f"{work}/names.txt", "w") as out:
    for row in csv.DictReader(src):
        out.write(row["name"].replace("\\", "\\\\").replace("\t", " ") + "\n")
with open(f"{work}/queries.txt") as src, open(f"{work}/prefixes.txt", "w") as out:
    for n, line in enumerate(src, 1):
        text = urllib.parse.unquote(line.strip()).lower().replace("\\", "").replace("%", "").replace("_", "")
        out.write(f"{n}\t{text}\n")
PY
sql -c "CREATE EXTENSION IF NOT EXISTS pg_trgm" -c "CREATE TABLE trgm_name (name text NOT NULL)" -c "CREATE TABLE trgm_prefix (id int PRIMARY KEY, text text NOT NULL)"
sql -c "\\copy trgm_name (name) FROM '$work/names.txt'" -c "\\copy trgm_prefix FROM '$work/prefixes.txt'"
sql -c "CREATE INDEX trgm_name_lower ON trgm_name USING gin (lower(name) gin_trgm_ops)" -c "ANALYZE trgm_name"
prefixes=$(wc -l <"$work/prefixes.txt")
cat >"$work/trgm.sql" <<SQL
\\set i random(1, $prefixes)
SELECT name FROM trgm_name WHERE lower(name) LIKE (SELECT text FROM trgm_prefix WHERE id = :i) || '%' LIMIT 10;
SQL
pgbench -n -c "$connections" -j 1 -T "$seconds" -f "$work/trgm.sql" "$base_url" >"$work/trgm.txt" 2>&1

# 2. The award transaction, as PostgresStore.award runs it, and the token lookup of its request.
sql -c "INSERT INTO account (name, created_at) SELECT 'walker' || n, 0 FROM generate_series(1, 1000) n"
sql -c "INSERT INTO api_token (owner, hash, hint, created_at) SELECT id, md5(id::text), 'plc_', 0 FROM account"
cat >"$work/award.sql" <<'SQL'
\set owner random(2, 1001)
\set recommendation random(1, 1000000)
SELECT account.id FROM api_token JOIN account ON account.id = api_token.owner WHERE api_token.hash = md5(:owner::text) AND api_token.revoked_at IS NULL;
BEGIN;
INSERT INTO walk (fingerprint, owner, feed, recommendation_id, sent_at) VALUES (md5(random()::text), :owner, 'bench', 'feed:' || :recommendation, 0) ON CONFLICT (fingerprint) DO NOTHING RETURNING 1;
INSERT INTO points_entry (owner, feed, recommendation_id, name, points, arrived_at, recorded_at) VALUES (:owner, 'bench', 'feed:' || :recommendation, 'Rec', 10, 0, 0) ON CONFLICT (owner, feed, recommendation_id) DO NOTHING RETURNING 1;
SELECT COALESCE(SUM(points), 0)::bigint FROM points_entry WHERE owner = :owner;
COMMIT;
SQL
echo "2. awards (pgbench, $connections clients, ${seconds} s)" >&2
pgbench -n -c "$connections" -j 1 -T "$seconds" -f "$work/award.sql" "$base_url" >"$work/award.txt" 2>&1

# 3. SIGKILL of instance a under load; favourites added through both, each acknowledgement noted.
echo "3. SIGKILL of one of two instances under load" >&2
kill "$(cat "$work/pid-embedded")"
wrk -t1 -c$((connections / 2)) -d"${seconds}s" --latency -s "$work/complete.lua" -H "Authorization: Bearer $token" "http://127.0.0.1:$port_a" >"$work/kill-a.txt" 2>&1 &
wrk_a=$!
wrk -t1 -c$((connections / 2)) -d"${seconds}s" --latency -s "$work/complete.lua" -H "Authorization: Bearer $token" "http://127.0.0.1:$port_b" >"$work/kill-b.txt" 2>&1 &
wrk_b=$!
python3 - "$work" "$port_a" "$port_b" "$token" "$seconds" <<'PY' &
import json, sys, threading, time, urllib.request, urllib.error
work, ports, token, seconds = sys.argv[1], sys.argv[2:4], sys.argv[4], float(sys.argv[5])
acknowledged, failed, lock, deadline = [], {p: 0 for p in ports}, threading.Lock(), time.time() + seconds
def writer(index):
    n = index
    while time.time() < deadline:
        port = ports[n % 2]
        body = json.dumps({"id": f"osm:node/{n % 20000 + 1}"}).encode()
        request = urllib.request.Request(f"http://127.0.0.1:{port}/v1/favorites?offline=true", data=body, method="POST",
                                         headers={"Authorization": f"Bearer {token}", "Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(request, timeout=10) as answer:
                if answer.status in (200, 201):
                    with lock: acknowledged.append(f"osm:node/{n % 20000 + 1}")
        except (urllib.error.URLError, ConnectionError, OSError):
            with lock: failed[port] += 1
        n += 4
threads = [threading.Thread(target=writer, args=(i,)) for i in range(4)]
for t in threads: t.start()
for t in threads: t.join()
with open(f"{work}/acknowledged.txt", "w") as out: out.write("\n".join(sorted(set(acknowledged))) + "\n")
with open(f"{work}/write-failures.txt", "w") as out: out.write(" ".join(f"{p}:{c}" for p, c in failed.items()))
PY
writers=$!
sleep "$(echo "$seconds / 3" | bc -l)"
kill -KILL "$(cat "$work/pid-a")"
killed_at=$(date +%s.%N)
wait $wrk_a || true
wait $wrk_b || true
wait $writers
kept=$(sql -At -c "SELECT place_id FROM favorite f JOIN account a ON a.id = f.owner WHERE a.name = 'load' ORDER BY 1" | sort)
twice=$(sql -At -c "SELECT count(*) FROM (SELECT place_id FROM favorite GROUP BY owner, place_id HAVING count(*) > 1) t")
missing=$(comm -23 <(grep . "$work/acknowledged.txt" | sort) <(echo "$kept") | wc -l)
after=$(curl -s -o /dev/null -w '%{http_code}' -H "Authorization: Bearer $token" "http://127.0.0.1:$port_b/v1/favorites")

echo
printf '%-44s %12s %8s %8s %8s\n' "endpoint ($names names)" "requests/s" "p50 ms" "p99 ms" "errors"
for name in complete coffee health; do
    read -r rps p50 p99 bad <<<"$(summary "$work/$name-embedded.txt")"
    printf '%-44s %12s %8s %8s %8s\n' "/$name, one instance, embedded store" "$rps" "$p50" "$p99" "$bad"
    read -r rps p50 p99 bad <<<"$(summary "$work/$name-one.txt")"
    printf '%-44s %12s %8s %8s %8s\n' "/$name, one instance" "$rps" "$p50" "$p99" "$bad"
    read -r rps_a p50_a p99_a bad_a <<<"$(summary "$work/$name-a.txt")"
    read -r rps_b p50_b p99_b bad_b <<<"$(summary "$work/$name-b.txt")"
    printf '%-44s %12s %8s %8s %8s\n' "/$name, two instances (a + b)" "$(echo "$rps_a + $rps_b" | bc)" "$p50_a/$p50_b" "$p99_a/$p99_b" "$((bad_a + bad_b))"
done
trgm_tps=$(awk '/^tps/ {print $3}' "$work/trgm.txt")
trgm_latency=$(awk '/latency average/ {print $4}' "$work/trgm.txt")
printf '%-44s %12s %8s\n' "pg_trgm prefix query (pgbench, same prefixes)" "$trgm_tps" "avg $trgm_latency"
award_tps=$(awk '/^tps/ {print $3}' "$work/award.txt")
award_latency=$(awk '/latency average/ {print $4}' "$work/award.txt")
echo
echo "awards the database takes: $award_tps a second ($connections clients, avg $award_latency ms), each 1 transaction of 3 statements + the token lookup"
echo
read -r rps_b _ _ bad_b <<<"$(summary "$work/kill-b.txt")"
read -r rps_a _ _ bad_a <<<"$(summary "$work/kill-a.txt")"
echo "SIGKILL of a at $(echo "$seconds / 3" | bc -l | cut -c1-4) s of $seconds s: b answered $rps_b requests/s with $bad_b errors; a $bad_a errors (killed)"
echo "favourites acknowledged: $(grep -c . "$work/acknowledged.txt" || true) distinct; in the database: $(echo "$kept" | grep -c . || true); acknowledged but missing: $missing; kept twice: $twice; write failures by port: $(cat "$work/write-failures.txt")"
echo "b after the kill: /v1/favorites $after"
echo "errors in detail:"
cat "$work/errors.txt" 2>/dev/null || echo "  none"
[ "$missing" -eq 0 ] && [ "$twice" -eq 0 ] && [ "$after" = "200" ]
