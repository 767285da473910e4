#!/usr/bin/env python3
"""Writes Sources/CTimeZoneMap/time-zones.bin.gz (gzip -9 of the table): the time zone of every point on Earth, for `places`
to read opening hours on a place's own clock, offline.

Source: the zones of timezone-boundary-builder (github.com/evansiroky/timezone-boundary-builder),
release 2026c with oceans, as the PyPI package timezonefinder-data 3.2026.3.post1 ships them.
They are made from OpenStreetMap data: (c) OpenStreetMap contributors, licensed under the ODbL 1.0;
the table this script writes is a derived database under the same licence
(Sources/CTimeZoneMap/README.md says so beside it).

The table is a quadtree over the world (longitude -180..180 by latitude -90..90, each cell split
in four), built from the zones' polygons, not from samples:
  - a cell that one zone covers is a leaf; the high seas (timezone-boundary-builder's Etc/GMT+-N,
    15-degree bands) are one "sea" zone, which the reader turns back into Etc/GMT+-N by longitude;
  - a cell holding one zone and the sea stops at depth SEA_DEPTH (~20 km): territorial waters
    reach 22 km out, so no point on land is affected, only the sea near their outer edge;
  - a cell on a border is split further, as deep as the border matters: zones that keep different
    time (Madrid and Lisbon) down to BORDER_DEPTH (~1 km), zones that keep the same time now and
    in the coming years (Amsterdam and Berlin, judged hour by hour over START_YEAR..END_YEAR with
    this machine's tzdata) down to SAME_TIME_DEPTH, Antarctica to POLAR_DEPTH;
  - a border cell from SPLIT_DEPTH down whose border is close to a straight line becomes a split
    leaf: the line (an angle and an offset, a byte each) and the zones on either side. The line is
    fitted to a grid of SAMPLES x SAMPLES points and kept when the points it puts on the wrong side
    amount to a border moved by less than LINE_TOLERANCE_KM (SAME_TIME_TOLERANCE_KM where the zones
    keep the same time); the deepest cells keep their best line whatever it costs;
  - where timezone-boundary-builder's zones overlap (disputed areas such as Xinjiang), the zone
    timezonefinder answers there wins, so that both agree.
The reader (Sources/PlaceCore/Geo/TimeZoneMap+Table.swift) documents the byte format.

Run it in a virtual environment (it takes about an hour on 2 cores; --cache keeps the slow steps):
    python3 -m venv /tmp/tzvenv
    /tmp/tzvenv/bin/pip install timezonefinder==9.0.0 timezonefinder-data==3.2026.3.post1 shapely==2.2.0 numpy
    /tmp/tzvenv/bin/python Scripts/make-time-zone-map.py --cache /tmp/tzcache
Then measure it against timezonefinder (random land points, points near borders, and, when
../shared/data is beside the repository, GeoNames' 144,563 places of rg_cities1000.csv):
    /tmp/tzvenv/bin/python Scripts/make-time-zone-map.py --cache /tmp/tzcache --measure
--fixture also writes Tests/PlaceCoreTests/Fixtures/time-zone-points.tsv, points this script's
reader answered, which the Swift reader must answer alike.
It never touches the network.
"""

import argparse
import collections
import datetime
import gzip
import math
import os
import pickle
import random
import struct
import sys
import time
import zlib
import zoneinfo
from multiprocessing import Pool

import numpy as np
import shapely
from shapely.geometry import MultiPolygon, Polygon
from shapely.strtree import STRtree
from timezonefinder import TimezoneFinder

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUTPUT = os.path.join(ROOT, "Sources", "CTimeZoneMap", "time-zones.bin.gz")
FIXTURE = os.path.join(ROOT, "Tests", "PlaceCoreTests", "Fixtures", "time-zone-points.tsv")
CITIES = os.path.join(ROOT, "..", "shared", "data", "rg_cities1000.csv")

SEA_DEPTH = 10          # 0.35 x 0.18 degrees
SPLIT_DEPTH = 10        # split leaves from here down
SAME_TIME_DEPTH = 12    # 0.088 x 0.044 degrees
BORDER_DEPTH = 15       # 0.011 x 0.0055 degrees: 850 x 610 m at 45 degrees north
POLAR_DEPTH = 9         # south of 60 degrees south
SAMPLES = 64
LINE_TOLERANCE_KM = 0.03
SAME_TIME_TOLERANCE_KM = 0.3
START_YEAR, END_YEAR = 2025, 2030
SOURCE = b"tbb 2026c"

