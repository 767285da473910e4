#!/usr/bin/env python3
"""Prints the GeographicLib reference distances used in Tests/PlaceCoreTests/GeodesyTests.swift.

    pip install geographiclib && python3 Scripts/geodesic-reference.py
"""
from geographiclib.geodesic import Geodesic

PAIRS = [
    ("Dam square to Centraal station", (52.3731, 4.8926), (52.3791, 4.9003)),
    ("52.37,4.89 to Waterlooplein", (52.37, 4.89), (52.3676, 4.9041)),
    ("Amsterdam to Berlin", (52.3676, 4.9041), (52.5200, 13.4050)),
    ("Berlin to Munich", (52.5200, 13.4050), (48.1351, 11.5820)),
    ("along the equator, one degree", (0.0, 0.0), (0.0, 1.0)),
    ("along a meridian, one degree", (0.0, 0.0), (1.0, 0.0)),
    ("London to Sydney", (51.5074, -0.1278), (-33.8688, 151.2093)),
    ("New York to Tokyo", (40.7128, -74.0060), (35.6762, 139.6503)),
    ("across the antimeridian", (-17.7134, 178.0650), (-13.8333, -171.7500)),
    ("pole to equator", (90.0, 0.0), (0.0, 0.0)),
]

for label, (lat1, lon1), (lat2, lon2) in PAIRS:
    result = Geodesic.WGS84.Inverse(lat1, lon1, lat2, lon2)
    print(f'        ("{label}", Coordinate({lat1}, {lon1}), Coordinate({lat2}, {lon2}), {result["s12"]:.3f}, {result["azi1"] % 360:.4f}),')
