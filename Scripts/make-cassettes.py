#!/usr/bin/env python3
"""Writes the bundled cassettes in cassettes/ from facts about real places.

The services' real response formats (Foursquare Places API 2025-06-17, Overpass API JSON) are
filled with real places around Dam square taken from the OpenStreetMap extract in
../shared/data/amsterdam_centrum.osm: names, positions, addresses, OSM tags and opening hours are
facts (© OpenStreetMap contributors, ODbL). Foursquare ids, ratings, rating counts, prices, tips
and photo URLs are illustrative: written for these cassettes, not Foursquare's data.

Run it from the repository root after changing what the providers request:
    python3 Scripts/make-cassettes.py
It never touches the network. A live recording (`places coffee --http-mode record`, with a key)
replaces these files with real answers.
"""

import datetime
import hashlib
import json
import math
import os
import sys
import urllib.parse
import xml.etree.ElementTree as ET

from cassette_file import write

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OSM_FILE = os.path.join(ROOT, "..", "shared", "data", "amsterdam_centrum.osm")
RECORDED_AT = datetime.datetime(2026, 11, 21, 12, 0, 0, tzinfo=datetime.timezone.utc)
HTTP_DATE = "Sat, 21 Nov 2026 12:00:00 GMT"

# The focus points the README and the tests use: --near 52.37,4.89, the default centre, and Dam
# (52.3731,4.8926, where the bundled Photon answers put "Dam": --near Dam).
FOCUS_POINTS = [(52.37, 4.89), (52.370216, 4.895168), (52.3731, 4.8926)]
RADIUS = 1000  # what `places coffee` asks for with the default 15 minute walk

FSQ_HOST = "places-api.foursquare.com"
FSQ_SEARCH_FIELDS = ["fsq_place_id", "name", "latitude", "longitude", "distance", "location", "categories", "chains",
                     "rating", "stats", "price", "hours", "timezone", "tel", "website"]
FSQ_DETAIL_FIELDS = [f for f in FSQ_SEARCH_FIELDS if f != "distance"] + ["description", "tips", "photos", "social_media"]
FSQ_COFFEE_CATEGORIES = ["4bf58dd8d48988d1e0931735", "4bf58dd8d48988d16d941735", "5e18993feee47d000759b256"]

CATEGORY = {
    "coffee": {"fsq_category_id": "4bf58dd8d48988d1e0931735", "name": "Coffee Shop", "short_name": "Coffee Shop",
               "plural_name": "Coffee Shops",
               "icon": {"prefix": "https://ss3.4sqi.net/img/categories_v2/food/coffeeshop_", "suffix": ".png"}},
    "cafe": {"fsq_category_id": "4bf58dd8d48988d16d941735", "name": "Café", "short_name": "Café",
             "plural_name": "Cafés", "icon": {"prefix": "https://ss3.4sqi.net/img/categories_v2/food/cafe_", "suffix": ".png"}},
    "bubble": {"fsq_category_id": "52e81612bcbc57f1066b7a0c", "name": "Bubble Tea Shop", "short_name": "Bubble Tea",
               "plural_name": "Bubble Tea Shops",
               "icon": {"prefix": "https://ss3.4sqi.net/img/categories_v2/food/bubble_", "suffix": ".png"}},
    "cannabis": {"fsq_category_id": "63be6904847c3692a84b9be9", "name": "Cannabis Store", "short_name": "Cannabis",
                 "plural_name": "Cannabis Stores",
                 "icon": {"prefix": "https://ss3.4sqi.net/img/categories_v2/shops/default_", "suffix": ".png"}},
    "bakery": {"fsq_category_id": "4bf58dd8d48988d16a941735", "name": "Bakery", "short_name": "Bakery",
               "plural_name": "Bakeries", "icon": {"prefix": "https://ss3.4sqi.net/img/categories_v2/food/bakery_", "suffix": ".png"}},
}