# The split line, in whole numbers as the Swift reader computes it: the point (u, v) in its cell in
# 1/65536ths, centred; the normal at angle * 2 pi / 256 as (cos, sin) * 16384, rounded half away from
# zero as Swift's rounded(); the threshold (offset - 128) * STEP.
STEP = 5_932_385


def swift_round(value):
    return int(math.copysign(math.floor(abs(value) + 0.5), value))


DIRECTIONS = [(swift_round(math.cos(a * (2 * math.pi / 256)) * 16384), swift_round(math.sin(a * (2 * math.pi / 256)) * 16384))
              for a in range(256)]
COS = np.array([c for c, _ in DIRECTIONS], dtype=np.int64)
SIN = np.array([s for _, s in DIRECTIONS], dtype=np.int64)


def cached(cache, name, make):
    path = cache and os.path.join(cache, name)
    if path and os.path.exists(path):
        with open(path, "rb") as file:
            return pickle.load(file)
    value = make()
    if path:
        os.makedirs(cache, exist_ok=True)
        with open(path, "wb") as file:
            pickle.dump(value, file)
    return value


def load_zones(finder):
    zones = {}
    for name in finder.timezone_names:
        polygons = [Polygon(list(zip(*rings[0])), [list(zip(*hole)) for hole in rings[1:]])
                    for rings in finder.get_geometry(tz_name=name, coords_as_pairs=False)]
        geometry = MultiPolygon(polygons)
        zones[name] = geometry if geometry.is_valid else shapely.make_valid(geometry)
    return zones


def resolve_overlaps(zones, finder):
    """Gives each overlap to the zone timezonefinder answers there."""
    names = sorted(zones)
    geometries = [zones[name] for name in names]
    left, right = STRtree(geometries).query(geometries, predicate="intersects")
    resolved = dict(zones)
    for i, j in zip(left, right):
        if i >= j:
            continue
        a, b = names[i], names[j]
        if not (shapely.overlaps(zones[a], zones[b]) or shapely.contains(zones[a], zones[b]) or shapely.contains(zones[b], zones[a])):
            continue
        overlap = shapely.intersection(zones[a], zones[b])
        for part in getattr(overlap, "geoms", [overlap]):
            if part.area <= 1e-10 or part.geom_type not in ("Polygon", "MultiPolygon"):
                continue
            point = part.representative_point()
            winner = finder.timezone_at(lng=point.x, lat=point.y)
            loser = b if winner == a else a if winner == b else None
            if loser:
                resolved[loser] = shapely.difference(resolved[loser], part)
    return resolved


