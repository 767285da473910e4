#!/usr/bin/env python3
"""Seed corpora for the fuzz harnesses, made from the repository's own test fixtures.

    Fuzz/make-corpora.py [OUT]        (default: Fuzz/.seeds; one folder per harness)

Sources: Tests/OSMFormatTests/Fixtures, cassettes/ (each provider's recorded answers), examples/
(GPX walks, the recommendation feed), literal values in the tests (coordinates, --arrive, --duration,
config files), and a name index written by `places import` of the OSM fixture when a built `places`
is found (PLACES_BINARY, else ../.build/{debug,release}/places). Nothing is copied from ../shared/data.
Seeds are kept under 64 KiB: a fuzzer spends its time on small inputs.
"""
import json
import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import zlib
from pathlib import Path

FUZZ = Path(__file__).resolve().parent
REPO = FUZZ.parent
OUT = Path(sys.argv[1]) if len(sys.argv) > 1 else FUZZ / ".seeds"
LIMIT = 64 * 1024
FIXTURES = REPO / "Tests/OSMFormatTests/Fixtures"
counts = {}


def seed(harness, name, content):
    if isinstance(content, str):
        content = content.encode()
    if len(content) > LIMIT:
        return
    folder = OUT / harness
    folder.mkdir(parents=True, exist_ok=True)
    (folder / name).write_bytes(content)
    counts[harness] = counts.get(harness, 0) + 1


def compact(value):
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def shrink(value, keep=4):
    """The same document with every array cut to its first `keep` items, to fit the size limit."""
    if isinstance(value, list):
        return [shrink(item, keep) for item in value[:keep]]
    if isinstance(value, dict):
        return {key: shrink(item, keep) for key, item in value.items()}
    return value


def body_json(interaction):
    body = interaction.get("response", {}).get("body", {})
    if "json" in body:
        return body["json"]
    if "text" in body:
        try:
            return json.loads(body["text"])
        except ValueError:
            return None
    return None


# --- Cassettes: whole files (shrunk), one-interaction cassettes, and each answer body per provider.
provider_harness = {
    "foursquare": "foursquare", "parkshark": "parkshark", "amsterdam-garages": "garages",
    "google": "google-directions", "osrm": "osrm", "osm": "overpass", "photon": "photon",
}
polylines = []
for path in sorted((REPO / "cassettes").glob("*/*.json")):
    provider = path.parent.name
    cassette = json.loads(path.read_text())
    stem = f"{provider}-{path.stem}"
    seed("cassette", f"{stem}.json", compact(shrink(cassette)))
    seed("json", f"cassette-{stem}.json", compact(shrink(cassette)))
    for index, interaction in enumerate(cassette.get("interactions", [])[:6]):
        one = dict(cassette, interactions=[interaction])
        seed("cassette", f"{stem}-{index}.json", compact(one))
        body = body_json(interaction)
        if body is None:
            continue
        harness = provider_harness.get(provider)
        for keep in (2, 8):
            text = compact(shrink(body, keep))
            if harness:
                seed(harness, f"{stem}-{index}-{keep}.json", text)
            seed("json", f"body-{stem}-{index}-{keep}.json", text)
        if provider == "osm":
            seed("osm-overpass-json", f"{stem}-{index}.json", compact(shrink(body, 8)))
        # Encoded polylines: Google's overview and steps, OSRM's geometries.
        for match in re.finditer(r'"(?:points|geometry)":"((?:[^"\\]|\\.)*)"', compact(body)):
            polylines.append(json.loads(f'"{match.group(1)}"'))

for index, text in enumerate(sorted(set(polylines), key=len)[:40]):
    seed("polyline", f"cassette-{index}.txt", text)
seed("polyline", "google-documented.txt", "_p~iF~ps|U_ulLnnqC_mqNvxq`@")

# --- Provider plugins: the example plugin's answers, and the protocol's documented objects.
seed("plugin-answer", "describe.json", '{"protocol": 1, "id": "csv", "categories": ["coffee", "cafe"], "needs": []}')
seed("plugin-answer", "search.json", json.dumps({"places": [
    {"id": "1", "name": "The Office Espresso Bar", "lat": 52.3713, "lon": 4.8924, "categories": ["coffee"],
     "rating": {"value": 9.1, "scale": 10, "count": 120}, "address": "Rokin 1", "opening_hours": "Mo-Su 08:00-18:00",
     "url": "https://example.org"},
    {"id": "2", "name": "Canteen", "lat": 52.372, "lon": 4.895}]}))
for path in sorted((REPO / "examples/plugins").glob("*.csv")):
    seed("plugin-answer", f"csv-{path.stem}.txt", path.read_bytes())

# --- OSM fixtures.
for path in sorted(FIXTURES.iterdir()):
    data = path.read_bytes()
    seed("osm-file", path.name, data)
    if path.name.endswith(".osm"):
        seed("osm-xml", path.name, data)
        seed("gpx", "osm-root.xml", data)  # another XML root: the GPX reader must refuse it well
    if path.name.endswith(".pbf"):
        seed("osm-pbf", path.name, data)
    if path.name.endswith(".json"):
        seed("osm-overpass-json", path.name, data)
        seed("json", path.name, data)