# OSM node id → what Foursquare would add. Hours are OSM's where OSM has them, else the "hours" given.
# Not every café is on Foursquare, and some places only Foursquare lists as coffee: the bubble-tea
# bars and the cannabis coffeeshops are here to show that ranking leaves them out.
FOURSQUARE_PLACES = [
    dict(osm=4649162825, categories=["cafe"], rating=7.8, ratings=41, price=1, hours="Mo-Su 08:00-18:00",
         tips=["Small, busy, and the carrot cake is worth the queue."]),
    dict(osm=2724000523, categories=["bubble"], rating=8.1, ratings=27, price=1, hours="Mo-Su 11:00-21:00",
         tips=["Brown sugar milk tea with fresh pearls."]),
    dict(osm=2724001437, categories=["coffee"], rating=7.2, ratings=388, price=2, chain="Starbucks",
         tips=["Reliable, with seats upstairs overlooking the Rokin."]),
    dict(osm=6576230629, categories=["coffee", "bakery"], rating=8.7, ratings=96, price=2,
         tips=["Flat white and a cardamom bun in a green-tiled room.", "Quieter before ten."]),
    dict(osm=4500739323, categories=["coffee"], rating=8.6, ratings=58, price=2, hours="Mo-Sa 09:30-18:00; Su 11:00-18:00",
         tips=["Espresso bar on the first floor of the Scheltema bookshop."]),
    dict(osm=251528265, categories=["cafe"], rating=8.0, ratings=33, price=2, tips=["Good brunch, fine coffee."]),
    dict(osm=2721722530, categories=["coffee"], rating=8.4, ratings=112, price=1, hours="Mo-Su 08:00-17:00",
         tips=["Tiny place on the Dam, proper espresso."]),
    dict(osm=1221433734, categories=["coffee"], rating=7.9, ratings=205, price=2, chain="Coffee Company",
         tips=["Students with laptops all day; the coffee is good."]),
    dict(osm=1984268536, categories=["coffee"], rating=8.9, ratings=147, price=2,
         hours="Mo-Fr 08:00-18:00; Sa-Su 09:00-18:00", tips=["Beans roasted in house."]),
    dict(osm=2725747005, categories=["coffee"], rating=9.1, ratings=74, price=2,
         tips=["Third-wave coffee with a record player behind the bar."]),
    dict(osm=2428677526, categories=["cafe"], rating=7.6, ratings=90, price=2, chain="Bagels & Beans",
         tips=["Bagels first, coffee second."]),
    dict(osm=2725661558, categories=["cafe"], rating=8.5, ratings=160, price=2,
         tips=["Vintage furniture, all of it for sale, and a good cappuccino."]),
    dict(osm=4869724563, categories=["coffee", "cannabis"], rating=8.3, ratings=412, price=2,
         tips=["Three floors; not the place for an espresso."]),
    dict(osm=3273663361, categories=["coffee"], rating=8.0, ratings=190, price=1,
         tips=["A coffeeshop in the Dutch sense."]),
    dict(osm=2724039102, categories=["bubble"], rating=7.4, ratings=35, price=1, chain="Chatime",
         hours="Mo-Su 11:00-22:00", tips=["Taro milk tea."]),
    dict(osm=2725914031, categories=["cafe"], rating=7.1, ratings=22, price=2, tips=["Beer and coffee by the flower market."]),
    # A record with nothing but the required fields, as the API sends for thinly known places.
    dict(osm=4212657871, categories=["cafe"], minimal=True),
]


def quote(text):
    # The same encoding as QueryString.encodeComponent: unreserved characters plus ',' and ':' stay.
    return urllib.parse.quote(text, safe="-._~,:")


def encode_query(pairs):
    return "&".join(f"{quote(k)}={quote(v)}" for k, v in pairs)


