#!/usr/bin/env bash
# `places stops` beside gpxpy's moving/stopped split, scikit-mobility's stay_locations and
# trackintel's sliding staypoints on the real GPX files in shared/data/gpx: stops found, time in
# stops and the agreement of the stop intervals with ours (intersection over union), at our
# defaults and at each peer's defaults. Not a speed benchmark: a check of what we call a stop.
#
# The peers go into Benchmarks/.venv-stops/ (not committed):
#   main/   gpxpy + trackintel (pandas 3, geopandas 1.x)
#   skmob/  scikit-mobility, wheels only. Its latest, 1.3.1, pins pandas<2, geopandas 0.10 and
#           python-igraph<0.10, and igraph 0.9 has wheels only up to Python 3.10, so this venv uses
#           a Python 3.8-3.10 if one is on the machine (pyenv's count); on a newer Python pip falls
#           back to an older scikit-mobility (1.2.2, whose stay_locations is called stops).
# A peer that cannot be installed is said in one line; the others still run.
#
#   Benchmarks/stops-compare.sh                       # builds release, all of shared/data/gpx
#   PLACES_BIN=.build/debug/places Benchmarks/stops-compare.sh some.gpx other.gpx
#   SKMOB_BASE_PYTHON=/path/to/python3.10 Benchmarks/stops-compare.sh   # the skmob venv's Python
# Writes the table to stdout and Benchmarks/.results/stops-compare.{txt,json}.
set -euo pipefail
cd "$(dirname "$0")/.."

venvs=Benchmarks/.venv-stops
results=Benchmarks/.results
mkdir -p "$venvs" "$results"
log=$results/stops-pip.log   # pip's output, per peer: stops-pip-trackintel.log, stops-pip-skmob.log
: >"$log"

say_failed() { # peer, pip log: one line with pip's last error
    local why
    why=$(grep -E '^ERROR|error:|You need|not found' "$2" | grep -v '^ *note' | tail -n 1 | cut -c1-160 || true)
    echo "stops-compare: $1 not installed: ${why:-see $log}" >&2
}

# gpxpy and trackintel, with the Python 3 on PATH.
if [ ! -x "$venvs/main/bin/python" ]; then
    python3 -m venv "$venvs/main"
fi
py=$venvs/main/bin/python
if ! "$py" -c 'import gpxpy' 2>/dev/null; then
    "$py" -m pip install --quiet gpxpy >>"$log" 2>&1 || { say_failed gpxpy "$log"; exit 1; }
fi
if ! "$py" -c 'import trackintel' 2>/dev/null; then
    "$py" -m pip install --quiet trackintel >"$results/stops-pip-trackintel.log" 2>&1 || say_failed trackintel "$results/stops-pip-trackintel.log"
fi

# scikit-mobility in its own venv, on a Python its pins have wheels for.
skmob_python=
if [ -x "$venvs/skmob/bin/python" ] && "$venvs/skmob/bin/python" -c 'import skmob' 2>/dev/null; then
    skmob_python=$venvs/skmob/bin/python
else
    base=${SKMOB_BASE_PYTHON:-}   # to choose the interpreter by hand
    candidates=(python3.10 python3.9 python3.8)
    if command -v pyenv >/dev/null; then
        for v in 3.10 3.9 3.8; do
            candidates+=("$(ls -d "$(pyenv root)"/versions/$v.*/bin/python3 2>/dev/null | sort -V | tail -n 1)")
        done
    fi
    for c in "${candidates[@]}"; do
        [ -z "$base" ] && [ -n "$c" ] && "$c" -c 'import sys, venv; assert (3, 8) <= sys.version_info[:2] <= (3, 10)' 2>/dev/null \
            && { base=$c; break; }
    done
    rm -rf "$venvs/skmob"
    if [ -z "$base" ]; then
        # Python 3.11+: python-igraph 0.9 has no wheel, and building it needs CMake and a C compiler.
        base=python3
    fi
    # Wheels only: a source build of igraph 0.9 takes long and needs CMake; better to say so.
    if "$base" -m venv "$venvs/skmob" >>"$log" 2>&1 \
        && "$venvs/skmob/bin/python" -m pip install --quiet --only-binary=:all: \
            "numpy<2" "shapely<2" scikit-mobility >"$results/stops-pip-skmob.log" 2>&1 \
        && "$venvs/skmob/bin/python" -c 'import skmob' >>"$results/stops-pip-skmob.log" 2>&1; then
        skmob_python=$venvs/skmob/bin/python
    else
        say_failed "scikit-mobility (with $("$base" --version 2>&1))" "$results/stops-pip-skmob.log"
    fi
fi

versions=$("$py" - <<'PY'
import importlib.metadata as m
out = []
for name in ("gpxpy", "trackintel", "geopandas", "pandas"):
    try: out.append(f"{name} {m.version(name)}")
    except m.PackageNotFoundError: out.append(f"{name} -")
print(", ".join(out))
PY
)
[ -n "$skmob_python" ] && versions="$versions; scikit-mobility $("$skmob_python" -c 'import importlib.metadata as m; print(m.version("scikit-mobility"))') (Python $("$skmob_python" -c 'import platform; print(platform.python_version())'))"
echo "stops-compare: $versions" >&2

if [ -z "${PLACES_BIN:-}" ]; then
    swift build -c release --product places >&2
    PLACES_BIN=.build/release/places
fi
if ! "$PLACES_BIN" stops --help >/dev/null 2>&1; then
    echo "stops-compare: $PLACES_BIN has no working 'stops' command; its rows will say why" >&2
fi

if [ $# -eq 0 ]; then
    gpx_dir=${GPX_DIR:-../shared/data/gpx}
    set -- "$gpx_dir"/*.gpx
fi
PLACES_BIN=$PLACES_BIN SKMOB_PYTHON=$skmob_python \
    "$py" Benchmarks/stops-compare.py --json-out "$results/stops-compare.json" "$@" | tee "$results/stops-compare.txt"
