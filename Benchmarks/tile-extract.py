#!/usr/bin/env python3
"""A synthetic country from a real extract: the extract repeated on a grid, written as PBF.

    python3 Benchmarks/tile-extract.py ../shared/data/amsterdam_centrum.osm 100 /tmp/country-100.osm.pbf

Each tile is the extract moved by whole extract widths, so tiles lie side by side without
overlapping; its ids are offset by tile × 2^35 (above every id OpenStreetMap has given), so no
two tiles share an element; names are kept, except that a tenth of the named elements (by id) get
the tile's number, so a country holds both many towns' "Dorpsstraat" and names of its own. Ways
and relations refer to their own tile's members. Needs pyosmium (pip install osmium).

Used by Benchmarks/country-scale.sh (import time, memory and sizes against osmium at 1×…1,000×)
and by the walking-graph and completion benchmarks at country size.
"""

import math
import sys

import osmium

ID_STRIDE = 1 << 35


class Collector(osmium.SimpleHandler):
    """The extract in memory, in file order: nodes, then ways, then relations."""

    def __init__(self):
        super().__init__()
        self.nodes = []
        self.ways = []
        self.relations = []

    def node(self, n):
        self.nodes.append((n.id, n.location.lat, n.location.lon, dict(n.tags)))

    def way(self, w):
        self.ways.append((w.id, [r.ref for r in w.nodes], dict(w.tags)))

    def relation(self, r):
        self.relations.append((r.id, [(m.type, m.ref, m.role) for m in r.members], dict(r.tags)))


def renamed(tags, element_id, tile):
    if tile == 0 or element_id % 10 != 0 or "name" not in tags:
        return tags
    tags = dict(tags)
    tags["name"] = f"{tags['name']} {tile + 1}"
    return tags


def main():
    if len(sys.argv) != 4:
        sys.exit("usage: tile-extract.py EXTRACT TILES OUTPUT.osm.pbf")
    source, tiles, output = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    extract = Collector()
    extract.apply_file(source, locations=False)
    if not extract.nodes:
        sys.exit(f"{source}: no nodes")
    south = min(n[1] for n in extract.nodes)
    north = max(n[1] for n in extract.nodes)
    west = min(n[2] for n in extract.nodes)
    east = max(n[2] for n in extract.nodes)
    height, width = (north - south) * 1.02, (east - west) * 1.02
    columns = math.ceil(math.sqrt(tiles))

    def offset(tile):
        return (tile // columns) * height, (tile % columns) * width

    writer = osmium.SimpleWriter(output, 64 * 1024 * 1024)
    try:
        # PBF readers expect nodes, ways, relations in that order, each sorted by id: tile by tile
        # within each kind keeps ids ascending, as the stride puts every tile above the last.
        for tile in range(tiles):
            base = tile * ID_STRIDE
            dlat, dlon = offset(tile)
            for node_id, lat, lon, tags in extract.nodes:
                writer.add_node(
                    osmium.osm.mutable.Node(
                        id=base + node_id,
                        location=osmium.osm.Location(lon + dlon, lat + dlat),
                        tags=renamed(tags, node_id, tile),
                        version=1,
                    )
                )
        for tile in range(tiles):
            base = tile * ID_STRIDE
            for way_id, refs, tags in extract.ways:
                writer.add_way(
                    osmium.osm.mutable.Way(
                        id=base + way_id, nodes=[base + r for r in refs], tags=renamed(tags, way_id, tile), version=1
                    )
                )
        for tile in range(tiles):
            base = tile * ID_STRIDE
            for relation_id, members, tags in extract.relations:
                writer.add_relation(
                    osmium.osm.mutable.Relation(
                        id=base + relation_id,
                        members=[(kind, base + ref, role) for kind, ref, role in members],
                        tags=renamed(tags, relation_id, tile),
                        version=1,
                    )
                )
    finally:
        writer.close()
    print(
        f"{output}: {tiles} tiles of {source} "
        f"({tiles * len(extract.nodes):,} nodes, {tiles * len(extract.ways):,} ways, {tiles * len(extract.relations):,} relations)",
        file=sys.stderr,
    )


if __name__ == "__main__":
    main()
