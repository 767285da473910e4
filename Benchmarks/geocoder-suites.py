#!/usr/bin/env python3
"""Our geocoding measured against public acceptance suites written by others.

    Benchmarks/geocoder-suites.py [--places .build/release/places] [--misses] [--suite NAME]…
                                  [--geocoder-tester CHECKOUT [--geocoder-tester-python PY]]

The cases are those of pelias/acceptance-tests, geocoders/geocoder-tester and Nominatim's API
features (test/bdd/features/api/{search,reverse}) that apply to our data, kept with their expected
answers verbatim in Benchmarks/geocoder-suites/cases.json (select_cases.py wrote it; README.md
beside it says where each came from and why the others were left out). This script builds nothing:
it takes a built `places` (with `places-server` beside it), imports the shared real data into a
temporary store, starts `places serve` on 127.0.0.1 with open search, asks every case through the
Photon-compatible `/api` and `/reverse`, judges each by its own suite's criterion, and prints the
pass rate per suite; `--misses` lists each miss with what was asked, what the suite expected and
what we answered.

With `--geocoder-tester CHECKOUT` (a clone of geocoders/geocoder-tester) and a Python that has its
requirements (geopy, pytest, requests, PyYAML, Unidecode), geocoder-tester's own pytest suite also
runs, unchanged, against our `/api` (`--api-type photon`), restricted to the same cases by a small
plugin (geocoder-suites/geocoder_tester_select.py); its rate is printed beside our port's.

Python 3 standard library only. Traffic stays on the loopback; every request and the whole run are
bounded in time; the server and the temporary folder go away on exit, whatever the exit. Without
../shared/data it says so and exits 0.
"""
import argparse
import json
import math
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import unicodedata
import urllib.error
import urllib.parse
import urllib.request

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
SUITE_DIR = os.path.join(HERE, "geocoder-suites")
SUITES = ("pelias", "geocoder-tester", "nominatim")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter,
                                 epilog=__doc__.split("\n\n", 2)[2])
    ap.add_argument("--places", default=os.environ.get("PLACES_BIN"),
                    help="the built places binary (default: .build/release/places, else .build/debug/places)")
    ap.add_argument("--data", default=os.path.join(ROOT, "..", "shared", "data"), help="the shared real data (default: ../shared/data)")
    ap.add_argument("--cases", default=os.path.join(SUITE_DIR, "cases.json"), help="the selected cases (default: geocoder-suites/cases.json)")
    ap.add_argument("--suite", action="append", choices=SUITES, help="only this suite (repeatable)")
    ap.add_argument("--misses", action="store_true", help="list every miss: asked, expected, answered")
    ap.add_argument("--json", metavar="FILE", help="write every case's verdict and our answer to FILE")
    ap.add_argument("--time-limit", type=float, default=900, help="seconds for the whole run, imports included (default 900)")
    ap.add_argument("--request-timeout", type=float, default=10, help="seconds for one request (default 10)")
    ap.add_argument("--geocoder-tester", metavar="CHECKOUT", help="also run geocoder-tester's own pytest suite, unchanged, from CHECKOUT")
    ap.add_argument("--geocoder-tester-python", metavar="PY", default=sys.executable,
                    help="a Python with geocoder-tester's requirements (default: this one)")
    ap.add_argument("--keep", action="store_true", help="keep the temporary folder (store, server log) and say where")
    args = ap.parse_args()
    deadline = time.monotonic() + args.time_limit

    data = os.path.abspath(args.data)
    if not os.path.isdir(data):
        print(f"geocoder-suites: skipped: the shared data folder {data} is missing (it holds the extracts and GeoNames lists the cases are asked against)")
        return 0
    with open(args.cases, encoding="utf-8") as f:
        doc = json.load(f)
    suites = args.suite or list(SUITES)
    cases = [c for c in doc["cases"] if c["suite"] in suites]
    needed = {}
    for c in cases:
        needed.setdefault(c["data"], doc["data"][c["data"]])
    missing = sorted({entry.split(":", 1)[-1] for files in needed.values() for entry in files
                      if not os.path.exists(os.path.join(data, entry.split(":", 1)[-1]))})
    if missing:
        print(f"geocoder-suites: skipped: {', '.join(missing)} missing from {data}")
        return 0
    places = find_places(args.places)
    if places is None:
        print("geocoder-suites: no places binary: build one first (swift build -c release) or pass --places PATH", file=sys.stderr)
        return 2
    server = os.path.join(os.path.dirname(places), "places-server")
    if not os.path.exists(server):
        print(f"geocoder-suites: {server} is missing; `places serve` runs places-server from beside places", file=sys.stderr)
        return 2

    tmp = tempfile.mkdtemp(prefix="geocoder-suites.")
    servers = []

    def cleanup(*_):
        for s in servers:
            s.stop()
        if args.keep:
            print(f"geocoder-suites: kept {tmp}", file=sys.stderr)
        else:
            shutil.rmtree(tmp, ignore_errors=True)

    # SIGTERM and SIGINT end the run through the same path as a normal exit, so that the server
    # and the temporary store never outlive it.
    def on_signal(signum, _frame):
        raise SystemExit(128 + signum)

    signal.signal(signal.SIGTERM, on_signal)
    signal.signal(signal.SIGINT, on_signal)
    print(f"geocoder-suites: {places} ({len(cases)} cases; data from {data})", file=sys.stderr)
    results, gt_own = [], None
    try:
        for name, files in needed.items():
            store = Store(places, os.path.join(tmp, name), data, files, deadline)
            store.build()
            srv = Server(places, store, deadline)
            servers.append(srv)
            srv.start()
            client = Client(srv.base, args.request_timeout, deadline)
            for c in cases:
                if c["data"] != name:
                    continue
                if time.monotonic() > deadline:
                    results.append(verdict(c, None, "not asked: the time limit ran out", []))
                    continue
                results.append(JUDGES[c["suite"]](c, client, doc))
            if args.geocoder_tester and name == "world" and "geocoder-tester" in suites:
                gt_own = run_geocoder_tester(args, srv.base, [c for c in cases if c["suite"] == "geocoder-tester"], tmp, deadline)
            srv.stop()
        report(results, gt_own, args.misses)
        if args.json:
            with open(args.json, "w", encoding="utf-8") as f:
                json.dump(results, f, ensure_ascii=False, indent=1)
    except Failure as e:
        print(f"geocoder-suites: {e}", file=sys.stderr)
        return 1
    finally:
        cleanup()
    return 0


