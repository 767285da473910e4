#!/usr/bin/env bash
# Does places serve send what /openapi.json promises? schemathesis (PyPI) generates requests from the
# document (valid and invalid ones) against a server on 127.0.0.1, offline (replayed recordings, a
# small imported extract written here, an account with a token), and checks every response —
# status, content type, headers and body — against the document. Bounded: MAX_EXAMPLES per
# operation, MAX_TIME seconds in all.
#
#   Scripts/server-openapi-check.sh                        # debug build, 25 examples per operation
#   BUILD=release MAX_EXAMPLES=100 Scripts/server-openapi-check.sh
#   SKIP_BUILD=1 Scripts/server-openapi-check.sh           # the binaries in .build/$BUILD as they are
#
# Exit status: schemathesis's (0 when every check passed).
set -euo pipefail
cd "$(dirname "$0")/.."
build=${BUILD:-debug}
examples=${MAX_EXAMPLES:-25}
max_time=${MAX_TIME:-600}
command -v schemathesis >/dev/null || pip install --quiet schemathesis
work=$(mktemp -d)
server_pid=""
cleanup() { [ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null; rm -rf "$work"; }
trap cleanup EXIT

if [ -n "${SKIP_BUILD:-}" ]; then
    bin=.build/$build
else
    swift build -c "$build" --product places-server >/dev/null
    swift build -c "$build" --product places >/dev/null
    bin=$(swift build -c "$build" --show-bin-path)
fi
export HOME=$work PLACES_STORE=$work/places.sqlite PLACES_HTTP_MODE=replay PLACES_CASSETTE_DIR=$PWD/cassettes \
    PLACES_NOW=2026-11-21T10:30:00Z PLACES_CONFIG=$work/config.toml
printf '[feed]\nurl = "%s"\n[feeds]\nexample = "%s"\n' "$PWD/examples/feed.json" "$PWD/examples/feed.json" >"$work/config.toml"
cat >"$work/dam.osm" <<'OSM'
<?xml version="1.0" encoding="UTF-8"?>
<osm version="0.6" generator="server-openapi-check">
  <node id="1" lat="52.3731" lon="4.8926"><tag k="name" v="Dam"/><tag k="place" v="square"/></node>
  <node id="2" lat="52.3740" lon="4.8935"><tag k="name" v="Koffiebar Damrak"/><tag k="amenity" v="cafe"/><tag k="addr:street" v="Damrak"/></node>
  <node id="3" lat="52.3745" lon="4.8940"/>
  <node id="4" lat="52.3770" lon="4.8965"/>
  <way id="10"><nd ref="3"/><nd ref="4"/><tag k="name" v="Damrak"/><tag k="highway" v="primary"/></way>
</osm>
OSM
"$bin/places" import "$work/dam.osm" >/dev/null 2>&1
token=$("$bin/places-server" users add schemathesis 2>/dev/null)

"$bin/places-server" --listen 127.0.0.1:0 --rate-limit 100000/s --rate-burst 100000 2>"$work/server.log" >/dev/null &
server_pid=$!
for _ in $(seq 600); do grep -q "listening on" "$work/server.log" && break; sleep 0.1; done
base=$(grep -o 'http://127.0.0.1:[0-9]*' "$work/server.log" | head -1)
[ -n "$base" ] || { cat "$work/server.log" >&2; exit 69; }

status=0
# Left out: positive_data_acceptance (a position is "LAT,LON or a name" and an id must name a known
# provider: no schema says that, so schema-valid requests are refused by design); not_a_server_error
# (offline, 503 is the documented answer when no recording covers a request; a 500 is caught in the
# server's log below); unsupported_method (Hummingbird answers an unlisted method with 404, not 405).
# POST /v1/follow is left out: its body is NDJSON sent as one walks, which schemathesis cannot make;
# PlacesServerTests follow walks over both transports.
(cd "$work" && schemathesis run "$base/openapi.json" --url "$base" -H "Authorization: Bearer $token" --checks all \
    --exclude-checks positive_data_acceptance,not_a_server_error,unsupported_method --exclude-path /v1/follow \
    --max-examples "$examples" --max-time "$max_time" --workers 1 --seed 14 --request-timeout 30) || status=$?
kill -TERM "$server_pid"; wait "$server_pid" 2>/dev/null || true; server_pid=""
if grep -q '"level":"critical"\|"status":500' "$work/server.log"; then
    echo "server-openapi-check: the server logged a 500 or a critical line:" >&2
    grep '"level":"critical"\|"status":500' "$work/server.log" | head -5 >&2
    status=${status/#0/70}
fi
exit "$status"
