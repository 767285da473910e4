#!/usr/bin/env python3
"""Writes cassettes/photon/names.json: Photon answers (/api and /reverse) in Photon's own format
(../shared/api-formats.md §8.3) for the place names the README and the tests look up.

The answers are written here, not recorded from photon.komoot.io: names, kinds and positions are
real places (positions rounded to 4 decimals, as the README's coordinates are; Dam and Nieuwmarkt
are exactly the points the bundled route cassettes were computed for), OSM ids are placeholders.
Requests carry no location bias, as `places` sends them when no centre is saved or configured.
It never touches the network. Run from the repository root:  python3 Scripts/make-photon-cassettes.py
Record real answers with: places route --from NAME --to NAME --http-mode record
"""

import datetime
import json
import urllib.parse

from cassette_file import write

RECORDED_AT = "2026-11-21T12:00:00Z"
HTTP_DATE = "Sat, 21 Nov 2026 12:00:00 GMT"

AMSTERDAM = {"city": "Amsterdam", "state": "Noord-Holland", "country": "Nederland", "countrycode": "NL"}

# name typed → features (best first): (osm_type, placeholder id, key, value, type, name, lat, lon, extra address)
PLACES = {
    "Dam": [("W", 900001, "place", "square", "street", "Dam", 52.3731, 4.8926, {"district": "Centrum", "postcode": "1012 JS"}),
            ("W", 900002, "highway", "residential", "street", "Dam", 52.4380, 4.8166, {"city": "Zaandam", "state": "Noord-Holland",
                                                                                    "country": "Nederland", "countrycode": "NL"})],
    "Nieuwmarkt": [("W", 900003, "place", "square", "street", "Nieuwmarkt", 52.3727, 4.9006, {"district": "Centrum"})],
    "Begijnhof": [("W", 900004, "place", "square", "street", "Begijnhof", 52.3663, 4.8967, {"district": "Centrum"})],
    "Waterlooplein": [("W", 900005, "place", "square", "street", "Waterlooplein", 52.3676, 4.9041, {"district": "Centrum"})],
    "Rijksmuseum": [("R", 900006, "tourism", "museum", "house", "Rijksmuseum", 52.3600, 4.8852,
                     {"street": "Museumstraat", "housenumber": "1", "postcode": "1071 XX", "district": "Zuid"})],
    "Leidseplein": [("W", 900007, "place", "square", "street", "Leidseplein", 52.3641, 4.8830, {"district": "Centrum"})],
    "Tour Eiffel": [("W", 900008, "tourism", "attraction", "house", "Tour Eiffel", 48.8584, 2.2945,
                     {"street": "Avenue Gustave Eiffel", "housenumber": "5", "city": "Paris", "state": "Île-de-France",
                      "country": "France", "countrycode": "FR"})],
    "xyzzy": [],
}

# position → features, nearest first
REVERSE = {
    ("52.3731", "4.8926"): [("W", 900001, "place", "square", "street", "Dam", 52.3731, 4.8926, {"district": "Centrum"})],
}


def feature(osm_type, osm_id, key, value, kind, name, lat, lon, extra):
    properties = {"osm_type": osm_type, "osm_id": osm_id, "osm_key": key, "osm_value": value, "type": kind, "name": name}
    properties.update(AMSTERDAM if "countrycode" not in extra else {})
    properties.update(extra)
    return {"type": "Feature", "geometry": {"type": "Point", "coordinates": [lon, lat]}, "properties": properties}


def interaction(url, features):
    body = json.dumps({"type": "FeatureCollection", "features": [feature(*f) for f in features]}, ensure_ascii=False)
    return {
        "recorded_at": RECORDED_AT,
        "duration_ms": 90,
        "request": {"method": "GET", "url": url, "headers": {"Accept": "application/json"}},
        "response": {"status": 200, "headers": {"Content-Type": "application/json;charset=utf-8", "Date": HTTP_DATE},
                     "body": {"json": json.loads(body)}},
    }


def encode(pairs):
    return "&".join(f"{k}={urllib.parse.quote(v, safe='')}" for k, v in pairs)


def main():
    interactions = []
    for name, features in PLACES.items():
        query = encode([("q", name), ("limit", "5")])
        interactions.append(interaction(f"https://photon.komoot.io/api?{query}", features))
    for (lat, lon), features in REVERSE.items():
        query = encode([("lat", lat), ("lon", lon), ("limit", "5")])
        interactions.append(interaction(f"https://photon.komoot.io/reverse?{query}", features))
    write("cassettes/photon/names.json", __doc__.split("\n\n")[0].replace("\n", " ") + " " + __doc__.split("\n\n")[1].replace("\n", " "),
          interactions)


if __name__ == "__main__":
    main()