class Failure(Exception):
    """Something around the cases failed (an import, the server): the rates would mean nothing."""


def find_places(given):
    candidates = [given] if given else [os.path.join(ROOT, ".build", "release", "places"), os.path.join(ROOT, ".build", "debug", "places")]
    for c in candidates:
        if c and os.path.isfile(c) and os.access(c, os.X_OK):
            return os.path.abspath(c)
    return None


def isolated_env(home):
    """The environment for places: its own store, config and data folders, and no live network
    (recordings only), so the run neither reads nor changes the user's places and asks no one else."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("PLACES_")}
    env.update({"HOME": home, "XDG_DATA_HOME": os.path.join(home, "data"), "XDG_CONFIG_HOME": os.path.join(home, "config"),
                "PLACES_STORE": os.path.join(home, "places.sqlite"), "PLACES_HTTP_MODE": "replay", "NO_COLOR": "1"})
    return env


class Store:
    """A temporary store with one data set imported: OSM extracts as they are, name lists with --names."""

    def __init__(self, places, home, data, files, deadline):
        self.places, self.home, self.data, self.files, self.deadline = places, home, data, files, deadline
        self.path = os.path.join(home, "places.sqlite")
        self.env = isolated_env(home)

    def build(self):
        # One import command for the whole data set, so the name index is built once.
        os.makedirs(self.home, exist_ok=True)
        cmd = [self.places, "import", "--store", self.path]
        for entry in self.files:
            names, _, file = entry.rpartition(":")
            cmd += (["--names"] if names else []) + [os.path.join(self.data, file)]
        started = time.monotonic()
        left = self.deadline - started
        if left <= 0:
            raise Failure("the time limit ran out before importing")
        try:
            done = subprocess.run(cmd, env=self.env, capture_output=True, text=True, timeout=left, stdin=subprocess.DEVNULL)
        except subprocess.TimeoutExpired:
            raise Failure(f"importing {', '.join(self.files)} did not finish within the time limit")
        if done.returncode != 0:
            raise Failure(f"`{' '.join(cmd)}` exited {done.returncode}: {(done.stderr or done.stdout).strip()[-400:]}")
        print(f"geocoder-suites: imported {', '.join(f.rpartition(':')[2] for f in self.files)} in {time.monotonic() - started:.1f} s",
              file=sys.stderr)


def free_port():
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """`places serve` on 127.0.0.1, open search, in its own process group so it can be ended whole."""

    def __init__(self, places, store, deadline):
        self.places, self.store, self.deadline = places, store, deadline
        self.proc, self.base, self.log = None, None, None

    def start(self):
        for _attempt in range(3):  # another process may take the free port between probe and bind
            port = free_port()
            self.base = f"http://127.0.0.1:{port}"
            self.log = open(os.path.join(self.store.home, "serve.log"), "w")
            # Open search, and a rate limit far above what one client asking one case at a time
            # sends, so that the limit meant for the public never turns a case into a miss.
            cmd = [self.places, "serve", "--listen", f"127.0.0.1:{port}", "--open-search", "--rate-limit", "100000/s",
                   "--rate-burst", "100000", "--store", self.store.path]
            self.proc = subprocess.Popen(cmd, env=self.store.env, stdout=self.log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                                         start_new_session=True)
            until = min(self.deadline, time.monotonic() + 120)
            while time.monotonic() < until and self.proc.poll() is None:
                try:
                    with urllib.request.urlopen(self.base + "/health", timeout=2) as r:
                        if json.load(r).get("ready"):
                            return
                except (urllib.error.URLError, OSError, ValueError):
                    pass
                time.sleep(0.2)
            self.stop()
        tail = open(os.path.join(self.store.home, "serve.log")).read()[-600:]
        raise Failure(f"places serve did not become ready: {tail.strip()}")

    def stop(self):
        if self.proc and self.proc.poll() is None:
            try:
                os.killpg(self.proc.pid, signal.SIGTERM)
                self.proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait()
            except ProcessLookupError:
                pass
        if self.log:
            self.log.close()
            self.log = None


class Client:
    """GET on our server only: the host is checked, so no case can send traffic anywhere else."""

    def __init__(self, base, timeout, deadline):
        self.base, self.timeout, self.deadline = base, timeout, deadline

    def get(self, path, params):
        url = self.base + path + "?" + urllib.parse.urlencode([(k, v) for k, v in params.items() if v is not None])
        assert urllib.parse.urlsplit(url).hostname == "127.0.0.1"
        timeout = max(0.1, min(self.timeout, self.deadline - time.monotonic()))
        try:
            with urllib.request.urlopen(url, timeout=timeout) as r:
                return r.status, json.load(r), url
        except urllib.error.HTTPError as e:
            body = e.read().decode("utf-8", "replace")
            return e.code, {"error": body[:300]}, url
        except (urllib.error.URLError, OSError, ValueError) as e:
            return None, {"error": str(e)}, url


def verdict(case, passed, why, features, url=None):
    return {"suite": case["suite"], "file": case["file"], "id": case["id"], "passed": bool(passed), "why": why,
            "asked": url, "expected": expected_of(case), "answered": [brief(f) for f in features[:5]]}


def expected_of(case):
    if case["suite"] == "pelias":
        return {k: v for k, v in {"expected": case["expected"], "unexpected": case.get("unexpected")}.items() if v}
    if case["suite"] == "geocoder-tester":
        return [{k: v for k, v in c.items() if k not in ("comment",)} for c in case["calls"]]
    return [s["keyword"] + " " + s["text"] + ("  " + json.dumps(s["table"], ensure_ascii=False) if s["table"] else "") for s in case["steps"]]


def brief(feature):
    p = feature.get("properties", {})
    lon, lat = (feature.get("geometry") or {}).get("coordinates", [None, None])
    out = {k: p[k] for k in ("name", "type", "osm_key", "osm_value", "housenumber", "street", "postcode", "city", "district",
                              "state", "country", "countrycode") if k in p}
    out["at"] = [lat, lon]
    return out


def fold(text):
    text = unicodedata.normalize("NFKD", str(text))
    return " ".join(re.sub(r"[^\w]+", " ", "".join(c for c in text if not unicodedata.combining(c)).lower()).split())


def haversine_m(lat1, lon1, lat2, lon2, r=6371.0):
    """Great-circle metres, as the npm `haversine` package that Pelias' fuzzy-tester uses (R = 6371 km)."""
    p1, p2 = math.radians(lat1), math.radians(lat2)
    dp, dl = p2 - p1, math.radians(lon2 - lon1)
    a = math.sin(dp / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(dl / 2) ** 2
    return 2 * r * 1000 * math.atan2(math.sqrt(a), math.sqrt(1 - a))


def geodesic_m(lat1, lon1, lat2, lon2):
    """Metres on the WGS84 ellipsoid (Vincenty's inverse formula), close to geopy's `distance`
    that geocoder-tester uses (Karney's, agreeing to well under a metre at these distances)."""
    a, f = 6378137.0, 1 / 298.257223563
    b = (1 - f) * a
    L = math.radians(lon2 - lon1)
    U1, U2 = math.atan((1 - f) * math.tan(math.radians(lat1))), math.atan((1 - f) * math.tan(math.radians(lat2)))
    sinU1, cosU1, sinU2, cosU2 = math.sin(U1), math.cos(U1), math.sin(U2), math.cos(U2)
    lam = L
    for _ in range(200):
        sinl, cosl = math.sin(lam), math.cos(lam)
        sin_s = math.hypot(cosU2 * sinl, cosU1 * sinU2 - sinU1 * cosU2 * cosl)
        if sin_s == 0:
            return 0.0
        cos_s = sinU1 * sinU2 + cosU1 * cosU2 * cosl
        s = math.atan2(sin_s, cos_s)
        sin_a = cosU1 * cosU2 * sinl / sin_s
        cos2a = 1 - sin_a ** 2
        cos2sm = cos_s - 2 * sinU1 * sinU2 / cos2a if cos2a else 0.0
        C = f / 16 * cos2a * (4 + f * (4 - 3 * cos2a))
        prev, lam = lam, L + (1 - C) * f * sin_a * (s + C * sin_s * (cos2sm + C * cos_s * (-1 + 2 * cos2sm ** 2)))
        if abs(lam - prev) < 1e-12:
            break
    else:
        return haversine_m(lat1, lon1, lat2, lon2, r=6371.0088)  # antipodal: no convergence
    u2 = cos2a * (a * a - b * b) / (b * b)
    A = 1 + u2 / 16384 * (4096 + u2 * (-768 + u2 * (320 - 175 * u2)))
    B = u2 / 1024 * (256 + u2 * (-128 + u2 * (74 - 47 * u2)))
    ds = B * sin_s * (cos2sm + B / 4 * (cos_s * (-1 + 2 * cos2sm ** 2) - B / 6 * cos2sm * (-3 + 4 * sin_s ** 2) * (-3 + 4 * cos2sm ** 2)))
    return b * A * (s - ds)


# --- pelias/acceptance-tests: the fuzzy-tester's criterion ---------------------------------------
#
# pelias/fuzzy-tester (lib/eval_test.js, scoreTest.js): a case passes when, for every expected
# properties object, some result has all of its key/value pairs exactly (after the suite's
# normalizers), lies within distanceThresh (default 500 m, haversine) of the matching expected
# coordinate, and is among the first priorityThresh results; when no result shows any of the
# `unexpected` properties; and when the result count satisfies `size`. No result is a failure.
#
# Our answer is Photon's; each feature is read in Pelias' words first (PELIAS_LAYER and
# pelias_view): Pelias asks the same of a result, the names differ. What Photon has no word for
# was left out when the cases were chosen.

PELIAS_LAYER = {"city": "locality", "district": "neighbourhood", "locality": "neighbourhood", "street": "street",
                "county": "county", "state": "region", "country": "country"}
NORMALIZERS = {"toLowerCase": lambda v: v.lower() if isinstance(v, str) else v, "toUpperCase": lambda v: v.upper() if isinstance(v, str) else v,
               "trim": lambda v: v.strip() if isinstance(v, str) else v,
               "stripPunctuation": lambda v: re.sub(r"[^\w\s]", "", v) if isinstance(v, str) else v}


def pelias_view(feature, alpha3):
    p = feature.get("properties", {})
    view = {}
    for ours, theirs in (("name", "name"), ("country", "country"), ("state", "region"), ("county", "county"),
                         ("housenumber", "housenumber"), ("street", "street"), ("postcode", "postalcode")):
        if ours in p:
            view[theirs] = p[ours]
    if p.get("countrycode"):
        view["country_a"] = alpha3.get(p["countrycode"].upper(), p["countrycode"])
    # A city's own locality is itself, as Pelias writes a locality record.
    if p.get("type") == "city" and "name" in p:
        view["locality"] = p["name"]
    elif "city" in p:
        view["locality"] = p["city"]
    if p.get("type") == "house":
        view["layer"] = "address" if "housenumber" in p and p.get("name") in (None, "") else "venue"
    elif p.get("type") == "other" and p.get("osm_key") == "place" and p.get("osm_value") == "postcode":
        view["layer"] = "postalcode"
    elif p.get("type") in PELIAS_LAYER:
        view["layer"] = PELIAS_LAYER[p["type"]]
    return view


def judge_pelias(case, client, doc):
    params = case["in"]
    if case["endpoint"] == "reverse":
        path, q = "/reverse", {"lat": params["point.lat"], "lon": params["point.lon"], "limit": params.get("size", 10), "lang": params.get("lang")}
    else:
        path = "/api"
        # Pelias answers 10 results unless `size` says otherwise; Photon's `limit` is the same.
        q = {"q": params["text"], "limit": params.get("size", 10), "lang": params.get("lang"),
             "lat": params.get("focus.point.lat"), "lon": params.get("focus.point.lon")}
        if "boundary.rect.min_lon" in params:
            q["bbox"] = ",".join(str(params[f"boundary.rect.{k}"]) for k in ("min_lon", "min_lat", "max_lon", "max_lat"))
    status, body, url = client.get(path, q)
    features = body.get("features", []) if status == 200 else []
    if status != 200:
        return verdict(case, False, f"HTTP {status}: {body.get('error', '')[:200]}", [], url)
    if not features:
        return verdict(case, False, "no results returned", [], url)
    norms = {}
    for key, names in (case.get("normalizers") or {}).items():
        names = [names] if isinstance(names, str) else names
        unknown = [n for n in names if n not in NORMALIZERS]
        if unknown:
            return verdict(case, False, f"normalizer {unknown[0]} not implemented here", features, url)
        norms[key] = names

    def norm(d):
        d = dict(d)
        for key, names in norms.items():
            if key in d:
                for n in names:
                    d[key] = NORMALIZERS[n](d[key])
        return d

    views = [norm(pelias_view(f, doc["alpha2_to_alpha3"])) for f in features]
    expected = case["expected"]
    thresh = case.get("priorityThresh")
    distance = case.get("distanceThresh", 500)
    coords = expected.get("coordinates") or []
    if coords and not isinstance(coords[0], list):
        coords = [coords]
    problems = []
    props_list = expected.get("properties") or []
    expectations = [(norm(p), coords[i] if i < len(coords) else None) for i, p in enumerate(props_list)]
    if not props_list and coords:
        expectations = [(None, c) for c in coords]
    for props, coord in expectations:
        best = None
        for index, (view, f) in enumerate(zip(views, features)):
            ok_props = props is None or all(view.get(k) == v for k, v in props.items())
            dist = None
            if coord:
                lon, lat = f["geometry"]["coordinates"]
                dist = math.floor(haversine_m(coord[1], coord[0], lat, lon))
            ok_coord = coord is None or dist < distance
            ok_rank = thresh is not None and index <= thresh - 1
            if ok_props and ok_coord and ok_rank:
                best = None
                break
            score = (ok_props, ok_coord)
            if best is None or score > best[0]:
                best = (score, index, view, dist)
        else:
            (ok_props, ok_coord), index, view, dist = best
            if not ok_props:
                diff = {k: [v, view.get(k)] for k, v in props.items() if view.get(k) != v}
                problems.append("no result has " + json.dumps(props, ensure_ascii=False) + "; closest differs in "
                                + ", ".join(f"{k}: expected {e!r}, got {g!r}" for k, (e, g) in diff.items()))
            elif not ok_coord:
                problems.append(f"result {index + 1} matches but is {dist} m from the expected point (under {distance} m wanted)")
            else:
                problems.append(f"found at position {index + 1}, priorityThresh is {thresh}")
    for props in (case.get("unexpected") or {}).get("properties", []):
        if any(all(v.get(k) == x for k, x in props.items()) for v in views):
            problems.append("unexpected property found from " + json.dumps(props, ensure_ascii=False))
    if isinstance(expected.get("size"), str):
        m = re.match(r"^([<>=]+)?\s*([0-9]+)$", expected["size"].strip())
        ops = {"<=": int.__le__, "<": int.__lt__, ">=": int.__ge__, ">": int.__gt__, "==": int.__eq__}
        if not m or not ops.get(m.group(1) or "==", lambda *_: False)(len(features), int(m.group(2))):
            problems.append(f"size is {expected['size']} but found {len(features)}")
    return verdict(case, not problems, "; ".join(problems), features, url)


# --- geocoders/geocoder-tester: its check_results -------------------------------------------------
#
# geocoder_tester/base.py: the query goes to /api with q, limit (default 1), lang and lat/lon; every
# expected dict must be matched by one result in which each expected key's value, as a string,
# equals the result property's (`coordinate` instead: within its tolerance, in metres). A reply
# other than 200 is a failure.


def judge_geocoder_tester(case, client, doc):
    problems, features, url = [], [], None
    for call in case["calls"]:
        center = call.get("center") or ([call["lat"], call["lon"]] if call.get("lat") and call.get("lon") else None)
        if call.get("query"):
            path = "/api"
            q = {"q": call["query"], "limit": call.get("limit") or 1, "lang": call.get("lang")}
            if center:
                q["lat"], q["lon"] = center
        else:
            path, q = "/reverse", {"lat": center[0], "lon": center[1], "lang": call.get("lang")}
            if call.get("detail") == "street":
                q["query_string_filter"] = "osm_key:highway"
        status, body, url = client.get(path, q)
        if status != 200:
            problems.append(f"Non 200 response (HTTP {status}: {body.get('error', '')[:160]})")
            continue
        features = body.get("features", [])
        expectations = call["expected"] if isinstance(call["expected"], list) else [call["expected"]]
        for expected in expectations:
            if not any(gt_matches(f, expected) for f in features):
                problems.append(f"{call['query'] or q}: " + (gt_explain(features, expected) if features else "no result"))
    return verdict(case, not problems, "; ".join(problems), features, url)


def gt_matches(feature, expected):
    props = feature.get("properties", {})
    for key, value in expected.items():
        value = str(value)
        if str(props.get(key)) == value:
            continue
        if key != "coordinate":
            return False
        lat, lon, tolerance = map(float, value.split(","))
        flon, flat = feature["geometry"]["coordinates"]
        if int(geodesic_m(lat, lon, flat, flon)) > int(tolerance):
            return False
    return True


def gt_explain(features, expected):
    f = features[0]
    props = f.get("properties", {})
    parts = []
    for key, value in expected.items():
        if key == "coordinate":
            lat, lon, tolerance = map(float, str(value).split(","))
            flon, flat = f["geometry"]["coordinates"]
            d = int(geodesic_m(lat, lon, flat, flon))
            if d > int(tolerance):
                parts.append(f"first result {d} m away (tolerance {int(tolerance)} m)")
        elif str(props.get(key)) != str(value):
            parts.append(f"{key}: expected {value!r}, first result has {props.get(key)!r}")
    return "; ".join(parts) or "a later expectation matched the first result, this one none"


# --- Nominatim's API features: their steps, read through Photon's field names ---------------------
#
# test/bdd/conftest.py and test_api.py: "geocoding Q" is a search in jsonv2 with addressdetails,
# "reverse geocoding LAT,LON" a reverse in jsonv2 that must give one result; "result N contains"
# compares result N's fields as strings (`!fm`: a full regular-expression match), "all results
# contain" every result's (and at least one is needed), "the result set contains" looks for one
# result per row. Nominatim's field names are read from Photon's feature by NOMINATIM_FIELD_*; where
# Photon's address hierarchy is flatter than Nominatim's (village, town and city are all one
# `city`, a suburb its `district`), the expected value may stand in any of those places.

NOMINATIM_FIELD_JSON = {
    "category": ["osm_key"], "class": ["osm_key"], "type": ["osm_value"], "name": ["name"], "osm_type": ["osm_type"], "osm_id": ["osm_id"],
    "address+house_number": ["housenumber"], "address+road": ["street"], "address+postcode": ["postcode"],
    "address+country": ["country"], "address+country_code": ["countrycode"], "address+county": ["county"],
    "address+town": ["city", "district", "locality"], "address+village": ["city", "district", "locality"],
    "address+city": ["city", "district", "locality"],
}
NOMINATIM_FIELD_GEOCODEJSON = {
    "type": ["type"], "osm_key": ["osm_key"], "osm_value": ["osm_value"], "name": ["name"], "osm_type": ["osm_type"], "osm_id": ["osm_id"],
    "housenumber": ["housenumber"], "street": ["street"], "postcode": ["postcode"], "city": ["city"], "district": ["district"],
    "country": ["country"], "county": ["county"],
}
OSM_TYPE_WORD = {"N": "node", "W": "way", "R": "relation"}


def nominatim_values(feature, key, naming):
    """The values of Nominatim field `key` in a Photon feature; None when it has none."""
    table = NOMINATIM_FIELD_GEOCODEJSON if naming == "geocodejson" else NOMINATIM_FIELD_JSON
    props = feature.get("properties", {})
    if key in ("lat", "lon"):
        lon, lat = feature["geometry"]["coordinates"]
        return [lat if key == "lat" else lon]
    values = []
    for name in table[key]:
        if name in props:
            v = props[name]
            if name == "osm_type":
                v = OSM_TYPE_WORD.get(v, v)
            if name == "countrycode":
                v = str(v).lower()  # Photon writes alpha-2 upper case, Nominatim lower case
            values.append(v)
    # Nominatim's address of a place names the place itself (Vaduz's address has town Vaduz);
    # Photon leaves a city's own name out of its `city`, so the name stands for it.
    if key in ("address+town", "address+village", "address+city") and props.get("type") in ("city", "district", "locality") and "name" in props:
        values.append(props["name"])
    return values or None


def nominatim_equal(values, key, expected):
    fmt = key.rsplit("!", 1)[1] if "!" in key else None
    expected = expected.replace("\\\\", "\\")
    for v in values:
        if key.split("!")[0] in ("lat", "lon"):
            try:
                if abs(float(v) - float(expected)) < 1e-7:
                    return True
            except ValueError:
                pass
        elif fmt == "fm":
            if re.fullmatch(expected, str(v)):
                return True
        elif fmt == "i":
            if str(v).lower() == expected.lower():
                return True
        elif str(v) == expected:
            return True
    return False


def nominatim_pairs(table):
    return table[1:] if table[0] == ["param", "value"] else list(zip(table[0], table[1]))


def judge_nominatim(case, client, doc):
    features, naming, status, url, problems = [], "json", None, None, []
    for step in case["steps"]:
        text, table = step["text"], step["table"]
        if step["keyword"] == "When":
            params = dict(zip(table[0], table[1])) if table else {}
            m = re.match(r'(?:sending v1/(search|reverse)(?: with format (\S+))?|geocoding "(.*)"|reverse geocoding ([\d.-]+),([\d.-]+))$', text)
            endpoint = m.group(1) or ("reverse" if m.group(4) else "search")
            naming = "geocodejson" if (m.group(2) or params.get("format")) == "geocodejson" else "json"
            if m.group(3) is not None:
                params["q"] = m.group(3)
            if m.group(4):
                params["lat"], params["lon"] = m.group(4), m.group(5)
            if endpoint == "search":
                # Nominatim answers 10 results unless `limit` says otherwise.
                q = {"q": params["q"], "limit": params.get("limit", 10), "lang": params.get("accept-language")}
                if params.get("bounded") == "1" and "viewbox" in params:
                    x1, y1, x2, y2 = map(float, params["viewbox"].split(","))
                    q["bbox"] = f"{min(x1, x2)},{min(y1, y2)},{max(x1, x2)},{max(y1, y2)}"
                status, body, url = client.get("/api", q)
            else:
                status, body, url = client.get("/reverse", {"lat": params["lat"], "lon": params["lon"], "lang": params.get("accept-language")})
            features = body.get("features", []) if status == 200 else []
            if status != 200 and not text.startswith("sending"):
                problems.append(f"{text}: HTTP {status}: {body.get('error', '')[:160]}")
                break
            continue
        failed = nominatim_check(text, table, features, status, naming)
        if failed:
            problems.append(failed)
            break
    return verdict(case, not problems, "; ".join(problems), features, url)


def nominatim_check(text, table, features, status, naming):
    """None when the step holds, else why not."""
    if text == "a HTTP 200 is returned":
        return None if status == 200 else f"HTTP {status}, not 200"
    m = re.fullmatch(r"the result is valid \S+(?: with (\d+) results?)?", text)
    if m:
        if status != 200:
            return f"HTTP {status}, no valid result"
        return None if not m.group(1) or len(features) == int(m.group(1)) else f"{len(features)} results, not {m.group(1)}"
    m = re.fullmatch(r"(exactly|more than|less than) (\d+) results? (?:are|is) returned", text)
    if m:
        n, op = int(m.group(2)), m.group(1)
        ok = {"exactly": len(features) == n, "more than": len(features) > n, "less than": len(features) < n}[op]
        return None if ok else f"{len(features)} results returned, expected {op} {n}"
    if text == "all results have no attributes address+house_number":
        if not features:
            return "no results"
        return None if all("housenumber" not in f.get("properties", {}) for f in features) else "a result has a house number"
    m = re.fullmatch(r"(result (\d+) contains|all results contain|the result contains)( in field address)?", text)
    prefix = "address+" if m and m.group(3) else ""
    if m:
        if m.group(2) is not None:
            index = int(m.group(2))
            if len(features) <= index:
                return f"{text}: only {len(features)} results"
            targets = [(index, features[index])]
        elif m.group(1) == "the result contains":
            if not features:
                return f"{text}: no result"
            targets = [(0, features[0])]
        else:
            if not features:
                return f"{text}: no results"
            targets = list(enumerate(features))
        for key, value in nominatim_pairs(table):
            for i, f in targets:
                values = nominatim_values(f, prefix + key.split("!")[0], naming)
                if values is None:
                    return f"{text}: result {i} has no {prefix + key} (expected {value!r})"
                if not nominatim_equal(values, prefix + key, value):
                    return f"{text}: result {i} {prefix + key} is {values[0]!r}, expected {value!r}"
        return None
    m = re.fullmatch(r"the result set contains( exactly)?", text)
    if m:
        left = list(range(len(features)))
        for row in table[1:]:
            for idx in left:
                if all((v := nominatim_values(features[idx], k.split("!")[0], naming)) is not None and nominatim_equal(v, k, x)
                       for k, x in zip(table[0], row)):
                    left.remove(idx)
                    break
            else:
                return f"the result set has no result with {dict(zip(table[0], row))}"
        if m.group(1) and left:
            return f"{len(left)} results beyond those expected"
        return None
    return f"step not understood: {text}"


JUDGES = {"pelias": judge_pelias, "geocoder-tester": judge_geocoder_tester, "nominatim": judge_nominatim}


# --- geocoder-tester's own pytest suite, unchanged -----------------------------------------------


def run_geocoder_tester(args, base, cases, tmp, deadline):
    """Run geocoder-tester's pytest from its checkout against our /api; None when it cannot run."""
    checkout = os.path.abspath(args.geocoder_tester)
    py = args.geocoder_tester_python
    probe = subprocess.run([py, "-c", "import pytest, geopy, requests, yaml, unidecode"], capture_output=True, text=True)
    if probe.returncode != 0 or not os.path.exists(os.path.join(checkout, "conftest.py")):
        print(f"geocoder-suites: geocoder-tester's own run skipped: {checkout} is not its checkout or {py} lacks its requirements "
              f"({probe.stderr.strip().splitlines()[-1] if probe.stderr.strip() else 'conftest.py missing'})", file=sys.stderr)
        return None
    select = os.path.join(tmp, "geocoder-tester-select.json")
    report_file = os.path.join(tmp, "geocoder-tester-report.json")
    with open(select, "w", encoding="utf-8") as f:
        json.dump([c["id"] for c in cases], f)
    files = sorted({c["file"] for c in cases})
    env = dict(os.environ, PYTHONPATH=SUITE_DIR + os.pathsep + os.environ.get("PYTHONPATH", ""),
               GEOCODER_SUITES_SELECT=select, GEOCODER_SUITES_REPORT=report_file, PYTHONDONTWRITEBYTECODE="1")
    # Its own conftest and pytest.ini, its own files; the plugin only deselects what does not apply.
    cmd = [py, "-m", "pytest", "-p", "geocoder_tester_select", "-p", "no:cacheprovider", "-q", "--api-url", base, "--api-type", "photon", *files]
    left = deadline - time.monotonic()
    try:
        done = subprocess.run(cmd, cwd=checkout, env=env, capture_output=True, text=True, timeout=max(1, left), stdin=subprocess.DEVNULL)
    except subprocess.TimeoutExpired:
        print("geocoder-suites: geocoder-tester's own run ran out of time", file=sys.stderr)
        return None
    if not os.path.exists(report_file):
        print(f"geocoder-suites: geocoder-tester's own run gave no report (exit {done.returncode}): {done.stdout[-500:]}{done.stderr[-500:]}",
              file=sys.stderr)
        return None
    with open(report_file, encoding="utf-8") as f:
        own = json.load(f)
    own["command"] = " ".join(cmd[1:])
    return own


# --- the report ----------------------------------------------------------------------------------


def report(results, gt_own, misses):
    rows = []
    for suite in SUITES:
        rs = [r for r in results if r["suite"] == suite]
        if rs:
            rows.append((suite, len(rs), sum(r["passed"] for r in rs)))
        if suite == "geocoder-tester" and gt_own is not None:
            rows.append(("geocoder-tester (its own pytest)", gt_own["selected"], gt_own["passed"]))
    rows.append(("all (our judges)", len(results), sum(r["passed"] for r in results)))
    width = max(len(r[0]) for r in rows)
    print(f"{'suite':<{width}}  {'cases':>5}  {'passed':>6}  {'rate':>7}")
    for name, n, p in rows:
        print(f"{name:<{width}}  {n:>5}  {p:>6}  {100 * p / n if n else 0:>6.1f} %")
    if gt_own is not None:
        ours = {r["id"]: r["passed"] for r in results if r["suite"] == "geocoder-tester"}
        differ = [i for i, ok in gt_own["outcomes"].items() if i in ours and ours[i] != ok]
        print(f"geocoder-tester's own run and our port of its criterion disagree on {len(differ)} case(s)"
              + (": " + ", ".join(differ[:10]) if differ else ""))
        if gt_own["selected"] != len(ours):
            print(f"note: geocoder-tester's own run collected {gt_own['selected']} of the {len(ours)} selected cases")
    if misses:
        print()
        for r in results:
            if r["passed"]:
                continue
            print(f"MISS {r['suite']} {r['file']} {r['id']}")
            print(f"  asked:    {r['asked']}")
            print(f"  expected: {json.dumps(r['expected'], ensure_ascii=False)}")
            print(f"  answered: {json.dumps(r['answered'][:3], ensure_ascii=False) if r['answered'] else '(nothing)'}")
            print(f"  why:      {r['why']}")


if __name__ == "__main__":
    sys.exit(main())