def haversine(lat1, lon1, lat2, lon2):
    r = 6371008.8
    p1, p2 = math.radians(lat1), math.radians(lat2)
    h = math.sin((p2 - p1) / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(math.radians(lon2 - lon1) / 2) ** 2
    return 2 * r * math.asin(math.sqrt(h))


def fsq_id(name, osm_id):
    return hashlib.md5(f"{name}/{osm_id}".encode()).hexdigest()[:24]


def jitter(osm_id):
    # Foursquare's coordinates are its own (the entrance); shift a few metres, deterministically.
    digest = hashlib.sha1(str(osm_id).encode()).digest()
    return (digest[0] - 128) / 128 * 0.00006, (digest[1] - 128) / 128 * 0.00009


def read_osm():
    root = ET.parse(OSM_FILE).getroot()
    nodes = {}
    for element in root:
        if element.tag != "node":
            continue
        tags = {c.get("k"): c.get("v") for c in element if c.tag == "tag"}
        nodes[int(element.get("id"))] = (float(element.get("lat")), float(element.get("lon")), tags)
    return nodes


DAYS = {"Mo": 1, "Tu": 2, "We": 3, "Th": 4, "Fr": 5, "Sa": 6, "Su": 7, "So": 7}
DAY_NAMES = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]


def osm_hours_to_regular(text):
    """The simple OSM opening_hours used here, as Foursquare `hours.regular` rows."""
    rows = []
    for rule in text.replace(", ", "; ").split(";"):
        rule = rule.strip()
        if not rule or rule.startswith("PH"):
            continue
        days_part, times = rule.split(" ", 1)
        days = []
        for group in days_part.split(","):
            if "-" in group:
                start, end = group.split("-")
                day = DAYS[start]
                while True:
                    days.append(day)
                    if day == DAYS[end]:
                        break
                    day = day % 7 + 1
            else:
                days.append(DAYS[group])
        for span in times.split(","):
            opens, closes = span.strip().split("-")
            o, c = opens.replace(":", ""), closes.replace(":", "")
            if int(c) <= int(o):
                c = "+" + c
            for day in days:
                rows.append({"day": day, "open": o, "close": c})
    rows.sort(key=lambda r: (r["day"], r["open"]))
    return rows


def display_hours(rows):
    def clock(hhmm):
        hhmm = hhmm.lstrip("+")
        return f"{int(hhmm[:2])}:{hhmm[2:]}"
    groups = []
    for row in rows:
        text = f"{clock(row['open'])}-{clock(row['close'])}"
        if groups and groups[-1][1] == text and groups[-1][0][-1] == row["day"] - 1:
            groups[-1][0].append(row["day"])
        else:
            groups.append(([row["day"]], text))
    parts = []
    for days, text in groups:
        name = DAY_NAMES[days[0] - 1] if len(days) == 1 else f"{DAY_NAMES[days[0] - 1]}-{DAY_NAMES[days[-1] - 1]}"
        parts.append(f"{name} {text}")
    return "; ".join(parts)


def open_now(rows, when):
    local = when.astimezone(datetime.timezone(datetime.timedelta(hours=1)))  # CET on 21 November
    day, minute = local.isoweekday(), local.hour * 60 + local.minute
    for row in rows:
        o = int(row["open"][:2]) * 60 + int(row["open"][2:])
        c = int(row["close"].lstrip("+")[:2]) * 60 + int(row["close"].lstrip("+")[2:])
        if row["close"].startswith("+") or c <= o:
            c += 1440
        if row["day"] == day and o <= minute < c:
            return True
        if row["day"] % 7 + 1 == day and c > 1440 and minute + 1440 < c:
            return True
    return False


