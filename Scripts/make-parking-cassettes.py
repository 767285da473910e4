#!/usr/bin/env python3
"""Writes the bundled parking cassettes (cassettes/parkshark, cassettes/amsterdam-garages).

ParkShark (api.parkshark.nl) went offline after 2014, so its answers cannot be recorded any more.
This script answers the requests `places parking` makes the way the ParkShark server did
(../shared/api-formats.md §1, the server's CalcParking.java), from:
  - the real meter table the service served from (../shared/data/parkshark_amsterdam_meters.csv:
    meter numbers and positions are facts);
  - street names of the nearest named street in the OpenStreetMap extract
    (../shared/data/amsterdam_centrum.osm, (c) OpenStreetMap contributors, ODbL) as addresses;
  - tariffs that are illustrative: four zones by distance from Dam square, in the shape of
    Amsterdam's 2014 tariffs (EUR 5.00/h 09-24 in the centre; Sunday from 12), a 2-hour limit on
    some meters and old cash-and-chip machines on others, so that every rule can be exercised;
  - garage rows in the advice at the real positions of the city's garages, at illustrative rates.
The garage-occupancy cassette keeps the real feed's format, names, positions and counts (snapshot
../shared/data/amsterdam_garages_2023-02-23.json, City of Amsterdam open data), dated as recorded here.

Run it from the repository root after changing what the providers request:
    python3 Scripts/make-parking-cassettes.py
It never touches the network.
"""

import csv
import datetime
import json
import math
import os
import xml.etree.ElementTree as ET

from geographiclib.geodesic import Geodesic

from cassette_file import write

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DATA = os.path.join(ROOT, "..", "shared", "data")
RECORDED_AT = datetime.datetime(2026, 11, 21, 12, 0, 0, tzinfo=datetime.timezone.utc)
HTTP_DATE = "Sat, 21 Nov 2026 12:00:00 GMT"
DAM = (52.3731, 4.8926)
DEFAULT_CENTRE = (52.370216, 4.895168)
HOST = "http://api.parkshark.nl/psapi/api.jsp"
GARAGE_FEED = "http://opd.it-t.nl/data/amsterdam/ParkingLocation.json"
# What `places parking` asks for with its default 10-minute walk (ParkingProfile.searchRadius).
RADIUS = 750
METER_LIMIT = 40  # ParkSharkProvider.meterLimit
# The stays the README and the tests price: (day 0 = Sunday, hour, minute, hours).
STAYS = {
    DEFAULT_CENTRE: [(5, 8, 30, 2), (5, 8, 30, 3), (0, 14, 0, 2)],
    (52.3731, 4.8926): [(5, 8, 30, 2)],
}
LISTING_POINTS = [DEFAULT_CENTRE, (52.3731, 4.8926)]

# Illustrative garage rates (EUR per hour, 24/7, daily cap) for the garages ParkShark's advice added.
GARAGE_RATES = {"CE-P36 Rokin": 6.40, "CE-P09 Bijenkorf": 7.00, "CE-P10 Stadhuis Muziektheater": 5.00,
                "CE-P27 Kalverstraat": 6.00, "CE-P26 The Bank": 6.50, "CE-P11 Waterlooplein": 4.80}
GARAGE_STREETS = {"CE-P36 Rokin": "Rokin", "CE-P09 Bijenkorf": "Damrak", "CE-P10 Stadhuis Muziektheater": "Waterlooplein",
                  "CE-P27 Kalverstraat": "Kalverstraat", "CE-P26 The Bank": "Singel", "CE-P11 Waterlooplein": "Valkenburgerstraat"}
GARAGE_DAILY_CAP = 60.0


def distance(a, b):
    return Geodesic.WGS84.Inverse(a[0], a[1], b[0], b[1])["s12"]


