#!/usr/bin/env bash
# A throwaway PostgreSQL cluster on loopback, for the PostgreSQL half of the store tests and for
# trying `places serve --database` by hand. Used by .ci/run and by developers alike.
#
#   eval "$(Scripts/test-postgres.sh start)"   # starts one; prints the exports to use it
#   swift test
#   Scripts/test-postgres.sh stop              # stops it and removes its folder
#
#   Scripts/test-postgres.sh start --ssl       # with TLS on (ssl=on), its certificate self-signed
#                                              # (DIR/server.crt, which verify-full does not trust)
#   Scripts/test-postgres.sh pause [DIR] [--crash]  # stops the server, keeping its data: nothing listens
#   Scripts/test-postgres.sh resume [DIR]      # starts it again on the same port
#
# start prints `export PLACES_TEST_DATABASE_URL=postgres://places@127.0.0.1:PORT/places_test` and
# `export PLACES_TEST_POSTGRES_DIR=DIR` (what stop needs). The cluster lives in a temporary folder,
# listens on 127.0.0.1 only, on a free port, with trust authentication for local connections: it
# holds nothing but test data and is gone after stop. As root, the server runs as the `postgres`
# user (PostgreSQL refuses to run as root).
set -euo pipefail

# Descriptors the caller left open count against every PostgreSQL process's max_files_per_process:
# started from a test runner with hundreds of pipes open, the server refused to start
# ("insufficient file descriptors available to start server process"). Only stdin, stdout and
# stderr go on (255 is bash's own, reading this script).
for descriptor in /proc/$$/fd/*; do
    descriptor=${descriptor##*/}
    case $descriptor in
    0 | 1 | 2 | 255) ;;
    *) eval "exec $descriptor>&-" 2>/dev/null || true ;;
    esac
done

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

# The server's options: loopback only, its socket in DIR, no fsync (test data), TLS with --ssl.
server_options() {
    local dir="$1" port="$2"
    local options="-k $dir -h 127.0.0.1 -p $port -c fsync=off -c max_connections=200"
    [ -f "$dir/server.crt" ] && options="$options -c ssl=on -c ssl_cert_file=$dir/server.crt -c ssl_key_file=$dir/server.key"
    echo "$options"
}

# A self-signed certificate for 127.0.0.1 (and localhost), made with openssl.
make_certificate() {
    local dir="$1"
    openssl req -x509 -newkey rsa:2048 -nodes -days 2 -subj "/CN=127.0.0.1" \
        -addext "subjectAltName=IP:127.0.0.1,DNS:localhost" \
        -keyout "$dir/server.key" -out "$dir/server.crt" >"$dir/openssl.log" 2>&1 || {
        echo "test-postgres: openssl could not make a certificate; see $dir/openssl.log" >&2
        exit 70
    }
    chmod 600 "$dir/server.key"
    [ "$(id -u)" -eq 0 ] && chown postgres:postgres "$dir/server.key" "$dir/server.crt"
    return 0
}

start() {
    local dir port ssl="${1:-}"
    if [ -n "$ssl" ] && [ "$ssl" != "--ssl" ]; then
        echo "usage: Scripts/test-postgres.sh start [--ssl]" >&2
        exit 64
    fi
    dir="$(mktemp -d "${TMPDIR:-/tmp}/places-postgres.XXXXXX")"
    [ "$(id -u)" -eq 0 ] && chown postgres:postgres "$dir"
    chmod 700 "$dir"
    as_owner "$bindir/initdb" -D "$dir/data" -U postgres --auth=trust --no-sync -E UTF8 --locale=C.UTF-8 >"$dir/initdb.log" 2>&1 || {
        echo "test-postgres: initdb failed; see $dir/initdb.log" >&2
        exit 70
    }
    [ -n "$ssl" ] && make_certificate "$dir"
    # A port can be taken between finding it free and binding it; try a few.
    for _ in 1 2 3 4 5; do
        port="$(free_port)"
        if as_owner "$bindir/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 30 -o "$(server_options "$dir" "$port")" start >/dev/null; then
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

# The folder of the cluster to act on: the one given, else PLACES_TEST_POSTGRES_DIR.
cluster_dir() {
    local dir="${1:-${PLACES_TEST_POSTGRES_DIR:-}}"
    if [ -z "$dir" ] || [ ! -d "$dir/data" ]; then
        echo "test-postgres: no cluster there (give its folder, or set PLACES_TEST_POSTGRES_DIR)" >&2
        exit 66
    fi
    echo "$dir"
}

# Stops the server (its sessions ended at once), keeping its data: clients find nothing listening.
# --crash stops it the way a crash would (immediate: no checkpoint, no goodbye to clients).
pause() {
    local dir mode=fast
    dir="$(cluster_dir "${1:-}")"
    [ "${2:-}" = "--crash" ] && mode=immediate
    as_owner "$bindir/pg_ctl" -D "$dir/data" -m "$mode" -w stop >/dev/null
}

# Starts a paused server again, on its port, and returns when it accepts connections.
resume() {
    local dir
    dir="$(cluster_dir "${1:-}")"
    as_owner "$bindir/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 30 -o "$(server_options "$dir" "$(cat "$dir/port")")" start >/dev/null || {
        echo "test-postgres: the server did not start again; see $dir/server.log" >&2
        exit 69
    }
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

case "${1:-}" in
start) start "${2:-}" ;;
stop) stop "${2:-}" ;;
pause) pause "${2:-}" "${3:-}" ;;
resume) resume "${2:-}" ;;
*)
    echo "usage: Scripts/test-postgres.sh start [--ssl] | stop [DIR] | pause [DIR] [--crash] | resume [DIR]" >&2
    exit 64
    ;;
esac
