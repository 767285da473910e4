#!/usr/bin/env bash
# Real clients of the protocols `places serve` speaks, from PyPI and pinned, against a server on
# 127.0.0.1 (geopy's Nominatim and Photon geocoders, routingpy's OSRM router) and the Python MCP client against `places mcp`
# over stdio. Run by .ci/run after `swift test`; by hand:
#
#   Scripts/protocol-clients.sh            # builds places if needed
#
# The venv lives in .build/protocol-clients-venv (made once). The server answers from a store in a
# temporary folder that holds Scripts/protocol_clients/dam.osm only, so the answers are known.
set -euo pipefail
cd "$(dirname "$0")/.."

venv=.build/protocol-clients-venv
if [ ! -x "$venv/bin/python" ]; then
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet --disable-pip-version-check geopy==2.4.1 mcp==2.3.0 routingpy==1.3.0
fi
if ! "$venv/bin/python" -c 'import mcp, routingpy' 2>/dev/null; then
    "$venv/bin/pip" install --quiet --disable-pip-version-check mcp==2.3.0 routingpy==1.3.0
fi

swift build --product places >/dev/null
swift build --product places-server >/dev/null
binary=$PWD/.build/debug/places
scratch=$(mktemp -d)
server=""
cleanup() {
    [ -n "$server" ] && kill "$server" 2>/dev/null && wait "$server" 2>/dev/null
    rm -rf "$scratch"
}
trap cleanup EXIT

"$binary" import Scripts/protocol_clients/dam.osm --store "$scratch/places.sqlite" >/dev/null
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()')
PLACES_HTTP_MODE=replay "$binary" serve --store "$scratch/places.sqlite" --open-search --listen "127.0.0.1:$port" \
    >"$scratch/serve.out" 2>"$scratch/serve.err" &
server=$!
# Progress, not a timer: the server says it listens.
for _ in $(seq 1 600); do
    grep -q "listening on" "$scratch/serve.err" && break
    kill -0 "$server" 2>/dev/null || { cat "$scratch/serve.err" >&2; exit 1; }
    sleep 0.1
done
grep -q "listening on" "$scratch/serve.err" || { echo "protocol-clients: the server did not start" >&2; cat "$scratch/serve.err" >&2; exit 1; }

PLACES_SERVE="127.0.0.1:$port" "$venv/bin/python" -m unittest -v Scripts/protocol_clients/test_geocoders.py Scripts/protocol_clients/test_osrm.py
PLACES_SERVE="127.0.0.1:$port" PLACES_BIN="$binary" PLACES_STORE="$scratch/places.sqlite" "$venv/bin/python" -m unittest -v Scripts/protocol_clients/test_mcp.py
