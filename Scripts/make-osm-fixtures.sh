#!/usr/bin/env bash
# Makes the binary fixtures of Tests/OSMFormatTests/Fixtures from the hand-written sample.osm.
# Needs osmium-tool (apt-get install -y osmium-tool), gzip and bzip2. Run from the repository root.
#
# osmium does not know JOSM's action="delete" and drops visible="false" when it writes a file without
# history, so both are removed before converting: the PBF files hold exactly the elements that the
# XML reader returns for sample.osm.
set -euo pipefail
cd Tests/OSMFormatTests/Fixtures
live=$(mktemp --suffix=.osm)
trap 'rm -f "$live"' EXIT
python3 - sample.osm "$live" <<'PY'
import re, sys
text = open(sys.argv[1], encoding="utf-8").read()
text = re.sub(r'\n  <(node|way|relation) [^>]*(action="delete"|visible="false")[^>]*(/>|>.*?</\1>)', "", text, flags=re.S)
open(sys.argv[2], "w", encoding="utf-8").write(text)
PY
# Dense nodes, zlib blobs (osmium's defaults).
osmium cat "$live" --overwrite --output-header=generator="places fixture" -o sample.osm.pbf
# Plain Node messages and uncompressed blobs: the other branches of the PBF reader.
osmium cat "$live" --overwrite --output-header=generator="places fixture" \
    -f pbf,pbf_dense_nodes=false,pbf_compression=none -o sample-plain.osm.pbf
# -n: no name or time stamp in the header, so that the file is the same on every run.
gzip -9 -n -c sample.osm > sample.osm.gz
bzip2 -9 -c sample.osm > sample.osm.bz2
