#!/usr/bin/env python3
"""Writes cassettes/osrm/route.json and cassettes/google/route.json from real foot routes.

The routes are computed here, not recorded: the walkable ways of the OpenStreetMap extract
../shared/data/amsterdam_centrum.osm (© OpenStreetMap contributors, ODbL) become a graph, each
origin and destination is snapped to the nearest point on a way, and Dijkstra finds the shortest
path on haversine lengths. The path is cut into steps where the street name changes, each with a
manoeuvre from the turn angle, and written in the answer formats of OSRM's /route/v1 (geometry in
polyline6) and of the Google Directions API (legacy, encoded polylines at precision 5), with the
request URL and headers exactly as the providers send them (the Google key as REDACTED).

Run it from the repository root after changing what the providers request:
    python3 Scripts/make-route-cassettes.py
It uses the Python standard library only and never touches the network. Real answers replace
these files with: places route --from LAT,LON --to LAT,LON --http-mode record
"""

import base64
import datetime
import hashlib
import heapq
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

DAM = (52.3731, 4.8926)
# The README example, then two destinations of the example recommendation feed.
PAIRS = [(DAM, (52.3676, 4.9041)), (DAM, (52.3727, 4.9006)), (DAM, (52.3663, 4.8967))]
# A point in the North Sea: no route, one error interaction per service.
NO_ROUTE = ((52.6, 4.3), (52.3676, 4.9041))
# A point further than this from every walkable way of the extract has no route here.
MAX_SNAP_METERS = 1000

OSRM_ENDPOINT = "https://routing.openstreetmap.de/routed-foot"
OSRM_SPEED = 5 / 3.6  # OSRM's foot profile: walking_speed = 5 km/h
GOOGLE_SPEED = 1.33  # about what Google's walking directions assume (4.8 km/h)
GOOGLE_WARNING = ("Walking directions are in beta. Use caution – This route may be missing sidewalks or "
                  "pedestrian paths.")

EARTH_RADIUS = 6371008.8

# OSRM's foot profile (profiles/foot.lua): the highway values it walks at 5 km/h.
FOOT_HIGHWAYS = {"primary", "primary_link", "secondary", "secondary_link", "tertiary", "tertiary_link",
                 "unclassified", "residential", "road", "living_street", "service", "track", "path", "steps",
                 "pedestrian", "platform", "footway", "pier"}
# Walkable only where foot access is explicitly granted.
FOOT_IF_ALLOWED = {"cycleway", "busway", "bridleway"}
FOOT_YES = {"yes", "designated", "permissive"}
FOOT_NO = {"no", "private", "use_sidepath", "agricultural", "forestry", "delivery"}


# MARK: - Geometry

def haversine(a, b):
    p1, p2 = math.radians(a[0]), math.radians(b[0])
    h = (math.sin((p2 - p1) / 2) ** 2
         + math.cos(p1) * math.cos(p2) * math.sin(math.radians(b[1] - a[1]) / 2) ** 2)
    return 2 * EARTH_RADIUS * math.asin(math.sqrt(min(1.0, h)))


def bearing(a, b):
    p1, p2 = math.radians(a[0]), math.radians(b[0])
    dl = math.radians(b[1] - a[1])
    y = math.sin(dl) * math.cos(p2)
    x = math.cos(p1) * math.sin(p2) - math.sin(p1) * math.cos(p2) * math.cos(dl)
    return (math.degrees(math.atan2(y, x)) + 360) % 360


def project(point, a, b):
    """The point of segment a–b nearest `point`, its fraction along the segment, and the distance."""
    scale = math.cos(math.radians(point[0]))
    ax, ay = (a[1] - point[1]) * scale, a[0] - point[0]
    bx, by = (b[1] - point[1]) * scale, b[0] - point[0]
    dx, dy = bx - ax, by - ay
    length2 = dx * dx + dy * dy
    t = 0.0 if length2 == 0 else max(0.0, min(1.0, -(ax * dx + ay * dy) / length2))
    snapped = (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)
    return snapped, t, haversine(point, snapped)


