#!/usr/bin/env bash
# A throwaway PostgreSQL cluster on loopback, for the PostgreSQL half of the store tests and for
# trying `places serve --database` by hand. Used by .ci/run and by developers alike.
#
#   eval "$(Scripts/test-postgres.sh start)"   # starts one; prints the exports to use it
#   swift test
#   Scripts/test-postgres.sh stop              # stops it and removes its folder
#   Scripts/test-postgres.sh down | up         # stops it as a crash would, starts it again (data kept)
#
# start prints `export PLACES_TEST_DATABASE_URL=postgres://places@127.0.0.1:PORT/places_test` and
# `export PLACES_TEST_POSTGRES_DIR=DIR` (what stop needs). The cluster lives in a temporary folder,
# listens on 127.0.0.1 only, on a free port, with trust authentication for local connections: it
# holds nothing but test data and is gone after stop. As root, the server runs as the `postgres`
# user (PostgreSQL refuses to run as root).
set -euo pipefail

bindir=""
for candidate in /usr/lib/postgresql/*/bin; do
    [ -x "$candidate/initdb" ] && bindir="$candidate"
done
if [ -z "$bindir" ]; then
    echo "test-postgres: no PostgreSQL server found under /usr/lib/postgresql; install it: apt-get install -y postgresql-15 postgresql-15-postgis-3" >&2
    exit 69
fi

# As root, run the cluster's commands as `postgres`; otherwise as ourselves.
as_owner() {
    if [ "$(id -u)" -eq 0 ]; then
        runuser -u postgres -- "$@"
    else
        "$@"
    fi
}

free_port() {
    python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()'
}

# Starts the cluster in $1 on port $2 (again, after `down`, on the same port).
run_server() {
    as_owner "$bindir/pg_ctl" -D "$1/data" -l "$1/server.log" -w -t 30 \
        -o "-k $1 -h 127.0.0.1 -p $2 -c fsync=off -c max_connections=200" start >/dev/null
}

start() {
    local dir port
    dir="$(mktemp -d "${TMPDIR:-/tmp}/places-postgres.XXXXXX")"
    [ "$(id -u)" -eq 0 ] && chown postgres:postgres "$dir"
    chmod 700 "$dir"
    as_owner "$bindir/initdb" -D "$dir/data" -U postgres --auth=trust --no-sync -E UTF8 --locale=C.UTF-8 >"$dir/initdb.log" 2>&1 || {
        echo "test-postgres: initdb failed; see $dir/initdb.log" >&2
        exit 70
    }
    # A port can be taken between finding it free and binding it; try a few.
    for _ in 1 2 3 4 5; do
        port="$(free_port)"
        if run_server "$dir" "$port"; then
            echo "$port" >"$dir/port"
            break
        fi
        port=""
    done
    if [ -z "$port" ]; then
        echo "test-postgres: the server did not start; see $dir/server.log" >&2
        exit 69
    fi
    as_owner "$bindir/psql" -q -h 127.0.0.1 -p "$port" -U postgres -d postgres \
        -c "CREATE ROLE places LOGIN SUPERUSER" -c "CREATE DATABASE places_test OWNER places" >/dev/null
    echo "export PLACES_TEST_POSTGRES_DIR=$dir"
    echo "export PLACES_TEST_DATABASE_URL=postgres://places@127.0.0.1:$port/places_test"
}

stop() {
    local dir="${1:-${PLACES_TEST_POSTGRES_DIR:-}}"
    if [ -z "$dir" ] || [ ! -d "$dir/data" ]; then
        echo "test-postgres: no cluster to stop (give its folder, or set PLACES_TEST_POSTGRES_DIR)" >&2
        exit 66
    fi
    as_owner "$bindir/pg_ctl" -D "$dir/data" -m immediate -w stop >/dev/null 2>&1 || true
    rm -rf "$dir"
}

# The database going away and coming back (Benchmarks/server-outage.sh): `down` stops the server
# the way a crash would (immediate: no checkpoint, no goodbye to clients), `up` starts it again on
# the same port; the cluster and its data stay.
down() {
    local dir="${1:-${PLACES_TEST_POSTGRES_DIR:-}}"
    as_owner "$bindir/pg_ctl" -D "$dir/data" -m immediate -w stop >/dev/null
}

up() {
    local dir="${1:-${PLACES_TEST_POSTGRES_DIR:-}}"
    run_server "$dir" "$(cat "$dir/port")" || {
        echo "test-postgres: the server did not start again; see $dir/server.log" >&2
        exit 69
    }
}

case "${1:-}" in
start) start ;;
stop) stop "${2:-}" ;;
down) down "${2:-}" ;;
up) up "${2:-}" ;;
*)
    echo "usage: Scripts/test-postgres.sh start | stop [DIR] | down [DIR] | up [DIR]" >&2
    exit 64
    ;;
esac