def same_time_classes(names):
    """Zones whose UTC offset agrees at every hour of START_YEAR..END_YEAR share a class."""
    start = datetime.datetime(START_YEAR, 1, 1, tzinfo=datetime.timezone.utc)
    hours = int((datetime.datetime(END_YEAR + 1, 1, 1, tzinfo=datetime.timezone.utc) - start).total_seconds() // 3600)
    instants = [start + datetime.timedelta(hours=h) for h in range(hours)]
    signatures = {}
    for name in names:
        zone = zoneinfo.ZoneInfo(name)
        signatures[name] = tuple(int(instant.astimezone(zone).utcoffset().total_seconds()) for instant in instants)
    numbers = {}
    return {name: numbers.setdefault(signature, len(numbers)) for name, signature in signatures.items()}


# The tree. Leaves: an int (0 the sea, else a zone number) or ("split", first, second, angle, offset);
# a node: a list of four children, SW, SE, NW, NE.

class Builder:
    def __init__(self, zones, classes):
        names = sorted(zones)
        self.land = [name for name in names if not name.startswith("Etc/GMT")]
        number = {name: i + 1 for i, name in enumerate(self.land)}
        self.items = [(number.get(name, 0), zones[name]) for name in names]
        self.zone_class = [None] + [classes[name] for name in self.land]
        grid = (np.arange(SAMPLES) + 0.5) / SAMPLES
        gu, gv = np.meshgrid(grid, grid)
        self.fu, self.fv = gu.ravel(), gv.ravel()
        # The samples' cell positions as the reader computes them, centred.
        self.iu = np.floor(self.fu * 65536).astype(np.int64) - 32768
        self.iv = np.floor(self.fv * 65536).astype(np.int64) - 32768
        # Every fourth row and column: a quick first look at each angle.
        rows, columns = np.divmod(np.arange(SAMPLES * SAMPLES), SAMPLES)
        self.sparse = (rows % 4 == 0) & (columns % 4 == 0)

    @staticmethod
    def clip(items, x0, y0, x1, y1):
        out = []
        for zone, geometry in items:
            left, bottom, right, top = geometry.bounds
            if left > x1 or right < x0 or bottom > y1 or top < y0:
                continue
            if left >= x0 and right <= x1 and bottom >= y0 and top <= y1:
                clipped = geometry
            else:
                try:
                    clipped = shapely.clip_by_rect(geometry, x0, y0, x1, y1)
                except shapely.errors.GEOSException:
                    clipped = shapely.intersection(shapely.make_valid(geometry), shapely.box(x0, y0, x1, y1))
            if clipped.area > 0:
                out.append((zone, clipped))
        return out

    def lines(self, labels, first, second, angles, among):
        """The best line over `angles`: (wrong samples, angle, offset), the first zone on the near
        side, judged on the samples `among` selects."""
        keep = among & ((labels == first) | (labels == second))
        u, v, is_first = self.iu[keep], self.iv[keep], labels[keep] == first
        others = int((among & (labels > 0)).sum() - keep.sum())
        angles = np.array([a % 256 for a in angles])
        p = u[:, None] * COS[angles][None, :] + v[:, None] * SIN[angles][None, :]
        bins = np.clip(p // STEP + 128, 0, 255)
        index = bins + 256 * np.arange(len(angles))[None, :]
        size = 256 * len(angles)
        count_first = np.bincount(index[is_first].ravel(), minlength=size).reshape(len(angles), 256)
        count_second = np.bincount(index[~is_first].ravel(), minlength=size).reshape(len(angles), 256)
        # Offset b puts bins below b on the near side: wrong are the second zone's samples below b
        # and the first zone's at or above it.
        second_below = np.cumsum(count_second, axis=1) - count_second
        first_above = count_first.sum(axis=1, keepdims=True) - (np.cumsum(count_first, axis=1) - count_first)
        wrong = second_below + first_above + others
        best = np.unravel_index(np.argmin(wrong), wrong.shape)
        return int(wrong[best]), int(angles[best[0]]), int(best[1])

    def fit(self, x0, y0, x1, y1, items, hopeless):
        """The cell's border as a line: (share of samples on the wrong side, leaf), or (share, None)
        when a first look at a sixteenth of the samples already says more than `hopeless`."""
        xs = x0 + self.fu * (x1 - x0)
        ys = y0 + self.fv * (y1 - y0)
        labels = np.zeros(len(xs), dtype=np.int64)
        for zone, geometry in items:
            if zone:
                labels[shapely.contains_xy(geometry, xs, ys)] = zone
        counts = collections.Counter(labels[labels > 0].tolist())
        if len(counts) < 2:
            return 0, counts.most_common(1)[0][0] if counts else None
        (first, _), (second, _) = counts.most_common(2)
        everything = np.ones(len(xs), dtype=bool)
        wrong, angle, _ = self.lines(labels, first, second, range(0, 256, 4), self.sparse)
        if wrong / self.sparse.sum() > hopeless:
            return wrong / self.sparse.sum(), None
        wrong, angle, offset = self.lines(labels, first, second, range(angle - 3, angle + 4), everything)
        return wrong / len(xs), ("split", first, second, angle, offset)

    def build(self, x0, y0, x1, y1, depth, items):
        items = self.clip(items, x0, y0, x1, y1)
        land = collections.Counter()
        sea = False
        for zone, geometry in items:
            if zone:
                land[zone] += geometry.area
            else:
                sea = True
        if not land:
            return 0
        if len(land) == 1:
            (zone,) = land
            if not sea or depth >= SEA_DEPTH:
                return zone
        else:
            same_time = len({self.zone_class[zone] for zone in land}) == 1
            limit = SAME_TIME_DEPTH if same_time else BORDER_DEPTH
            if y1 <= -60:
                limit = min(limit, POLAR_DEPTH)
            if depth >= min(SPLIT_DEPTH, limit):
                # The border moved by the wrong samples' share of the cell's height, about.
                tolerance = (SAME_TIME_TOLERANCE_KM if same_time else LINE_TOLERANCE_KM) / ((y1 - y0) * 111.2)
                share, leaf = self.fit(x0, y0, x1, y1, items, hopeless=math.inf if depth >= limit else 4 * tolerance)
                if depth >= limit:
                    return leaf if leaf is not None else land.most_common(1)[0][0]
                if isinstance(leaf, tuple) and share <= tolerance:
                    return leaf
        xm, ym = (x0 + x1) / 2, (y0 + y1) / 2
        children = [self.build(x0, y0, xm, ym, depth + 1, items), self.build(xm, y0, x1, ym, depth + 1, items),
                    self.build(x0, ym, xm, y1, depth + 1, items), self.build(xm, ym, x1, y1, depth + 1, items)]
        if all(not isinstance(child, (list, tuple)) and child == children[0] for child in children):
            return children[0]
        return children


TOP = 3  # the tree is built as 64 subtrees of this depth, two at a time
BUILDER = None


def build_part(part):
    i, j = part
    width, height = 360 / (1 << TOP), 180 / (1 << TOP)
    x0, y0 = -180 + i * width, -90 + j * height
    return part, BUILDER.build(x0, y0, x0 + width, y0 + height, TOP, BUILDER.items)


def build_tree(zones, classes):
    global BUILDER
    BUILDER = Builder(zones, classes)
    parts = [(i, j) for i in range(1 << TOP) for j in range(1 << TOP)]
    with Pool(2) as pool:
        built = dict(pool.imap_unordered(build_part, parts))

    def assemble(depth, i, j):
        if depth == TOP:
            return built[(i, j)]
        children = [assemble(depth + 1, 2 * i + di, 2 * j + dj) for dj in (0, 1) for di in (0, 1)]
        return children[0] if all(not isinstance(c, (list, tuple)) and c == children[0] for c in children) else children

    return BUILDER.land, assemble(0, 0, 0)


def encode(names, tree):
    pairs, pair_numbers = [], {}
    kinds, directory, zone_leaves, splits = bytearray(), bytearray(), bytearray(), bytearray()
    counts = [0, 0, 0]  # nodes, zones, splits among the children so far
    level = [tree]
    number = 0
    while level:
        following = []
        for node in level:
            if number % 16 == 0:
                directory += struct.pack("<3I", *counts)
            number += 1
            byte = 0
            for k, child in enumerate(node):
                if isinstance(child, list):
                    byte |= 2 << (2 * k)
                    counts[0] += 1
                    following.append(child)
                elif isinstance(child, tuple):
                    byte |= 1 << (2 * k)
                    counts[2] += 1
                    _, first, second, angle, offset = child
                    pair = pair_numbers.setdefault((first, second), len(pairs))
                    if pair == len(pairs):
                        pairs.append((first, second))
                    splits += struct.pack("<HBB", pair, angle, offset)
                else:
                    counts[1] += 1
                    zone_leaves += struct.pack("<H", child)
            kinds.append(byte)
        level = following
    name_bytes = b"".join(name.encode("ascii") + b"\0" for name in names)
    pair_bytes = b"".join(struct.pack("<HH", *pair) for pair in pairs)
    payload = SOURCE.ljust(16, b"\0") + name_bytes + kinds + directory + zone_leaves + splits + pair_bytes
    header = b"PTZM" + struct.pack("<HHIIIIII", 1, len(names), len(name_bytes), len(kinds), len(zone_leaves) // 2, len(splits) // 4,
                                   len(pairs), zlib.adler32(payload))
    return header + payload


class Reader:
    """The Swift reader's walk, in Python: to measure the table as places will read it."""

    def __init__(self, data):
        assert data[:4] == b"PTZM"
        _, zone_count, names_size, self.nodes, self.zones, self.splits, self.pairs, checksum = struct.unpack_from("<HHIIIIII", data, 4)
        assert zlib.adler32(data[32:]) == checksum
        self.data = data
        self.names = data[48:48 + names_size].split(b"\0")[:-1]
        self.kinds = 48 + names_size
        self.directory = self.kinds + self.nodes
        self.zone_leaves = self.directory + 12 * ((self.nodes + 15) // 16)
        self.split_leaves = self.zone_leaves + 2 * self.zones
        self.pair_list = self.split_leaves + 4 * self.splits

    def number(self, lat, lon):
        data = self.data
        x = min(max(math.floor((lon + 180) / 360 * 4294967296), 0), 4294967295)
        y = min(max(math.floor((lat + 90) / 180 * 4294967296), 0), 4294967295)
        node = 0
        for depth in range(32):
            child = ((y >> (31 - depth)) & 1) << 1 | ((x >> (31 - depth)) & 1)
            kinds = data[self.kinds + node]
            kind = (kinds >> (2 * child)) & 3
            block = node // 16
            slot = 0 if kind == 2 else kind + 1
            before = struct.unpack_from("<I", data, self.directory + 12 * block + 4 * slot)[0]
            for earlier in range(block * 16, node):
                before += sum(1 for k in range(4) if (data[self.kinds + earlier] >> (2 * k)) & 3 == kind)
            before += sum(1 for k in range(child) if (kinds >> (2 * k)) & 3 == kind)
            if kind == 0:
                return struct.unpack_from("<H", data, self.zone_leaves + 2 * before)[0]
            if kind == 1:
                pair, angle, offset = struct.unpack_from("<HBB", data, self.split_leaves + 4 * before)
                first, second = struct.unpack_from("<HH", data, self.pair_list + 4 * pair)
                u = (((x << (depth + 1)) & 0xFFFFFFFF) >> 16) - 32768
                v = (((y << (depth + 1)) & 0xFFFFFFFF) >> 16) - 32768
                cosine, sine = DIRECTIONS[angle]
                return first if u * cosine + v * sine < (offset - 128) * STEP else second
            node = before + 1
        raise ValueError("no leaf")

    def zone(self, lat, lon):
        number = self.number(lat, lon)
        if number:
            return self.names[number - 1].decode()
        hours = max(-12, min(12, swift_round(-lon / 15)))
        return "Etc/GMT" if hours == 0 else f"Etc/GMT+{hours}" if hours > 0 else f"Etc/GMT{hours}"


def offsets(name):
    """The zone's offsets over the years the classes were judged on, daily at 00 and 12 UTC."""
    zone = zoneinfo.ZoneInfo(name)
    start = datetime.datetime(START_YEAR, 1, 1, tzinfo=datetime.timezone.utc)
    return tuple(int((start + datetime.timedelta(hours=12 * k)).astimezone(zone).utcoffset().total_seconds())
                 for k in range(2 * 366 * (END_YEAR - START_YEAR + 1)))


def measure(reader, finder, zones, rng):
    """Agreement with timezonefinder: the same name, and the same clock (the same offsets)."""
    clocks = {}

    def same_clock(a, b):
        for name in (a, b):
            if name not in clocks:
                clocks[name] = offsets(name)
        return clocks[a] == clocks[b]

    def report(label, points):
        names = diffs = 0
        examples = []
        for lat, lon in points:
            ours, theirs = reader.zone(lat, lon), finder.timezone_at(lng=lon, lat=lat)
            if ours != theirs:
                names += 1
                if not same_clock(ours, theirs):
                    diffs += 1
                    if len(examples) < 5:
                        examples.append(f"{lat:.5f},{lon:.5f} {ours} (timezonefinder: {theirs})")
        n = len(points)
        print(f"{label}: {n} points; another name at {names} ({100 * names / n:.3f} %), "
              f"another clock at {diffs} ({100 * diffs / n:.3f} %)")
        for example in examples:
            print("   ", example)

    land = []
    while len(land) < 100_000:
        lat, lon = math.degrees(math.asin(rng.uniform(-1, 1))), rng.uniform(-180, 180)  # uniform on the sphere
        if not finder.timezone_at(lng=lon, lat=lat).startswith("Etc/"):
            land.append((lat, lon))
    report("random land points", land)

    # Points within 2 km of a border between land zones: a random point of a zone's outline, moved at
    # random by up to 2 km, kept where it is on land.
    outlines = [(name, geometry.boundary) for name, geometry in zones.items() if not name.startswith("Etc/")]
    weights = [outline.length for _, outline in outlines]
    near = []
    while len(near) < 100_000:
        _, outline = rng.choices(outlines, weights)[0]
        point = outline.interpolate(rng.uniform(0, outline.length))
        lat = point.y + rng.uniform(-1, 1) * 2 / 111.2
        lon = point.x + rng.uniform(-1, 1) * 2 / 111.2 / max(math.cos(math.radians(point.y)), 0.05)
        if -90 <= lat <= 90 and -180 <= lon <= 180:
            theirs = finder.timezone_at(lng=lon, lat=lat)
            if not theirs.startswith("Etc/"):
                near.append((lat, lon))
    report("within 2 km of a zone's outline, on land", near)

    if os.path.exists(CITIES):
        with open(CITIES, encoding="utf-8") as file:
            next(file)
            cities = [(float(row.split(",")[0]), float(row.split(",")[1])) for row in file]
        report("GeoNames places with 1,000 people or more (rg_cities1000.csv)", cities)
    else:
        print(f"no {CITIES}: the GeoNames places are not measured")

    started = time.perf_counter()
    for lat, lon in land[:20_000]:
        reader.number(lat, lon)
    print(f"this Python reader: {1e6 * (time.perf_counter() - started) / 20_000:.1f} us a lookup")


def write_fixture(reader, finder, rng):
    """Points for the Swift reader to answer as this one does: places near borders and anywhere."""
    points = [(52.3731, 4.8926), (60.1699, 24.9384), (47.1410, 9.5209), (38.7223, -9.1393), (-36.8485, 174.7633),
              (51.5072, -0.1276), (40.4168, -3.7038), (60.8679, 26.7042), (40.7128, -74.0060), (40.0, -30.0),
              (65.8464, 24.1470), (65.8356, 24.1213), (42.0, -6.9), (42.0, -6.6), (51.44, 4.93), (51.45, 4.93)]
    if os.path.exists(CITIES):
        with open(CITIES, encoding="utf-8") as file:
            next(file)
            cities = [(float(row.split(",")[0]), float(row.split(",")[1])) for row in file]
        points += rng.sample(cities, 600)
    while len(points) < 1000:
        points.append((math.degrees(math.asin(rng.uniform(-1, 1))), rng.uniform(-180, 180)))
    with open(FIXTURE, "w", encoding="utf-8") as file:
        file.write("# lat\tlon\tthis table (Scripts/make-time-zone-map.py's reader)\ttimezonefinder 9.0.0\n")
        for lat, lon in points:
            file.write(f"{lat!r}\t{lon!r}\t{reader.zone(lat, lon)}\t{finder.timezone_at(lng=lon, lat=lat)}\n")
    print(f"wrote {FIXTURE} ({len(points)} points)")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--cache", help="a folder to keep the zones, overlaps, classes and tree in between runs")
    parser.add_argument("--measure", action="store_true", help="compare the table written with timezonefinder")
    parser.add_argument("--fixture", action="store_true", help="write the points the Swift tests check")
    arguments = parser.parse_args()
    finder = TimezoneFinder()
    assert finder.data_version == "2026c", f"timezonefinder-data has zones {finder.data_version}, not 2026c: update SOURCE"
    started = time.time()
    zones = cached(arguments.cache, "zones.pickle", lambda: load_zones(finder))
    zones = cached(arguments.cache, "resolved.pickle", lambda: resolve_overlaps(zones, finder))
    classes = cached(arguments.cache, "classes.pickle", lambda: same_time_classes(sorted(zones)))
    print(f"{len(zones)} zones in {len(set(classes.values()))} clocks ({time.time() - started:.0f} s)")
    parameters = (SEA_DEPTH, SPLIT_DEPTH, SAME_TIME_DEPTH, BORDER_DEPTH, POLAR_DEPTH, SAMPLES, LINE_TOLERANCE_KM, SAME_TIME_TOLERANCE_KM)
    names, tree = cached(arguments.cache, "tree-%s.pickle" % "-".join(map(str, parameters)), lambda: build_tree(zones, classes))
    data = encode(names, tree)
    # Compressed, with no name or time in the header, so the same table gives the same bytes; the C
    # target inflates it once, on first use.
    with open(OUTPUT, "wb") as file:
        file.write(gzip.compress(data, compresslevel=9, mtime=0))
    reader = Reader(data)
    print(f"wrote {OUTPUT}: {len(data)} bytes inflated; {reader.nodes} nodes, {reader.zones} zone leaves, {reader.splits} split leaves, "
          f"{reader.pairs} pairs, {len(names)} zone names ({time.time() - started:.0f} s)")
    rng = random.Random(20261127)
    if arguments.fixture:
        write_fixture(reader, finder, rng)
    if arguments.measure:
        measure(reader, finder, zones, rng)


if __name__ == "__main__":
    main()
