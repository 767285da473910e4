#!/usr/bin/env python3
"""GEOS (through shapely 2) on the walk RouteMonitorThroughput dumped: the distance from every fix
to the 1,000-point route, and how far along it, vectorised in C++. The same local plane as ours
(equirectangular about the route's middle latitude), so both answer the same question.

Usage: route-monitor-peer.py DIR   (DIR holds route.csv and fixes.csv)
"""
import math
import os
import sys
import time

import numpy as np
import shapely

folder = sys.argv[1]
route = np.loadtxt(f"{folder}/route.csv", delimiter=",")
fixes = np.loadtxt(f"{folder}/fixes.csv", delimiter=",")
middle = math.radians((route[:, 0].min() + route[:, 0].max()) / 2)
scale_y = 111_132.954 - 559.822 * math.cos(2 * middle)
scale_x = 111_412.84 * math.cos(middle)
origin = route[0]


def plane(points):
    return np.column_stack(((points[:, 1] - origin[1]) * scale_x, (points[:, 0] - origin[0]) * scale_y))


started = time.perf_counter()
line = shapely.LineString(plane(route))
shapely.prepare(line)
points = shapely.points(plane(fixes))
prepared = time.perf_counter()
best = math.inf
for _ in range(3):
    t0 = time.perf_counter()
    distances = shapely.distance(line, points)
    along = shapely.line_locate_point(line, points)
    best = min(best, time.perf_counter() - t0)
off = int((distances > 15).sum())
print(f"GEOS (shapely {shapely.__version__}, vectorised distance + line_locate_point): "
      f"{len(fixes) / best / 1e6:.3f}M fixes/s (best of 3; {off} fixes beyond 15 m; setup {prepared - started:.3f} s)")
ours = os.environ.get("OURS_MFIXES")
if ours:
    print(f"ratio: RouteMonitor is {float(ours) * 1e6 / (len(fixes) / best):.0f}× GEOS on the same fixes")
