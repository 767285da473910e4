#!/usr/bin/env bash
# SIGKILL of places serve under load (issue 14): ACCOUNTS clients add favourites and walk live to
# recommendations while the server is killed at a random moment, ROUNDS times; after each restart,
# every favourite and award acknowledged before the kill must be there, and none twice.
#
#   Benchmarks/server-sigkill.sh                 # 8 accounts, 3 rounds (about 5 minutes)
#   ACCOUNTS=16 ROUNDS=5 Benchmarks/server-sigkill.sh
#   BIN=.build-release/release Benchmarks/server-sigkill.sh   # a places-server built already
#
# Offline: the ParkShark meters and the walking routes it needs are recordings it writes itself.
set -euo pipefail
cd "$(dirname "$0")/.."
accounts=${ACCOUNTS:-8}
rounds=${ROUNDS:-3}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

if [ -n "${BIN:-}" ]; then
    bin=$BIN  # places-server built already (e.g. with --scratch-path)
else
    swift build -c release --product places-server >/dev/null
    bin=$(swift build -c release --show-bin-path)
fi
export HOME=$work PLACES_STORE=$work/places.sqlite PLACES_HTTP_MODE=replay PLACES_CASSETTE_DIR=$work/cassettes \
    PLACES_CONFIG=$work/config.toml

python3 Benchmarks/server_fault_clients.py recordings "$work" "$accounts" "$rounds"

tokens="{"
for a in $(seq 0 $((accounts - 1))); do
    token=$("$bin/places-server" users add "user$a" 2>/dev/null)
    tokens+="\"user$a\": \"$token\","
done
echo "${tokens%,}}" >"$work/tokens.json"
python3 Benchmarks/server-sigkill.py "$bin/places-server" "$work" "$accounts" "$rounds"
python3 -c "import sqlite3,sys; print('integrity_check:', sqlite3.connect(sys.argv[1]).execute('PRAGMA integrity_check').fetchone()[0])" "$work/places.sqlite"
