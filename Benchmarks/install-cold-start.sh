#!/usr/bin/env bash
# Cold start of an installed places (Scripts/install.sh: release, static Swift runtime) against
# the same build linked to the toolchain's shared runtime, `places --help`, and a plain Swift
# "hello" built both ways, all measured in alternating hyperfine rounds on this machine.
#
#   Benchmarks/install-cold-start.sh            # 5 rounds of 20 runs
#   ROUNDS=8 RUNS=30 Benchmarks/install-cold-start.sh
set -euo pipefail
cd "$(dirname "$0")/.."
source Benchmarks/need.sh
need hyperfine hyperfine

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
rounds=${ROUNDS:-5}
runs=${RUNS:-20}

# The installed, static build (what Scripts/install.sh makes), and the default dynamic release build.
quietly Scripts/install.sh --prefix "$work/static"
quietly swift build -c release --product places
dynamic="$(swift build -c release --show-bin-path)/places"
static="$work/static/bin/places"

# A plain Swift hello, both ways.
mkdir -p "$work/hello/Sources/hello"
cat > "$work/hello/Package.swift" <<'SWIFT'
// swift-tools-version: 6.1
import PackageDescription
let package = Package(name: "hello", targets: [.executableTarget(name: "hello")])
SWIFT
echo 'print("hello")' > "$work/hello/Sources/hello/main.swift"
(cd "$work/hello" && quietly swift build -c release && cp .build/release/hello "$work/hello-dynamic" \
    && quietly swift build -c release --static-swift-stdlib && cp .build/release/hello "$work/hello-static")

# An index to complete from, in a store of its own.
store="$work/store/places.sqlite"
mkdir -p "$work/store"
cat > "$work/names.csv" <<'CSV'
name,lat,lon
Damrak,52.3755,4.8963
Damstraat,52.3722,4.8950
Dam,52.3731,4.8926
CSV
quietly env PLACES_STORE="$store" "$static" import --names "$work/names.csv"

results=Benchmarks/.results
mkdir -p "$results"
rm -f "$results"/install-cold-*.json
cd "$work"   # from any folder: the installed binary finds its recordings beside it
for round in $(seq "$rounds"); do
    quietly env -i PATH="$PATH" HOME="$work" PLACES_STORE="$store" PLACES_NOW=2026-11-21T10:30:00Z TZ=Europe/Amsterdam PLACES_HTTP_MODE=replay \
        hyperfine -N --warmup 5 --runs "$runs" --export-json "$OLDPWD/$results/install-cold-$round.json" \
        -n hello-dynamic "$work/hello-dynamic" -n hello-static "$work/hello-static" \
        -n help-dynamic "$dynamic --help" -n help-static "$static --help" \
        -n complete-dynamic "$dynamic complete Damr" -n complete-static "$static complete Damr" \
        -n coffee-dynamic "$dynamic coffee --near 52.37,4.89 --top 3" -n coffee-static "$static coffee --near 52.37,4.89 --top 3" \

done
cd "$OLDPWD"
compare() { Benchmarks/compare-medians.py "$results/install-cold" "$1" "$2" "$3" "$4" "$5"; echo; }
compare hello-static "hello (static)" help-static "installed places --help (static)" 20
compare help-static "installed places --help (static)" complete-static "installed places complete Damr (static)" 2
compare help-static "installed places --help (static)" coffee-static "installed places coffee (static)" 2
compare complete-dynamic "places complete Damr (dynamic)" complete-static "places complete Damr (static)" 1
compare coffee-dynamic "places coffee (dynamic)" coffee-static "places coffee (static)" 1
compare hello-dynamic "hello (dynamic)" hello-static "hello (static)" 1
