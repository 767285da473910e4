#!/usr/bin/env python3
"""`places stops` beside its peers on real GPX files: how many stops each finds, how much time they
spend in them, and how far their stop intervals agree with ours.

For each file and each parameter set (ours' defaults, scikit-mobility's 200 m / 20 min,
trackintel's 100 m / 5 min) it runs:

- places:          `places stops FILE --format json [--radius R --min-duration T]` (first run
                   without options: its defaults, read back from the summary, make the first set);
- gpxpy:           `gpx.get_moving_data()` totals at its default 1 km/h, and the stopped *runs*:
                   gpxpy's own per-pair split redone here (same pairs, same 3-D/2-D distance, same
                   threshold, within each segment), consecutive stopped pairs joined into a run, runs
                   of at least T kept. gpxpy leaves zero-distance pairs out of both its totals; here
                   they count as stopped (a repeated fix is not movement);
- scikit-mobility: `skmob.preprocessing.detection.stay_locations(tdf, spatial_radius_km=R/1000,
                   minutes_for_a_stop=T/60)` (`stops` before 1.3), the rest its defaults (no_data_for_minutes=1e12, no
                   leave-speed trim); a stay is [datetime, leaving_datetime];
- trackintel:      `generate_staypoints(method="sliding", dist_threshold=R, time_threshold=T/60,
                   gap_threshold=15)`, the rest its defaults (include_last=False); a stay is
                   [started_at, finished_at].

Both peers end a stay at the first fix *outside* the radius; places ends it at the last fix inside.
"IoU" is the time both places and the peer call stopped divided by the time either does (the
intersection over the union of their stop intervals); "—" when neither has a stop.

The trace is read with gpxpy: every track segment's fixes that have a time, concatenated and sorted
by time (fixes without a time are counted and skipped, as places does). A file with no track, or
no timed fix, is said so.

Usage: stops-compare.py [--json] [--json-out PATH] [--places BIN] [--skmob-python PY] FILE...
    BIN defaults to $PLACES_BIN, then .build/release/places. scikit-mobility 1.3.1 pins
    pandas<2 and numpy<2, so it usually lives in a venv of its own: PY (or $SKMOB_PYTHON) is that
    venv's python, which this script runs as a worker (`--skmob-worker`) when skmob is not importable
    here.
"""
import argparse
import datetime as dt
import json
import os
import subprocess
import sys
import warnings

GAP_MIN = 15.0  # trackintel's gap_threshold default, used in every set


# ---------------------------------------------------------------- small helpers

def fmt_dur(seconds):
    if seconds is None:
        return "—"
    s = int(round(seconds))
    if s >= 3600:
        return f"{s // 3600}h{s % 3600 // 60:02d}m"
    if s >= 60:
        return f"{s // 60}m{s % 60:02d}s"
    return f"{s}s"


def fmt_radius(metres):
    return f"{metres / 1000:g} km" if metres >= 1000 else f"{metres:g} m"


def fmt_minutes(seconds):
    return f"{seconds / 60:g} min"


def epoch(t):
    if t.tzinfo is None:
        t = t.replace(tzinfo=dt.timezone.utc)
    return t.timestamp()


