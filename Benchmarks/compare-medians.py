#!/usr/bin/env python3
"""Prints the medians of two commands measured in alternating hyperfine rounds, and their ratio.

    compare-medians.py RESULTS_PREFIX FLOOR_NAME FLOOR_LABEL NAME LABEL TARGET

reads every RESULTS_PREFIX-*.json that hyperfine exported (commands named FLOOR_NAME and NAME),
takes the median of all runs of each, and checks NAME / FLOOR_NAME against TARGET (e.g. 2).
"""
import glob
import json
import statistics
import sys

prefix, floor_name, floor_label, name, label, target = sys.argv[1:7]
times = {floor_name: [], name: []}
for path in sorted(glob.glob(f"{prefix}-*.json")):
    for result in json.load(open(path))["results"]:
        if result["command"] in times:  # a run may measure more commands than this comparison
            times[result["command"]] += result["times"]
floor = statistics.median(times[floor_name]) * 1000
measured = statistics.median(times[name]) * 1000
ratio = measured / floor
width = max(len(floor_label), len(label))
print(f"{floor_label:<{width}}  median {floor:6.1f} ms  ({len(times[floor_name])} runs)")
print(f"{label:<{width}}  median {measured:6.1f} ms  ({len(times[name])} runs)")
print(f"ratio {ratio:.2f}x (target: within {target}x) -> {'ok' if ratio <= float(target) else 'OVER'}")