def pbf_blobs(data):
    """(type, payload) of every blob of a PBF file, the payload inflated."""
    offset = 0
    while offset + 4 <= len(data):
        (size,) = struct.unpack(">I", data[offset:offset + 4])
        header = dict(protobuf_fields(data[offset + 4:offset + 4 + size]))
        offset += 4 + size
        blob_size = header.get(3, 0)
        blob = dict(protobuf_fields(data[offset:offset + blob_size]))
        offset += blob_size
        payload = blob.get(1) or (zlib.decompress(blob[3]) if 3 in blob else b"")
        yield header.get(1, b"").decode(), payload


def protobuf_fields(data):
    position = 0

    def varint():
        nonlocal position
        result, shift = 0, 0
        while True:
            byte = data[position]
            position += 1
            result |= (byte & 0x7F) << shift
            if byte < 0x80:
                return result
            shift += 7

    while position < len(data):
        key = varint()
        number, wire = key >> 3, key & 7
        if wire == 0:
            yield number, varint()
        elif wire == 2:
            length = varint()
            yield number, data[position:position + length]
            position += length
        elif wire == 1:
            position += 8
        elif wire == 5:
            position += 4
        else:
            return


for name in ("sample.osm.pbf", "sample-plain.osm.pbf"):
    for index, (kind, payload) in enumerate(pbf_blobs((FIXTURES / name).read_bytes())):
        harness = "pbf-block"
        seed(harness, f"{name}-{index}-{kind}.bin", payload)
        seed("protobuf", f"{name}-{index}-{kind}.bin", payload)

# --- Traces: the example walks, cut to a few hundred points, and the same fixes in the other formats.
fixes = []
for path in sorted((REPO / "examples").glob("*.gpx")):
    text = path.read_text()
    points = re.findall(r"<trkpt[^>]*>.*?</trkpt>", text, re.S)
    head = text[: text.find("<trkseg>") + len("<trkseg>")]
    for count in (3, 40, 200):
        seed("gpx", f"{path.stem}-{count}.gpx", head + "\n".join(points[:count]) + "</trkseg></trk></gpx>\n")
    for point in points[:200]:
        lat = float(re.search(r'lat="([^"]+)"', point).group(1))
        lon = float(re.search(r'lon="([^"]+)"', point).group(1))
        time = re.search(r"<time>([^<]+)</time>", point)
        ele = re.search(r"<ele>([^<]+)</ele>", point)
        fixes.append((lat, lon, time.group(1) if time else None, float(ele.group(1)) if ele else None))
seed("gpx", "everything.gpx", """<?xml version="1.0"?><!-- c --><!DOCTYPE gpx [ <!ENTITY x "y"> ]>
<gpx xmlns:g="x"><wpt lat="1" lon="1"><name>A &amp; B</name></wpt><rte><rtept lat="2" lon="2"/></rte>
<trk><trkseg><trkpt lat="52.1" lon="4.1"><ele>1</ele><time>2024-05-01T10:00:00Z</time>
<extensions><hacc>3</hacc><g:speed>1.4</g:speed><course>90</course></extensions></trkpt>
<g:trkpt lat='52.2' lon='4.2'><time><![CDATA[2024-05-01T10:00:01.5+01:00]]></time></g:trkpt>
</trkseg><trkseg><trkpt lat="5&#50;.3" lon="4.3"/></trkseg></trk></gpx>
""")

for count in (3, 40, 200):
    part = fixes[:count]
    line = {"type": "Feature", "geometry": {"type": "LineString", "coordinates": [[f[1], f[0], f[3] or 0] for f in part]},
            "properties": {"coordTimes": [f[2] for f in part]}}
    seed("geojson-trace", f"line-{count}.geojson", compact({"type": "FeatureCollection", "features": [line]}))
    points = [{"type": "Feature", "geometry": {"type": "Point", "coordinates": [f[1], f[0]]},
               "properties": {"time": f[2], "accuracy": 5}} for f in part]
    seed("geojson-trace", f"points-{count}.geojson", compact({"type": "FeatureCollection", "features": points}))
    seed("ndjson-trace", f"fixes-{count}.ndjson",
         "".join(compact({"lat": f[0], "lon": f[1], "time": f[2], "accuracy": 5, "ele": f[3]}) + "\n" for f in part))
    seed("gpsd-trace", f"tpv-{count}.jsonl", compact({"class": "VERSION", "release": "3.25"}) + "\n" + "".join(
        compact({"class": "TPV", "mode": 3, "time": f[2], "lat": f[0], "lon": f[1], "altMSL": f[3], "eph": 4.5,
                 "speed": 1.3, "track": 80}) + "\n" for f in part))
seed("geojson-trace", "multi.geojson", compact({"type": "MultiLineString", "coordinates": [[[4.1, 52.1], [4.2, 52.2]], [[4.3, 52.3]]]}))