def iso(e):
    return dt.datetime.fromtimestamp(e, dt.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def merged(intervals):
    out = []
    for a, b in sorted((a, b) for a, b in intervals if b > a):
        if out and a <= out[-1][1]:
            out[-1][1] = max(out[-1][1], b)
        else:
            out.append([a, b])
    return out


def total(intervals):
    return sum(b - a for a, b in merged(intervals))


def iou(xs, ys):
    """Intersection over union of two sets of [start, end] intervals, in time."""
    xs, ys = merged(xs), merged(ys)
    union = total(xs + ys)
    if union == 0:
        return None
    inter, i, j = 0.0, 0, 0
    while i < len(xs) and j < len(ys):
        lo, hi = max(xs[i][0], ys[j][0]), min(xs[i][1], ys[j][1])
        inter += max(0.0, hi - lo)
        if xs[i][1] < ys[j][1]:
            i += 1
        else:
            j += 1
    return inter / union


# ---------------------------------------------------------------- reading the trace

def read_trace(path):
    import gpxpy
    with open(path, encoding="utf-8-sig") as f:
        gpx = gpxpy.parse(f)
    segments = [seg for trk in gpx.tracks for seg in trk.segments]
    fixes, untimed, timed_segments = [], 0, 0
    for seg in segments:
        any_time = False
        for p in seg.points:
            if p.time is None:
                untimed += 1
                continue
            any_time = True
            fixes.append((epoch(p.time), p.latitude, p.longitude))
        timed_segments += any_time
    fixes.sort(key=lambda f: f[0])  # stable: fixes at the same second keep file order
    return {
        "gpx": gpx,
        "segments": len(segments),
        "segments_with_points": sum(1 for s in segments if s.points),
        "timed_segments": timed_segments,
        "track_points": len(fixes) + untimed,
        "untimed": untimed,
        "waypoints": len(gpx.waypoints),
        "fixes": fixes,  # (epoch s, lat, lon), time order
    }


# ---------------------------------------------------------------- gpxpy

def gpxpy_moving(gpx):
    import gpxpy
    md = gpx.get_moving_data()
    return {"version": gpxpy.__version__, "threshold_kmh": 1.0,
            "moving_s": md.moving_time, "stopped_s": md.stopped_time}


def gpxpy_stopped_pairs(gpx):
    """gpxpy's per-pair split (GPXTrackSegment.get_moving_data), kept as intervals.

    Returns (stopped pair intervals, the stopped seconds gpxpy itself would count)."""
    import gpxpy.gpx
    threshold = gpxpy.gpx.DEFAULT_STOPPED_SPEED_THRESHOLD
    runs, check = [], 0.0
    for trk in gpx.tracks:
        for seg in trk.segments:
            for prev, point in zip(seg.points, seg.points[1:]):
                if not (point.time and prev.time):
                    continue
                seconds = (point.time - prev.time).total_seconds()
                if seconds <= 0:
                    continue
                if point.elevation and prev.elevation:
                    distance = point.distance_3d(prev)
                else:
                    distance = point.distance_2d(prev)
                if distance is None:
                    continue
                speed_kmh = (distance / 1000) / (seconds / 3600)
                if speed_kmh <= threshold:
                    if distance:
                        check += seconds
                    runs.append((epoch(prev.time), epoch(point.time)))
    return runs, check


def gpxpy_runs(pairs, min_duration_s):
    # consecutive stopped pairs share a fix: joining touching intervals joins the run
    return [(a, b) for a, b in merged(pairs) if b - a >= min_duration_s]


# ---------------------------------------------------------------- scikit-mobility

def skmob_stays(fixes, params):
    """[(radius_m, min_duration_s)] -> [[(start, end)...] per set]; runs in the skmob venv."""
    import importlib.metadata
    import pandas as pd
    import skmob
    from skmob.preprocessing import detection
    # stay_locations since 1.3; before it the same function was called stops
    name = "stay_locations" if hasattr(detection, "stay_locations") else "stops"
    detect = getattr(detection, name)
    df = pd.DataFrame({
        "lat": [f[1] for f in fixes], "lng": [f[2] for f in fixes],
        "datetime": pd.to_datetime([f[0] for f in fixes], unit="s"),  # naive UTC
        "uid": 1,
    })
    tdf = skmob.TrajDataFrame(df, latitude="lat", longitude="lng", datetime="datetime", user_id="uid")
    out = []
    for radius_m, min_s in params:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            st = detect(tdf, spatial_radius_km=radius_m / 1000, minutes_for_a_stop=min_s / 60)
        out.append([(t.replace(tzinfo=dt.timezone.utc).timestamp(), l.replace(tzinfo=dt.timezone.utc).timestamp())
                    for t, l in zip(st["datetime"].dt.to_pydatetime(), st["leaving_datetime"].dt.to_pydatetime())])
    version = importlib.metadata.version("scikit-mobility")
    return (version if name == "stay_locations" else f"{version} ({name})"), out


def skmob_worker():
    request = json.load(sys.stdin)
    try:
        version, results = skmob_stays([tuple(f) for f in request["fixes"]], request["params"])
        json.dump({"version": version, "results": results}, sys.stdout)
    except Exception as error:  # reported in the table, not a crash
        json.dump({"error": f"{type(error).__name__}: {error}"}, sys.stdout)


def skmob_run(fixes, params, skmob_python):
    try:
        import skmob  # noqa: F401
        version, results = skmob_stays(fixes, params)
        return {"version": version, "results": results}
    except ImportError:
        pass
    if not skmob_python or not os.path.exists(skmob_python):
        return {"error": "not installed"}
    proc = subprocess.run([skmob_python, os.path.abspath(__file__), "--skmob-worker"],
                          input=json.dumps({"fixes": fixes, "params": params}),
                          capture_output=True, text=True)
    try:
        return json.loads(proc.stdout)
    except json.JSONDecodeError:
        last = (proc.stderr.strip().splitlines() or ["no output"])[-1]
        return {"error": f"worker failed: {last}"}


# ---------------------------------------------------------------- trackintel

def trackintel_run(fixes, params):
    try:
        import geopandas as gpd
        import pandas as pd
        import trackintel as ti
    except ImportError:
        return {"error": "not installed"}
    try:
        gdf = gpd.GeoDataFrame(
            {"user_id": 0, "tracked_at": pd.to_datetime([f[0] for f in fixes], unit="s", utc=True)},
            geometry=gpd.points_from_xy([f[2] for f in fixes], [f[1] for f in fixes]), crs="EPSG:4326")
        pfs = ti.Positionfixes(gdf)
        results = []
        for radius_m, min_s in params:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                _, sp = pfs.generate_staypoints(method="sliding", dist_threshold=radius_m,
                                                time_threshold=min_s / 60, gap_threshold=GAP_MIN)
            results.append([(a.timestamp(), b.timestamp()) for a, b in zip(sp["started_at"], sp["finished_at"])])
        return {"version": ti.__version__, "results": results}
    except Exception as error:
        return {"error": f"{type(error).__name__}: {error}"}


# ---------------------------------------------------------------- places

def places_run(binary, path, radius_m=None, min_s=None):
    command = [binary, "stops", path, "--format", "json"]
    if radius_m is not None:
        command += ["--radius", f"{radius_m:g}m", "--min-duration", f"{min_s / 60:g}m"]
    try:
        proc = subprocess.run(command, capture_output=True, text=True, timeout=300)
    except (OSError, subprocess.TimeoutExpired) as error:
        return {"error": f"{type(error).__name__}: {error}"}
    if proc.returncode != 0:
        said = (proc.stderr.strip().splitlines() or ["(nothing on stderr)"])[0]
        return {"error": f"exit {proc.returncode}: {said}", "exit": proc.returncode}
    try:
        answer = json.loads(proc.stdout)
    except json.JSONDecodeError:
        return {"error": "not JSON: " + proc.stdout[:80]}
    stays = [(epoch(dt.datetime.fromisoformat(s["arrival"].replace("Z", "+00:00"))),
              epoch(dt.datetime.fromisoformat(s["departure"].replace("Z", "+00:00"))))
             for s in answer.get("stops", [])]
    return {"results": stays, "summary": answer.get("summary", {}), "stops": answer.get("stops", []),
            "stderr": proc.stderr.strip()}


# ---------------------------------------------------------------- one file

def compare(path, binary, skmob_python):
    name = os.path.basename(path)
    report = {"file": name, "path": path}
    try:
        trace = read_trace(path)
    except Exception as error:
        report["error"] = f"gpxpy cannot read it: {type(error).__name__}: {error}"
        return report
    fixes = trace["fixes"]
    report.update({k: trace[k] for k in ("segments", "segments_with_points", "timed_segments",
                                         "track_points", "untimed", "waypoints")})
    report["timed_fixes"] = len(fixes)
    if fixes:
        report["first"], report["last"] = iso(fixes[0][0]), iso(fixes[-1][0])
        report["span_s"] = fixes[-1][0] - fixes[0][0]

    ours_default = places_run(binary, path)
    report["places_default"] = {k: v for k, v in ours_default.items() if k != "results"}
    if trace["track_points"] == 0:
        report["note"] = f"no track: {trace['waypoints']} waypoints only"
    elif len(fixes) < 2:
        report["note"] = f"no timestamps: {trace['track_points']} track points, {len(fixes)} with a time"
    if "note" in report:
        return report

    summary = ours_default.get("summary", {})
    default_radius = float(summary.get("radius_m", 50))
    default_min = float(summary.get("min_duration_s", 300))
    sets = [(default_radius, default_min, "places defaults"),
            (200.0, 1200.0, "scikit-mobility defaults"),
            (100.0, 300.0, "trackintel defaults")]
    params = [(r, t) for r, t, _ in sets]

    report["gpxpy"] = gpxpy_moving(trace["gpx"])
    pairs, check = gpxpy_stopped_pairs(trace["gpx"])
    report["gpxpy"]["stopped_s_redone"] = check  # equals stopped_s when the split is redone right
    skmob = skmob_run(fixes, params, skmob_python)
    tintel = trackintel_run(fixes, params)
    report["versions"] = {"gpxpy": report["gpxpy"]["version"], "scikit-mobility": skmob.get("version"),
                          "trackintel": tintel.get("version")}

    report["sets"] = []
    for i, (radius_m, min_s, label) in enumerate(sets):
        ours = ours_default if i == 0 else places_run(binary, path, radius_m, min_s)
        tools = {}

        def add(tool, result, note=None):
            if result is None or "error" in result:
                tools[tool] = {"error": (result or {}).get("error", "not run")}
                return
            stays = result["results"] if tool == "places" else result["results"][i]
            entry = {"stays": len(stays), "stay_s": total(stays),
                     "intervals": [[iso(a), iso(b)] for a, b in stays]}
            if note:
                entry["note"] = note
            if tool != "places" and "error" not in ours:
                entry["iou_with_places"] = iou(stays, ours["results"])
            tools[tool] = entry

        add("places", ours)
        add("gpxpy", {"results": [gpxpy_runs(pairs, t) for _, t in params]})
        add("scikit-mobility", skmob)
        add("trackintel", tintel)
        report["sets"].append({"radius_m": radius_m, "min_duration_s": min_s, "label": label, "tools": tools})
    return report


# ---------------------------------------------------------------- text output

LABELS = {"places": "places", "gpxpy": "gpxpy ≤1 km/h runs", "scikit-mobility": "scikit-mobility",
          "trackintel": "trackintel (gap 15 min)"}


def text(report, out):
    w = out.write
    head = f"== {report['file']}"
    if "error" in report:
        w(f"{head}: {report['error']}\n\n")
        return
    desc = [f"{report['timed_fixes']} timed fixes"]
    if report["untimed"]:
        desc.append(f"{report['untimed']} without time skipped")
    seg = f"{report['segments']} segment{'s' * (report['segments'] != 1)}"
    inner = []
    if report["segments_with_points"] != report["segments"]:
        inner.append(f"{report['segments_with_points']} with points")
    if report["timed_segments"] != report["segments_with_points"]:
        inner.append(f"{report['timed_segments']} timed")
    desc.append(seg + (f" ({', '.join(inner)})" if inner else ""))
    if report["waypoints"]:
        desc.append(f"{report['waypoints']} waypoints")
    if "span_s" in report:
        desc.append(f"{report['first'][:16]}Z → {report['last'][11:16]}Z ({fmt_dur(report['span_s'])})")
    w(f"{head}: {', '.join(desc)}\n")
    ours = report["places_default"]
    if "note" in report:
        w(f"   {report['note']}\n")
        w(f"   places stops: {ours.get('error') or 'exit 0, ' + json.dumps(ours.get('summary'))}\n\n")
        return
    s = ours.get("summary")
    if s:
        w(f"   places summary: fixes {s.get('fixes')}, used {s.get('used')}, skipped {s.get('skipped')}, "
          f"stopped {fmt_dur(s.get('stopped_s'))}, moving {fmt_dur(s.get('moving_s'))}\n")
    stops = ours.get("stops") or []
    for stop in stops[:12]:
        w(f"     #{stop['number']} {stop['arrival'][11:16]}–{stop['departure'][11:16]}Z {fmt_dur(stop['duration_s'])}, "
          f"{stop['fixes']} fixes, {stop['lat']:.5f},{stop['lon']:.5f}" + (f" {stop['name']}" if stop.get("name") else "") + "\n")
    if len(stops) > 12:
        w(f"     … {len(stops) - 12} more\n")
    g = report["gpxpy"]
    w(f"   gpxpy {g['version']} get_moving_data() at {g['threshold_kmh']:g} km/h: moving {fmt_dur(g['moving_s'])}, "
      f"stopped {fmt_dur(g['stopped_s'])} ({g['stopped_s']:.0f} s)")
    if abs(g["stopped_s_redone"] - g["stopped_s"]) > 0.5:
        w(f"  [split redone here: {g['stopped_s_redone']:.0f} s]")
    w("\n")
    w(f"   {'radius / min':<24} {'tool':<30} {'stays':>5} {'in stays':>9} {'IoU':>5}\n")
    for st in report["sets"]:
        lefts = [f"{fmt_radius(st['radius_m'])} / {fmt_minutes(st['min_duration_s'])}", st["label"]]
        for row, (tool, entry) in enumerate(st["tools"].items()):
            label = LABELS[tool]
            if tool in ("scikit-mobility", "trackintel") and report["versions"].get(tool):
                label = label.replace(tool, f"{tool} {report['versions'][tool]}")
            if tool == "gpxpy":
                label = f"gpxpy runs ≥{fmt_minutes(st['min_duration_s'])}"
            left = lefts[row] if row < len(lefts) else ""
            if "error" in entry:
                w(f"   {left:<24} {label:<30} {entry['error']}\n")
                continue
            j = entry.get("iou_with_places")
            jt = "" if tool == "places" else ("—" if j is None else f"{j:.2f}")
            w(f"   {left:<24} {label:<30} {entry['stays']:>5} {fmt_dur(entry['stay_s']):>9} {jt:>5}\n")
    w("\n")


def main():
    if "--skmob-worker" in sys.argv:
        skmob_worker()
        return
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("files", nargs="+", metavar="FILE")
    parser.add_argument("--json", action="store_true", help="one JSON document instead of the table")
    parser.add_argument("--places", default=os.environ.get("PLACES_BIN", ".build/release/places"))
    parser.add_argument("--skmob-python", default=os.environ.get("SKMOB_PYTHON"))
    parser.add_argument("--json-out", metavar="PATH", help="also write the JSON document there")
    args = parser.parse_args()
    warnings.simplefilter("ignore")
    reports = [compare(path, args.places, args.skmob_python) for path in args.files]
    document = {"places": args.places, "files": reports}
    if args.json_out:
        with open(args.json_out, "w") as f:
            json.dump(document, f, indent=1, default=str)
    if args.json:
        json.dump(document, sys.stdout, indent=1, default=str)
        sys.stdout.write("\n")
    else:
        sys.stdout.write("IoU: time both places and the tool call stopped / time either does. Peers end a stay at the\n"
                         "first fix outside the radius, places at the last fix inside.\n\n")
        for report in reports:
            text(report, sys.stdout)


if __name__ == "__main__":
    import signal
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)  # `| head` ends quietly
    main()