def turn(before, after):
    """The signed turn from one bearing to the next, in (-180, 180]: positive is to the right."""
    delta = (after - before + 360) % 360
    return delta - 360 if delta > 180 else delta


def modifier(delta):
    """OSRM's getTurnDirection, with its angle 180 - delta (180 is straight on)."""
    angle = 180 - delta
    if 0 < angle < 60:
        return "sharp right"
    if 60 <= angle < 140:
        return "right"
    if 140 <= angle < 160:
        return "slight right"
    if 160 <= angle <= 200:
        return "straight"
    if 200 < angle <= 220:
        return "slight left"
    if 220 < angle <= 300:
        return "left"
    if 300 < angle < 360:
        return "sharp left"
    return "uturn"


def compass(degrees):
    names = ["north", "northeast", "east", "southeast", "south", "southwest", "west", "northwest"]
    return names[int(((degrees % 360) + 22.5) // 45) % 8]


def round_half_away(value):
    return int(math.copysign(math.floor(abs(value) + 0.5), value))


def encode_polyline(points, precision):
    factor = 10 ** precision
    output, previous = [], (0, 0)
    for lat, lon in points:
        current = (round_half_away(lat * factor), round_half_away(lon * factor))
        for delta in (current[0] - previous[0], current[1] - previous[1]):
            bits = ~(delta << 1) if delta < 0 else delta << 1
            while bits >= 0x20:
                output.append(chr((0x20 | (bits & 0x1F)) + 63))
                bits >>= 5
            output.append(chr(bits + 63))
        previous = current
    return "".join(output)


# MARK: - The walkable graph

def walkable(tags):
    highway = tags.get("highway")
    foot = tags.get("foot")
    if highway is None or tags.get("area") == "yes" and highway not in ("pedestrian", "footway"):
        return False
    if foot in FOOT_NO:
        return False
    if tags.get("access") in FOOT_NO and foot not in FOOT_YES:
        return False
    if highway in FOOT_IF_ALLOWED:
        return foot in FOOT_YES
    return highway in FOOT_HIGHWAYS


def read_osm():
    root = ET.parse(OSM_FILE).getroot()
    nodes, ways, addresses = {}, [], []
    for element in root:
        tags = {c.get("k"): c.get("v") for c in element if c.tag == "tag"}
        if element.tag == "node":
            position = (float(element.get("lat")), float(element.get("lon")))
            nodes[int(element.get("id"))] = position
            if "addr:street" in tags and "addr:housenumber" in tags:
                addresses.append((position, tags))
        elif element.tag == "way" and walkable(tags):
            refs = [int(c.get("ref")) for c in element if c.tag == "nd"]
            ways.append({"id": int(element.get("id")), "name": tags.get("name", ""), "ref": tags.get("ref"),
                         "highway": tags["highway"], "nodes": refs})
    ways = [w for w in ways if all(n in nodes for n in w["nodes"]) and len(w["nodes"]) >= 2]
    return nodes, ways, addresses


class Graph:
    def __init__(self, nodes, ways):
        self.nodes = dict(nodes)
        self.ways = ways
        self.edges = {}  # node → [(neighbour, metres, way index)]
        self.segments = []  # (way index, node a, node b)
        for index, way in enumerate(ways):
            for a, b in zip(way["nodes"], way["nodes"][1:]):
                if a == b:
                    continue
                length = haversine(nodes[a], nodes[b])
                self.edges.setdefault(a, []).append((b, length, index))
                self.edges.setdefault(b, []).append((a, length, index))
                self.segments.append((index, a, b))
        # Like OSRM, snap only onto the big connected network, never onto a fragment cut off at the
        # edge of the extract.
        self.network = self.largest_component()
        self.segments = [s for s in self.segments if s[1] in self.network]

    def largest_component(self):
        seen, best = set(), set()
        for start in self.edges:
            if start in seen:
                continue
            component, stack = {start}, [start]
            while stack:
                for neighbour, _, _ in self.edges[stack.pop()]:
                    if neighbour not in component:
                        component.add(neighbour)
                        stack.append(neighbour)
            seen |= component
            if len(component) > len(best):
                best = component
        return best

    def snap(self, point):
        """The nearest point on any walkable segment: (segment, position, fraction, metres away)."""
        best = None
        for segment in self.segments:
            _, a, b = segment
            snapped, t, distance = project(point, self.nodes[a], self.nodes[b])
            if best is None or distance < best[3]:
                best = (segment, snapped, t, distance)
        return best

    def add_virtual(self, name, snap):
        (way, a, b), position, _, _ = snap
        self.nodes[name] = position
        for end in (a, b):
            length = haversine(position, self.nodes[end])
            self.edges.setdefault(name, []).append((end, length, way))
            self.edges.setdefault(end, []).append((name, length, way))

    def remove_virtual(self, name):
        for neighbour, _, _ in self.edges.pop(name, []):
            self.edges[neighbour] = [e for e in self.edges[neighbour] if e[0] != name]
        self.nodes.pop(name, None)

    def shortest(self, start, goal):
        """Dijkstra: the node path and, per edge, the way it follows; None when unreachable."""
        distances, previous = {start: 0.0}, {}
        queue = [(0.0, 0, start)]
        counter = 1
        while queue:
            distance, _, node = heapq.heappop(queue)
            if node == goal:
                break
            if distance > distances.get(node, math.inf):
                continue
            for neighbour, length, way in self.edges.get(node, []):
                candidate = distance + length
                if candidate < distances.get(neighbour, math.inf):
                    distances[neighbour] = candidate
                    previous[neighbour] = (node, way)
                    heapq.heappush(queue, (candidate, counter, neighbour))
                    counter += 1
        if goal not in distances:
            return None
        path, edge_ways, node = [goal], [], goal
        while node != start:
            node, way = previous[node]
            path.append(node)
            edge_ways.append(way)
        return path[::-1], edge_ways[::-1]


# MARK: - A route cut into steps

def compute_route(graph, origin, destination):
    origin_snap, destination_snap = graph.snap(origin), graph.snap(destination)
    if origin_snap[3] > MAX_SNAP_METERS or destination_snap[3] > MAX_SNAP_METERS:
        return None
    graph.add_virtual("origin", origin_snap)
    graph.add_virtual("destination", destination_snap)
    if origin_snap[0] == destination_snap[0]:
        # Both on one segment: walking along it is a candidate too.
        way = origin_snap[0][0]
        length = haversine(origin_snap[1], destination_snap[1])
        graph.edges["origin"].append(("destination", length, way))
        graph.edges["destination"].append(("origin", length, way))
    try:
        found = graph.shortest("origin", "destination")
    finally:
        graph.remove_virtual("origin")
        graph.remove_virtual("destination")
        graph.nodes.pop("origin", None)
    if found is None:
        return None
    node_ids, edge_ways = found
    points = [graph.nodes[n] if n not in ("origin", "destination") else None for n in node_ids]
    points[0], points[-1] = origin_snap[1], destination_snap[1]
    # Drop zero-length edges (a snap onto a node).
    kept_points, kept_ways = [points[0]], []
    for point, way in zip(points[1:], edge_ways):
        if haversine(kept_points[-1], point) < 0.05:
            continue
        kept_points.append(point)
        kept_ways.append(way)
    if not kept_ways:
        kept_points.append(destination_snap[1])
        kept_ways.append(origin_snap[0][0])

    # Steps: runs of edges on ways of the same name.
    ways = graph.ways
    runs = []
    for index, way in enumerate(kept_ways):
        name = ways[way]["name"]
        if runs and runs[-1]["name"] == name:
            runs[-1]["end"] = index + 1
        else:
            runs.append({"name": name, "ref": ways[way]["ref"], "start": index, "end": index + 1})
    # A short unnamed link between two runs (a crossing, a bit of pavement) is part of the next step,
    # as OSRM's guidance folds such segments into the turn.
    merged = []
    for run in runs:
        run_length = sum(haversine(kept_points[i], kept_points[i + 1]) for i in range(run["start"], run["end"]))
        if merged and not run["name"] and run_length < 25 and run is not runs[-1]:
            merged[-1]["end"] = run["end"]
            continue
        if merged and merged[-1]["name"] == run["name"]:
            merged[-1]["end"] = run["end"]
            continue
        merged.append(dict(run))

    steps = []
    for run in merged:
        path = kept_points[run["start"]:run["end"] + 1]
        length = sum(haversine(a, b) for a, b in zip(path, path[1:]))
        steps.append({"name": run["name"], "ref": run["ref"], "path": path, "distance": length,
                      "bearing_after": round(bearing(path[0], path[1])) % 360,
                      "bearing_before": round(bearing(path[-2], path[-1])) % 360})
    for previous, step in zip(steps, steps[1:]):
        delta = turn(previous["bearing_before"], step["bearing_after"])
        step["modifier"] = modifier(delta)
        step["incoming"] = previous["bearing_before"]
    # Which side the destination lies on, seen from the last segment.
    last = steps[-1]
    offset = haversine(destination_snap[1], destination)
    side_delta = turn(last["bearing_before"], bearing(destination_snap[1], destination)) if offset >= 1 else 0
    arrive_side = "straight" if offset < 1 or abs(side_delta) < 20 or abs(side_delta) > 160 else (
        "right" if side_delta > 0 else "left")
    return {"steps": steps, "path": kept_points, "distance": sum(s["distance"] for s in steps),
            "origin": origin, "destination": destination, "origin_snap": origin_snap,
            "destination_snap": destination_snap, "arrive_side": arrive_side,
            "origin_name": ways[origin_snap[0][0]]["name"], "destination_name": ways[destination_snap[0][0]]["name"]}


# MARK: - OSRM's answer

def lonlat(point):
    return [round(point[1], 6), round(point[0], 6)]


def hint(point):
    # OSRM's hints are opaque base64 snapshots of its own graph; these are placeholders of that shape.
    digest = hashlib.sha256(f"{point[0]:.6f},{point[1]:.6f}".encode()).digest()
    return base64.urlsafe_b64encode(digest + digest[:12]).decode().rstrip("=")


def osrm_intersection(location, bearing_in, bearing_out):
    bearings = sorted({b for b in (bearing_in, bearing_out) if b is not None})
    item = {"location": lonlat(location), "bearings": bearings, "entry": [True] * len(bearings)}
    if bearing_in is not None:
        item["in"] = bearings.index(bearing_in)
    if bearing_out is not None:
        item["out"] = bearings.index(bearing_out)
    return item


def osrm_step(name, ref, path, distance, maneuver, intersection):
    duration = round(distance / OSRM_SPEED, 1)
    step = {"geometry": encode_polyline(path, 6), "maneuver": maneuver, "mode": "walking",
            "driving_side": "right", "name": name, "intersections": [intersection],
            "weight": duration, "duration": duration, "distance": round(distance, 1)}
    if ref:
        step["ref"] = ref
    return step


def osrm_answer(route):
    steps = []
    for index, step in enumerate(route["steps"]):
        location = step["path"][0]
        if index == 0:
            maneuver = {"bearing_after": step["bearing_after"], "bearing_before": 0, "location": lonlat(location),
                        "type": "depart"}
            intersection = osrm_intersection(location, None, step["bearing_after"])
        else:
            kind = "new name" if step["modifier"] == "straight" else "turn"
            maneuver = {"bearing_after": step["bearing_after"], "bearing_before": step["incoming"],
                        "location": lonlat(location), "modifier": step["modifier"], "type": kind}
            intersection = osrm_intersection(location, (step["incoming"] + 180) % 360, step["bearing_after"])
        steps.append(osrm_step(step["name"], step["ref"], step["path"], step["distance"], maneuver, intersection))
    end = route["path"][-1]
    last = route["steps"][-1]
    arrive = {"bearing_after": 0, "bearing_before": last["bearing_before"], "location": lonlat(end),
              "modifier": route["arrive_side"], "type": "arrive"}
    steps.append(osrm_step(last["name"], last["ref"], [end, end], 0.0, arrive,
                           osrm_intersection(end, (last["bearing_before"] + 180) % 360, None)))
    distance = round(route["distance"], 1)
    duration = round(route["distance"] / OSRM_SPEED, 1)
    named = sorted((s for s in route["steps"] if s["name"]), key=lambda s: -s["distance"])[:2]
    summary = ", ".join(s["name"] for s in route["steps"] if any(s is n for n in named))
    leg = {"steps": steps, "summary": summary, "weight": duration, "duration": duration, "distance": distance}
    waypoints = []
    for point, snap, name in ((route["origin"], route["origin_snap"], route["origin_name"]),
                              (route["destination"], route["destination_snap"], route["destination_name"])):
        waypoints.append({"hint": hint(snap[1]), "distance": round(snap[3], 6), "name": name,
                          "location": lonlat(snap[1])})
    return {"code": "Ok",
            "routes": [{"geometry": encode_polyline(route["path"], 6), "legs": [leg], "weight_name": "duration",
                        "weight": duration, "duration": duration, "distance": distance}],
            "waypoints": waypoints}


# MARK: - Google's answer

def latlng(point):
    return {"lat": round(point[0], 7), "lng": round(point[1], 7)}


def distance_text(metres):
    return f"{round(metres)} m" if metres < 100 else f"{metres / 1000:.1f} km"


def duration_text(seconds):
    minutes = max(1, round(seconds / 60))
    if minutes < 60:
        return f"{minutes} min" if minutes == 1 else f"{minutes} mins"
    hours, rest = divmod(minutes, 60)
    return f"{hours} hour{'s' if hours > 1 else ''}" + (f" {rest} min{'s' if rest != 1 else ''}" if rest else "")


def address(addresses, point, street):
    """Google's style of address for the house nearest `point` on `street`, else the street."""
    candidates = [(haversine(point, p), tags) for p, tags in addresses if not street or tags["addr:street"] == street]
    candidates = [c for c in candidates if c[0] <= 80]
    if not candidates:
        return f"{street}, Amsterdam, Netherlands" if street else "Amsterdam, Netherlands"
    tags = min(candidates, key=lambda c: c[0])[1]
    postcode = tags.get("addr:postcode", "")
    if len(postcode) == 6:
        postcode = postcode[:4] + " " + postcode[4:]
    return f"{tags['addr:street']} {tags['addr:housenumber']}, {(postcode + ' ').lstrip()}Amsterdam, Netherlands"


def place_id(text):
    # Google's place ids are its own; these are placeholders of that shape.
    return "ChIJ" + base64.urlsafe_b64encode(hashlib.sha1(text.encode()).digest()).decode().rstrip("=")[:23]


GOOGLE_TURNS = {
    "right": ("Turn <b>right</b>", "turn-right"), "left": ("Turn <b>left</b>", "turn-left"),
    "slight right": ("Slight <b>right</b>", "turn-slight-right"), "slight left": ("Slight <b>left</b>", "turn-slight-left"),
    "sharp right": ("Sharp <b>right</b>", "turn-sharp-right"), "sharp left": ("Sharp <b>left</b>", "turn-sharp-left"),
    "uturn": ("Make a <b>U-turn</b>", "uturn-left"),
}


def google_html(step, index, steps, arrive_side):
    following = steps[index + 1]["name"] if index + 1 < len(steps) else ""
    toward = f" toward <b>{following}</b>" if following and following != step["name"] else ""
    if index == 0:
        html, maneuver = f"Head <b>{compass(step['bearing_after'])}</b>", None
        html += f" on <b>{step['name']}</b>{toward}" if step["name"] else toward
    elif step["modifier"] == "straight":
        maneuver = "straight"
        html = f"Continue onto <b>{step['name']}</b>" if step["name"] else "Continue straight" + toward
    else:
        html, maneuver = GOOGLE_TURNS[step["modifier"]]
        html += f" onto <b>{step['name']}</b>" if step["name"] else toward
    if index == len(steps) - 1 and arrive_side in ("left", "right"):
        html += f'<div style="font-size:0.9em">Destination will be on the {arrive_side}</div>'
    return html.replace("&", "&amp;"), maneuver


def google_answer(route, addresses):
    steps, total_distance, total_duration = [], 0, 0
    for index, step in enumerate(route["steps"]):
        metres = round(step["distance"])
        seconds = round(step["distance"] / GOOGLE_SPEED)
        html, maneuver = google_html(step, index, route["steps"], route["arrive_side"])
        item = {"distance": {"text": distance_text(metres), "value": metres},
                "duration": {"text": duration_text(seconds), "value": seconds},
                "end_location": latlng(step["path"][-1]), "html_instructions": html}
        if maneuver:
            item["maneuver"] = maneuver
        item.update({"polyline": {"points": encode_polyline(step["path"], 5)},
                     "start_location": latlng(step["path"][0]), "travel_mode": "WALKING"})
        steps.append(item)
        total_distance += metres
        total_duration += seconds
    path = route["path"]
    start_address = address(addresses, path[0], route["origin_name"])
    end_address = address(addresses, path[-1], route["destination_name"])
    longest = max(route["steps"], key=lambda s: s["distance"] if s["name"] else -1)
    leg = {"distance": {"text": distance_text(total_distance), "value": total_distance},
           "duration": {"text": duration_text(total_duration), "value": total_duration},
           "end_address": end_address, "end_location": latlng(path[-1]),
           "start_address": start_address, "start_location": latlng(path[0]),
           "steps": steps, "traffic_speed_entry": [], "via_waypoint": []}
    lats, lons = [p[0] for p in path], [p[1] for p in path]
    # A house number before the first comma: the address of a house, else of a street.
    waypoints = [{"geocoder_status": "OK", "place_id": place_id(text),
                  "types": ["street_address"] if any(c.isdigit() for c in text.split(",")[0]) else ["route"]}
                 for text in (start_address, end_address)]
    return {"geocoded_waypoints": waypoints,
            "routes": [{"bounds": {"northeast": latlng((max(lats), max(lons))), "southwest": latlng((min(lats), min(lons)))},
                        "copyrights": "Map data © OpenStreetMap contributors (computed offline in this format)",
                        "legs": [leg], "overview_polyline": {"points": encode_polyline(path, 5)},
                        "summary": longest["name"], "warnings": [GOOGLE_WARNING], "waypoint_order": []}],
            "status": "OK"}


# MARK: - Cassettes

def number(value):
    # As the providers format a coordinate: at most 6 decimals, no trailing zeros.
    text = f"{value:.6f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def quote(text):
    # The same encoding as QueryString.encodeComponent: unreserved characters plus ',' and ':' stay.
    return urllib.parse.quote(text, safe="-._~,:")


def osrm_url(origin, destination):
    points = f"{number(origin[1])},{number(origin[0])};{number(destination[1])},{number(destination[0])}"
    return f"{OSRM_ENDPOINT}/route/v1/foot/{points}?overview=full&steps=true&geometries=polyline6"


def google_url(origin, destination):
    params = [("origin", f"{number(origin[0])},{number(origin[1])}"),
              ("destination", f"{number(destination[0])},{number(destination[1])}"), ("mode", "walking"),
              ("key", "REDACTED")]
    return "https://maps.googleapis.com/maps/api/directions/json?" + "&".join(f"{quote(k)}={quote(v)}" for k, v in params)


def interaction(url, body, status=200, duration=180):
    return {
        "recorded_at": RECORDED_AT.strftime("%Y-%m-%dT%H:%M:%SZ"),
        "duration_ms": duration,
        "request": {"method": "GET", "url": url, "headers": {"Accept": "application/json"}},
        "response": {"status": status,
                     "headers": {"Content-Type": "application/json; charset=utf-8", "Date": HTTP_DATE},
                     "body": {"json": body}},
    }


def note(service, how):
    return (f"Computed by Scripts/make-route-cassettes.py, not recorded from {service}: a shortest foot route "
            f"(Dijkstra over the walkable ways of the OpenStreetMap extract amsterdam_centrum.osm, (c) OpenStreetMap "
            f"contributors, ODbL) written in {how}. Street names and geometry are OpenStreetMap's; steps, "
            f"manoeuvres and times are the script's; place ids and hints are placeholders. The no-route answer is "
            f"the documented error format for a point in the North Sea, further than {MAX_SNAP_METERS} m from any "
            f"way of the extract. Record real answers with: places route --from LAT,LON --to LAT,LON --http-mode record")


def main():
    if not os.path.exists(OSM_FILE):
        sys.exit(f"make-route-cassettes: {OSM_FILE} is missing; it needs ../shared/data beside the repository")
    nodes, ways, addresses = read_osm()
    graph = Graph(nodes, ways)
    osrm, google = [], []
    for origin, destination in PAIRS:
        route = compute_route(graph, origin, destination)
        if route is None:
            sys.exit(f"make-route-cassettes: no route from {origin} to {destination} in the extract")
        osrm_body = osrm_answer(route)
        google_body = google_answer(route, addresses)
        osrm.append(interaction(osrm_url(origin, destination), osrm_body, duration=95))
        google.append(interaction(google_url(origin, destination), google_body, duration=230))
        leg = google_body["routes"][0]["legs"][0]
        print(f"{number(origin[0])},{number(origin[1])} → {number(destination[0])},{number(destination[1])}: "
              f"osrm {osrm_body['routes'][0]['distance']} m, {osrm_body['routes'][0]['duration']} s, "
              f"{len(osrm_body['routes'][0]['legs'][0]['steps'])} steps; "
              f"google {leg['distance']['value']} m, {leg['duration']['value']} s, {len(leg['steps'])} steps; "
              f"snapped {route['origin_snap'][3]:.1f} m and {route['destination_snap'][3]:.1f} m")
        for step in osrm_body["routes"][0]["legs"][0]["steps"]:
            m = step["maneuver"]
            print(f"    {m['type']:<9} {m.get('modifier', ''):<12} {step['name'] or '(unnamed)':<28} {step['distance']:>7} m")

    origin, destination = NO_ROUTE
    if compute_route(graph, origin, destination) is not None:
        sys.exit("make-route-cassettes: the no-route pair has a route in the extract")
    osrm.append(interaction(osrm_url(origin, destination),
                            {"code": "NoRoute", "message": "Impossible route between points"}, status=400, duration=40))
    google.append(interaction(google_url(origin, destination), {
        "geocoded_waypoints": [{"geocoder_status": "OK", "place_id": place_id("North Sea"), "types": ["natural_feature"]},
                               {"geocoder_status": "OK", "place_id": place_id("Waterlooplein"), "types": ["route"]}],
        "routes": [], "status": "ZERO_RESULTS"}, duration=120))

    write("cassettes/osrm/route.json", note("OSRM (routing.openstreetmap.de)", "OSRM's /route/v1 answer format "
                                            "(geometry polyline6, foot speed 5 km/h)"), osrm)
    write("cassettes/google/route.json", note("the Google Directions API", "the Directions API's answer format "
                                              "(encoded polylines at precision 5, 1.33 m/s); the copyrights line "
                                              "credits OpenStreetMap, whose data it is"), google)


if __name__ == "__main__":
    main()