# --- Name lists: the names of the OSM fixture as a register, a gazetteer and a TSV, behind the byte that
# picks the delimiter and the column mapping (see fuzz-name-list).
names = re.findall(r'<node id="\d+" lat="([^"]+)" lon="([^"]+)"[^>]*>.*?<tag k="name" v="([^"]+)"',
                   (FIXTURES / "sample.osm").read_text(), re.S)
names += [(f[0], f[1], f"Punt {i}") for i, f in enumerate(fixes[:20])]
register = "".join(f"{i},0363,{n},1012AB\n" for i, (_, _, n) in enumerate(names))
gazetteer = "name,lat,lon,population,admin1,cc\n" + "".join(f'"{n}",{a},{o},{1000 * i},NH,NL\n' for i, (a, o, n) in enumerate(names))
tsv = "".join(f"{i}\t{n}\t\t\t{a}\t{o}\n" for i, (a, o, n) in enumerate(names))
for selector, (text, label) in {2: (register, "register"), 4: (gazetteer, "gazetteer"), 7: (tsv, "tsv"), 0: (register, "plain")}.items():
    seed("name-list", f"{label}.bin", bytes([selector]) + text.encode())

# --- Text a user types, as the tests type it.
test_text = "\n".join(p.read_text() for p in (REPO / "Tests").rglob("*.swift"))
for index, value in enumerate(sorted(set(re.findall(r'"--near", "([^"]+)"', test_text) +
                                      re.findall(r'Coordinate\(parsing: "([^"]+)"\)', test_text)))):
    seed("coordinate-text", f"test-{index}.txt", value)
# What the tests look up by name (`complete`, `--near`, `--from`, `--to`, LookupQuery), under each choice byte.
lookups = set(re.findall(r'"(?:complete|--near|--from|--to)", "([^"]+)"', test_text))
lookups |= set(re.findall(r'LookupQuery\("([^"\\]*)"', test_text))
lookups |= {"Senaatintori, Helsinki", "Keizersgracht 148", "148 Keizersgracht", "1016 ED", "Hotel Kämp", "Vaduz Liechtenstein",
            "Centraal Station", "Keizersgracht 1", ", Helsinki", "Rokin 194-2, 1012, Amsterdam, NL"}
for index, value in enumerate(sorted(lookups)):
    for choice in (0, 0x05, 0x1A, 0x2F):
        seed("place-lookup", f"test-{index}-{choice}.bin", bytes([choice]) + value.encode())
arrivals = set(re.findall(r'"--(?:arrive|duration|max-walk|radius)", "([^"]+)"', test_text))
arrivals |= {"now", "08:30", "fri 08:30", "tomorrow 9:00", "2026-11-27T08:30:00+01:00", "1h30m", "90m", "1.5h", "800m", "1.2km"}
for index, value in enumerate(sorted(arrivals)):
    seed("arrival-text", f"test-{index}.txt", value)
config_doc = re.search(r"```toml\n(.*?)```", (REPO / "Sources/PlacesKit/Settings/ConfigFile.swift").read_text(), re.S)
if config_doc:
    seed("config", "documented.toml", re.sub(r"^/// ?", "", config_doc.group(1), flags=re.M))
# The config files the tests write: Data("…".utf8) written to a config.toml.
for index, literal in enumerate(re.findall(r'Data\("((?:[^"\\]|\\.)*\[[a-z]+\](?:[^"\\]|\\.)*)"\.utf8\)', test_text)):
    if "\\(" not in literal:  # not an interpolation
        seed("config", f"test-{index}.toml", literal.replace("\\n", "\n").replace('\\"', '"').replace("\\t", "\t"))

# --- The recommendation feed.
feed = (REPO / "examples/feed.json").read_bytes()
seed("recommendation-feed", "example.json", feed)
seed("json", "feed.json", feed)

# --- A name index, written by `places import` of the OSM fixture.
binary = os.environ.get("PLACES_BINARY") or next(
    (str(p) for p in (REPO / ".build/debug/places", REPO / ".build/release/places") if p.exists()), None)
if binary:
    with tempfile.TemporaryDirectory() as scratch:
        store = Path(scratch) / "store.sqlite"
        env = dict(os.environ, HOME=scratch, XDG_DATA_HOME=scratch, XDG_CONFIG_HOME=scratch)
        names = Path(scratch) / "names.csv"
        names.write_text(gazetteer)
        for label, arguments in (("sample", [str(FIXTURES / "sample.osm")]),
                                 ("sample-and-list", [str(FIXTURES / "sample.osm"), "--names", str(names)])):
            subprocess.run([binary, "import", *arguments, "--store", str(store)], env=env,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
            index_file = store.with_suffix(".names")
            if index_file.exists():
                # The first byte is the harness's mode: 0 as it is, 1 with the header checksum redone.
                for mode in (0, 1):
                    seed("name-index", f"{label}-{mode}.names", bytes([mode]) + index_file.read_bytes())
else:
    print("no built places found: the name-index harness starts from an empty corpus", file=sys.stderr)

for harness in sorted(counts):
    print(f"{harness}: {counts[harness]} seeds")