def foursquare_record(spec, nodes, detail):
    lat, lon, tags = nodes[spec["osm"]]
    name = tags["name"]
    dlat, dlon = jitter(spec["osm"])
    record = {"fsq_place_id": fsq_id(name, spec["osm"]), "name": name,
              "latitude": round(lat + dlat, 7), "longitude": round(lon + dlon, 7)}
    categories = [CATEGORY[c] for c in spec["categories"]]
    if spec.get("minimal"):
        record["categories"] = categories
        return record
    street = " ".join(filter(None, [tags.get("addr:street"), tags.get("addr:housenumber")]))
    postcode = tags.get("addr:postcode")
    if postcode and len(postcode) == 6:
        postcode = postcode[:4] + " " + postcode[4:]
    location = {}
    if street:
        location["address"] = street
    location["locality"] = "Amsterdam"
    location["region"] = "Noord-Holland"
    if postcode:
        location["postcode"] = postcode
    location["country"] = "NL"
    if street:
        location["formatted_address"] = ", ".join(filter(None, [street, " ".join(filter(None, [postcode, "Amsterdam"]))]))
    record["location"] = location
    record["categories"] = categories
    record["chains"] = [{"fsq_chain_id": fsq_id(spec["chain"], 0), "name": spec["chain"]}] if spec.get("chain") else []
    record["rating"] = spec["rating"]
    tips = spec.get("tips", [])
    record["stats"] = {"total_photos": 3 + spec["ratings"] // 7, "total_ratings": spec["ratings"], "total_tips": len(tips) + spec["ratings"] // 9}
    record["price"] = spec["price"]
    hours_text = spec.get("hours") or tags.get("opening_hours")
    if hours_text:
        rows = osm_hours_to_regular(hours_text)
        record["hours"] = {"display": display_hours(rows), "is_local_holiday": False,
                           "open_now": open_now(rows, RECORDED_AT), "regular": rows}
    record["timezone"] = "Europe/Amsterdam"
    if tags.get("phone"):
        record["tel"] = tags["phone"]
    if tags.get("website"):
        record["website"] = tags["website"]
    if detail:
        record["tips"] = [{"id": fsq_id(t, i), "created_at": f"2025-{3 + i:02d}-1{i}T09:30:00.000Z", "text": t}
                          for i, t in enumerate(tips)]
        record["photos"] = [{"id": fsq_id(name, 99), "created_at": "2025-05-01T10:00:00.000Z",
                             "prefix": "https://fastly.4sqi.net/img/general/",
                             "suffix": f"/{fsq_id(name, 7)[:8]}_{fsq_id(name, 8)}.jpg", "width": 1440, "height": 1920}]
        record["social_media"] = {}
    return record


def interaction(method, url, request_headers, response_body, request_body=None, status=200, duration=180):
    request = {"method": method, "url": url, "headers": request_headers}
    if request_body is not None:
        request["body"] = request_body
    return {
        "recorded_at": RECORDED_AT.strftime("%Y-%m-%dT%H:%M:%SZ"),
        "duration_ms": duration,
        "request": request,
        "response": {"status": status,
                     "headers": {"Content-Type": "application/json; charset=utf-8", "Date": HTTP_DATE},
                     "body": {"json": response_body}},
    }


FSQ_HEADERS = {"Accept": "application/json", "X-Places-Api-Version": "2025-06-17", "Authorization": "REDACTED"}
OVERPASS_HEADERS = {"Content-Type": "application/x-www-form-urlencoded", "Accept": "application/json"}
FSQ_NOTE = ("Written by Scripts/make-cassettes.py in the response format of the Foursquare Places API (2025-06-17). "
            "Names, positions, addresses and opening hours are real (OpenStreetMap, (c) OpenStreetMap contributors, ODbL); "
            "Foursquare ids, ratings, prices, tips and photo URLs are illustrative, not Foursquare's data. "
            "Record real answers with: places coffee --near 52.37,4.89 --http-mode record (needs FOURSQUARE_API_KEY).")
OSM_NOTE = ("Written by Scripts/make-cassettes.py in the Overpass API's JSON format from the OpenStreetMap extract "
            "amsterdam_centrum.osm (edits up to 2026-02-13; (c) OpenStreetMap contributors, ODbL). The extract covers "
            "central Amsterdam only, so places west of 4.8906 E are missing. Record real answers with --http-mode record.")


def overpass_query_coffee(lat, lon):
    around = f"(around:{RADIUS},{lat:.4f},{lon:.4f})"
    return f'[out:json][timeout:25];(nwr["amenity"="cafe"]{around};nwr["shop"="coffee"]{around};);out center tags;'


def overpass_body(elements):
    return {"version": 0.6, "generator": "Overpass API 0.7.62.7 375dc00a",
            "osm3s": {"timestamp_osm_base": "2026-02-13T20:31:07Z",
                      "copyright": "The data included in this document is from www.openstreetmap.org. The data is made available under ODbL."},
            "elements": elements}


def osm_element(node_id, nodes):
    lat, lon, tags = nodes[node_id]
    return {"type": "node", "id": node_id, "lat": lat, "lon": lon, "tags": tags}


def main():
    if not os.path.exists(OSM_FILE):
        sys.exit(f"make-cassettes: {OSM_FILE} is missing; it needs ../shared/data beside the repository")
    nodes = read_osm()

    osm_coffee, osm_show, shown = [], [], set()
    fsq_coffee, fsq_show = [], []
    for lat, lon in FOCUS_POINTS:
        # Overpass: every amenity=cafe / shop=coffee within the radius, in id order as Overpass writes them.
        inside = sorted(i for i, (la, lo, tags) in nodes.items()
                        if (tags.get("amenity") == "cafe" or tags.get("shop") == "coffee")
                        and haversine(lat, lon, la, lo) <= RADIUS)
        query = overpass_query_coffee(lat, lon)
        osm_coffee.append(interaction("POST", "https://overpass-api.de/api/interpreter", OVERPASS_HEADERS,
                                      overpass_body([osm_element(i, nodes) for i in inside]),
                                      request_body={"form": {"data": query}}, duration=640))
        for node_id in inside:
            if node_id in shown:
                continue
            shown.add(node_id)
            detail_query = f"[out:json][timeout:25];node({node_id});out center tags;"
            osm_show.append(interaction("POST", "https://overpass-api.de/api/interpreter", OVERPASS_HEADERS,
                                        overpass_body([osm_element(node_id, nodes)]),
                                        request_body={"form": {"data": detail_query}}, duration=310))

        # Foursquare: coffee shops, cafés and roasters within the radius, nearest first, at most 50.
        records = []
        for spec in FOURSQUARE_PLACES:
            record = foursquare_record(spec, nodes, detail=False)
            distance = haversine(lat, lon, record["latitude"], record["longitude"])
            if distance <= RADIUS:
                ordered = {k: record[k] for k in ("fsq_place_id", "name", "latitude", "longitude")}
                ordered["distance"] = int(round(distance))
                ordered.update({k: v for k, v in record.items() if k not in ordered})
                records.append(ordered)
        records.sort(key=lambda r: r["distance"])
        params = [("ll", f"{lat:.4f},{lon:.4f}"), ("radius", str(RADIUS)),
                  ("fsq_category_ids", ",".join(FSQ_COFFEE_CATEGORIES)), ("sort", "DISTANCE"), ("limit", "50"),
                  ("fields", ",".join(FSQ_SEARCH_FIELDS))]
        url = f"https://{FSQ_HOST}/places/search?{encode_query(params)}"
        body = {"results": records[:50],
                "context": {"geo_bounds": {"circle": {"center": {"latitude": lat, "longitude": lon}, "radius": RADIUS}}}}
        fsq_coffee.append(interaction("GET", url, FSQ_HEADERS, body, duration=212))

    for spec in FOURSQUARE_PLACES:
        record = foursquare_record(spec, nodes, detail=True)
        url = f"https://{FSQ_HOST}/places/{record['fsq_place_id']}?{encode_query([('fields', ','.join(FSQ_DETAIL_FIELDS))])}"
        fsq_show.append(interaction("GET", url, FSQ_HEADERS, record, duration=154))

    write("cassettes/foursquare/coffee.json", FSQ_NOTE, fsq_coffee)
    write("cassettes/foursquare/show.json", FSQ_NOTE, sorted(fsq_show, key=lambda i: i["request"]["url"]))
    write("cassettes/osm/coffee.json", OSM_NOTE, osm_coffee)
    write("cassettes/osm/show.json", OSM_NOTE, osm_show)


if __name__ == "__main__":
    main()