def server_distance(a, b):
    # The 2014 server: a great circle in metres (the 2013 one was ~8.7x off; see api-formats §1.1).
    r = 6371000.0
    p1, p2 = math.radians(a[0]), math.radians(b[0])
    h = math.sin((p2 - p1) / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(math.radians(b[1] - a[1]) / 2) ** 2
    return 2 * r * math.asin(math.sqrt(h))


def fixed(value, places):
    return f"{value:.{places}f}"


def trimmed(value, places):
    text = fixed(value, places)
    return text.rstrip("0").rstrip(".") if "." in text else text


def quote(text):
    import urllib.parse
    return urllib.parse.quote(text, safe="-._~,:")


def url(pairs):
    return HOST + "?" + "&".join(f"{quote(k)}={quote(v)}" for k, v in pairs)


# --- data -------------------------------------------------------------------------------------

def read_meters():
    with open(os.path.join(DATA, "parkshark_amsterdam_meters.csv"), newline="") as f:
        return [(row["meter"], float(row["lat"]), float(row["lon"])) for row in csv.DictReader(f)]


def read_streets():
    """Nodes of named streets in the extract: (lat, lon, name)."""
    tree = ET.parse(os.path.join(DATA, "amsterdam_centrum.osm"))
    nodes = {n.get("id"): (float(n.get("lat")), float(n.get("lon"))) for n in tree.getroot().iter("node")}
    points = []
    for way in tree.getroot().iter("way"):
        tags = {t.get("k"): t.get("v") for t in way.iter("tag")}
        if "highway" in tags and "name" in tags and tags["highway"] not in ("footway", "cycleway", "steps", "path", "pedestrian"):
            for nd in way.iter("nd"):
                if nd.get("ref") in nodes:
                    lat, lon = nodes[nd.get("ref")]
                    points.append((lat, lon, tags["name"]))
    return points


def nearest_street(streets, lat, lon):
    best, name = 1e9, None
    for slat, slon, sname in streets:
        d = (slat - lat) ** 2 + ((slon - lon) * 0.61) ** 2
        if d < best:
            best, name = d, sname
    return name if best < (0.0015 ** 2) else None


def tariff(meter, lat, lon):
    d = distance(DAM, (lat, lon))
    number = int(meter)
    sunday_noon = [{"start": 12, "end": 24}] + [{"start": 9, "end": 24}] * 6
    if d <= 500:
        code, rate, days = "TZ11", 5.00, sunday_noon
    elif d <= 1200:
        code, rate, days = "TZ12", 4.00, sunday_noon
    elif d <= 2500:
        code, rate, days = "TZ21", 3.00, [{"start": 0, "end": 0}] + [{"start": 9, "end": 21}] * 6
    else:
        code, rate, days = "TZ31", 1.40, [{"start": 0, "end": 0}] + [{"start": 9, "end": 19}] * 6
    maximum = 2.0 if d <= 1200 and number % 11 == 0 else 0.0
    return {"geb_code": "G" + code[2:], "days": days, "t_code": code,
            "first": {"combination": "n", "price": 0.0, "hrs": 0}, "cost": rate, "max": maximum}


def pay_methods(meter):
    # Every 7th machine is an old one: coins and Chipknip only.
    old = int(meter) % 7 == 0
    return {"cash": True, "creditcard": not old, "pin": not old, "chip": True}


def stay_cost(costs, day, hour, minute, hours):
    """The cost of a stay, as ParkShark calculated it (per day: paid hours, at most 9 of them)."""
    total = 0.0
    start = hour + minute / 60
    left = hours
    first_day = True
    while left > 1e-9:
        end = min(24.0, start + left)
        window = costs["days"][day]
        if not (window["start"] == 0 and window["end"] == 0):
            paid = max(0.0, min(end, window["end"]) - max(start, window["start"]))
            paid = min(paid, 9.0)
            total += paid * costs["cost"]
        left -= end - start
        start, day, first_day = 0.0, (day + 1) % 7, False
    return round(total, 2)


def matches(methods, bw, costs, hours):
    if costs["max"] and hours > costs["max"]:
        return 0
    names = {"cash": "cash", "pin": "pin", "creditcard": "creditcard", "chipknip": "chip"}
    return sum(1 for m in methods if bw.get(names[m]))


def meter_item(index, meter, lat, lon, street):
    return {"i": index, "match": 0, "dist": 0.0, "onmap": False, "lat": lat, "lon": lon, "cost": 0.0, "totalcost": 0.0,
            "max": 0.0, "isInNorth": False, "bw": pay_methods(meter), "costs": tariff(meter, lat, lon),
            "entityid": meter[-3:], "stadsdeel": "Centrum", "belnummer": meter, "adres": street or "",
            "postcode": "", "woonplaats": "Amsterdam", "typeautomaat": "CWO", "betaalwijze": "5", "status": "OP",
            "tariefcode": "1"}


# --- cassettes --------------------------------------------------------------------------------

HEADERS = {"Accept": "application/json"}


def interaction(request_url, body, duration=240):
    return {"recorded_at": RECORDED_AT.strftime("%Y-%m-%dT%H:%M:%SZ"), "duration_ms": duration,
            "request": {"method": "GET", "url": request_url, "headers": HEADERS},
            "response": {"status": 200, "headers": {"Content-Type": "application/json;charset=UTF-8", "Date": HTTP_DATE},
                         "body": {"json": body}}}


def numeric_order(numbers):
    return sorted(set(numbers), key=lambda s: (len(s), s))


def get_meters(numbers, items_by_number):
    ordered = numeric_order(numbers)
    body = {"items": [items_by_number.get(n) for n in ordered]}
    return interaction(url([("action", "get_meters"), ("meternumbers", ",".join(ordered))]), body, duration=180)


def box_for(point, radius):
    # BoundingBox(center:radius:) with Geodesy.meanRadius, then snapped outward to 0.001 degrees.
    lat_delta = math.degrees(radius / 6371008.8)
    lon_delta = lat_delta / math.cos(math.radians(point[0]))
    snap_down = lambda v: math.floor(v * 1000) / 1000
    snap_up = lambda v: math.ceil(v * 1000) / 1000
    return (snap_up(point[0] + lat_delta), snap_down(point[0] - lat_delta), snap_up(point[1] + lon_delta), snap_down(point[1] - lon_delta))


def main():
    meters = read_meters()
    streets = read_streets()
    garages = json.load(open(os.path.join(DATA, "amsterdam_garages_2023-02-23.json")))["features"]
    near_dam = [(m, lat, lon) for m, lat, lon in meters if distance(DAM, (lat, lon)) < 3000]
    items = {}
    for index, (m, lat, lon) in enumerate(near_dam):
        items[m] = meter_item(index, m, lat, lon, nearest_street(streets, lat, lon))

    parking, favorites = [], []
    # The listing: get_meters_in_box, then get_meters for the nearest 40 within the radius.
    for point in LISTING_POINTS:
        north, south, east, west = box_for(point, RADIUS)
        inside = [(m, lat, lon) for m, lat, lon in near_dam if south <= lat <= north and west <= lon <= east]
        rows = [[m, 0, 0, items[m]["adres"], lat, lon, j, items[m]["i"]] for j, (m, lat, lon) in enumerate(inside)]
        parking.append(interaction(url([("action", "get_meters_in_box"), ("north", fixed(north, 3)), ("south", fixed(south, 3)),
                                        ("east", fixed(east, 3)), ("west", fixed(west, 3))]), {"items": rows}))
        ranked = sorted(((distance(point, (lat, lon)), m) for m, lat, lon in inside), key=lambda t: (t[0], t[1]))
        nearest = [m for d, m in ranked if d <= RADIUS][:METER_LIMIT]
        parking.append(get_meters(nearest, items))
        # `places favorites add` of any meter `places parking` lists here.
        for m in nearest:
            favorites.append(get_meters([m], items))

    # The cost calculation: every meter nearest first (cut to the nearest 150 here), and the advice.
    for point, stays in STAYS.items():
        for day, hour, minute, hours in stays:
            methods = ["cash", "pin"]
            rows = []
            for m, lat, lon in near_dam:
                costs = items[m]["costs"]
                rows.append((server_distance(point, (lat, lon)), m, stay_cost(costs, day, hour, minute, hours),
                             matches(methods, items[m]["bw"], costs, hours)))
            rows.sort(key=lambda r: (r[0], r[1]))
            rows = rows[:150]
            results = [[m, cost, int(round(d)), match, items[m]["i"]] for d, m, cost, match in rows]
            advice, seen = [], set()
            for d, m, cost, match in rows:
                if match > 0 and cost not in seen:
                    seen.add(cost)
                    item = items[m]
                    advice.append([m, cost, int(round(d)), item["adres"], item["lat"], item["lon"], len(advice), item["i"]])
            for feature in garages:
                name = feature["properties"]["Name"]
                if name not in GARAGE_RATES:
                    continue
                glon, glat = feature["geometry"]["coordinates"]
                d = server_distance(point, (glat, glon))
                if d > 1500:
                    continue
                cost = round(min(GARAGE_DAILY_CAP * math.ceil(hours / 24), GARAGE_RATES[name] * math.ceil(hours * 4) / 4), 2)
                advice.append(["", cost, int(round(d)), GARAGE_STREETS[name], glat, glon, len(advice), 9000 + list(GARAGE_RATES).index(name)])
            advice.sort(key=lambda r: r[2])
            for order, row in enumerate(advice):
                row[6] = order
            request = url([("day", str(day)), ("hr", str(hour)), ("min", str(minute)), ("duration", trimmed(hours, 4)),
                           ("lat", fixed(point[0], 6)), ("lon", fixed(point[1], 6)), ("methods", ",".join(methods))])
            parking.append(interaction(request, {"params": {"fmt": 0}, "results": results, "advice": advice}, duration=420))
            asked = [r[0] for r in results[:METER_LIMIT]] + [r[0] for r in advice if r[0]]
            parking.append(get_meters(asked, items))
            for m in asked:
                favorites.append(get_meters([m], items))

    unique = {}
    for i in parking:
        unique.setdefault(i["request"]["url"], i)
    note = ("Written by Scripts/make-parking-cassettes.py in the ParkShark API's formats (../shared/api-formats.md §1); the "
            "service is offline. Meter numbers and positions are real (the table ParkShark served from); addresses are the "
            "nearest OpenStreetMap street ((c) OpenStreetMap contributors, ODbL); tariffs, payment methods and garage rates "
            "are illustrative.")
    write("cassettes/parkshark/parking.json", note, list(unique.values()), indent=1)
    fav_unique = {}
    for i in favorites:
        fav_unique.setdefault(i["request"]["url"], i)
    write("cassettes/parkshark/favorites.json", note, list(fav_unique.values()), indent=1)

    # The garage feed: the real snapshot's entries within 4 km of Dam (and its Dummy), dated as recorded.
    features = []
    for feature in garages:
        glon, glat = feature["geometry"]["coordinates"]
        if distance(DAM, (glat, glon)) <= 4000 or feature["properties"]["Name"].startswith("Dummy"):
            copy = json.loads(json.dumps(feature))
            copy["properties"]["PubDate"] = "2026-11-21T11:58:48Z"
            features.append(copy)
    feed = interaction(GARAGE_FEED, {"type": "FeatureCollection", "features": features}, duration=310)
    write("cassettes/amsterdam-garages/parking.json",
          "Written by Scripts/make-parking-cassettes.py in the City of Amsterdam's ParkingLocation.json format: the names, "
          "positions, states and counts of a real snapshot of the feed (PubDate 2023-02-23, City of Amsterdam open data), "
          "entries within 4 km of Dam square plus the feed's own test entry, re-dated to this recording.", [feed], indent=1)


if __name__ == "__main__":
    main()
