#!/usr/bin/env bash
# The database going away mid-load (issue 15): two places serve instances on one PostgreSQL,
# ACCOUNTS clients adding favourites through both and walking live to recommendations, wrk
# reading favourites through both, a probe through each 20 times a second; the PostgreSQL server
# is stopped as a crash would (test-postgres.sh pause --crash: pg_ctl -m immediate) for OUTAGE seconds, ROUNDS times, and started
# again. Requests meanwhile must get 503s (not hang, not 500), both instances must answer again
# once it is back, and every favourite and award acknowledged must be kept, none twice (checked
# through the instances and in the database).
#
#   Benchmarks/server-outage.sh                       # 8 accounts, 2 rounds, 10 s outages (about 4 minutes)
#   ACCOUNTS=16 ROUNDS=3 OUTAGE=20 Benchmarks/server-outage.sh
#   BIN=.build-release/release Benchmarks/server-outage.sh    # places-server built already
#
# Needs a PostgreSQL server installed (it starts a throwaway cluster: Scripts/test-postgres.sh) and wrk.
set -euo pipefail
cd "$(dirname "$0")/.."
source Benchmarks/need.sh
source Benchmarks/postgres-setup.sh
need wrk wrk
need psql postgresql-client-15

accounts=${ACCOUNTS:-8}
rounds=${ROUNDS:-2}
scratch
release_binaries places-server
start_cluster
database=$cluster_url

export HOME=$work PLACES_STORE=$work/places.sqlite PLACES_HTTP_MODE=replay PLACES_CASSETTE_DIR=$work/cassettes \
    PLACES_CONFIG=$work/config.toml
python3 Benchmarks/server_fault_clients.py recordings "$work" "$accounts" "$rounds"
tokens="{"
for a in $(seq 0 $((accounts - 1))); do
    token=$("$bin/places-server" users add "user$a" --database "$database" 2>/dev/null)
    tokens+="\"user$a\": \"$token\","
done
echo "${tokens%,}}" >"$work/tokens.json"

echo "$(nproc) cores, load $(cut -d' ' -f1 /proc/loadavg); $accounts accounts, $rounds rounds, outages of ${OUTAGE:-10} s" >&2
status=0
python3 Benchmarks/server-outage.py "$bin/places-server" "$work" "$rounds" "$database" "$cluster" || status=$?
# The database's own word: nothing twice.
twice=$(psql -At "$database" -c "SELECT (SELECT count(*) FROM (SELECT 1 FROM favorite GROUP BY owner, place_id HAVING count(*) > 1) f)
    + (SELECT count(*) FROM (SELECT 1 FROM points_entry GROUP BY owner, feed, recommendation_id HAVING count(*) > 1) p)")
echo "in the database: $(psql -At "$database" -c "SELECT count(*) FROM favorite") favourites, $(psql -At "$database" -c "SELECT count(*) FROM points_entry") awards; kept twice: $twice"
[ "$twice" -eq 0 ] || status=1
exit $status
