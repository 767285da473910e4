#!/usr/bin/env bash
# Trace reading speed and memory: a generated GPX of SIZE_MB (100 by default) read by TraceReader in a
# release build, against Python's xml.etree.iterparse (expat, in C) counting the same <trkpt>s as the
# peer; then the same file through a pipe (stdin), an NDJSON file, and FixCheck over the fixes.
# Targets: peak RSS well under 100 MB whatever the size (the reader streams), > 50 MB/s for GPX.
#
# The harness is a throwaway package in a temporary folder that depends on this checkout by path,
# so nothing is left in the repository.
#
#   Benchmarks/trace-read.sh
#   SIZE_MB=300 Benchmarks/trace-read.sh
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$PWD
size=${SIZE_MB:-100}
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

source Benchmarks/need.sh
need /usr/bin/time time

mkdir -p "$scratch/bench/Sources/trace-bench"
cat >"$scratch/bench/Package.swift" <<EOF
// swift-tools-version: 6.1
import PackageDescription
let package = Package(
    name: "trace-bench",
    platforms: [.macOS(.v15)],
    dependencies: [.package(path: "$repo")],
    targets: [
        .executableTarget(
            name: "trace-bench",
            dependencies: [
                .product(name: "_PlaceCore", package: "$(basename "$repo")"),
                .product(name: "_Tracking", package: "$(basename "$repo")"),
            ])
    ]
)
EOF
cat >"$scratch/bench/Sources/trace-bench/main.swift" <<'EOF'
import Foundation
import PlaceCore
import Tracking

let arguments = CommandLine.arguments
guard arguments.count >= 3 else { print("usage: trace-bench generate|read|check FILE [MB]"); exit(64) }
let path = arguments[2]
func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}
func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }

switch arguments[1] {
case "generate":
    // A walk recorded at 1 Hz, as a Garmin writes it: ~230 bytes a point, 5,000 points a segment.
    let target = (arguments.count > 3 ? Int(arguments[3]) : nil) ?? 100
    FileManager.default.createFile(atPath: path, contents: nil)
    guard let handle = FileHandle(forWritingAtPath: path) else { exit(73) }
    handle.write(Data("""
        <?xml version="1.0" encoding="UTF-8"?>
        <gpx version="1.1" creator="trace-bench" xmlns="http://www.topografix.com/GPX/1/1" \
        xmlns:gpxtpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v2">
        <trk><name>Generated</name>\n
        """.utf8))
    var written = 0
    var second = 0
    var segment = 0
    while written < target * 1_000_000 {
        var text = "<trkseg>\n"
        for point in 0..<5000 {
            let t = 1_714_557_600 + second
            let latitude = 52.3 + Double(point) * 0.0000137
            let longitude = 4.8 + Double(segment) * 0.001 + Double(point) * 0.0000091
            text += "  <trkpt lat=\"\(NumberText.fixed(latitude, 7))\" lon=\"\(NumberText.fixed(longitude, 7))\">\n"
            text += "    <ele>\(NumberText.fixed(Double(point % 300) / 10, 1))</ele>\n"
            text += "    <time>2024-05-\(two(1 + t / 86_400 % 28))T\(two(t / 3600 % 24)):\(two(t / 60 % 60)):\(two(t % 60))Z</time>\n"
            text += "    <extensions><gpxtpx:TrackPointExtension><gpxtpx:speed>1.4</gpxtpx:speed>"
            text += "</gpxtpx:TrackPointExtension></extensions>\n  </trkpt>\n"
            second += 1
        }
        text += "</trkseg>\n"
        segment += 1
        let data = Data(text.utf8)
        handle.write(data)
        written += data.count
    }
    handle.write(Data("</trk>\n</gpx>\n".utf8))
    try? handle.close()
case "read":
    let clock = ContinuousClock()
    let began = clock.now
    var fixes = 0
    var bytes = 0.0
    do {
        var source = try TraceReader.open(path: path)
        while let item = try source.next() {
            if case .fix = item { fixes += 1 }
        }
    } catch {
        print(error)
        exit(65)
    }
    let elapsed = seconds(clock.now - began)
    if path != "-" { bytes = Double((try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0) }
    let rate = path == "-" ? "" : "\(NumberText.fixed(bytes / 1e6 / elapsed, 1)) MB/s, "
    print("\(path == "-" ? "stdin" : URL(fileURLWithPath: path).lastPathComponent): \(fixes) fixes in \(NumberText.fixed(elapsed, 3)) s: \(rate)\(NumberText.fixed(Double(fixes) / elapsed / 1000, 0))k fixes/s")
case "check":
    var fixes: [LocationFix] = []
    do {
        var source = try TraceReader.open(path: path)
        while let item = try source.next() { if case .fix(let fix) = item { fixes.append(fix) } }
    } catch {
        print(error)
        exit(65)
    }
    let clock = ContinuousClock()
    let began = clock.now
    var accepted = 0
    for _ in 0..<5 {
        var check = FixCheck()
        for fix in fixes { if case .accepted = check.check(fix) { accepted += 1 } }
    }
    let elapsed = seconds(clock.now - began)
    print("FixCheck: \(NumberText.fixed(Double(fixes.count * 5) / elapsed / 1e6, 2))M fixes/s (\(accepted / 5) of \(fixes.count) accepted)")
default:
    exit(64)
}
EOF

echo "building the harness (release)…" >&2
(cd "$scratch/bench" && swift build -c release >/dev/null)
bench=$scratch/bench/.build/release/trace-bench
gpx=$scratch/walk.gpx
"$bench" generate "$gpx" "$size"
echo "== GPX, $(( $(stat -c %s "$gpx") / 1000000 )) MB, $(grep -c '<trkpt' "$gpx") track points"
for run in 1 2 3; do "$bench" read "$gpx"; done
/usr/bin/time -v "$bench" read "$gpx" 2>"$scratch/time.txt" >/dev/null
echo "peak RSS reading the file: $(awk -F': ' '/Maximum resident/ {printf "%.1f MB", $2 / 1024}' "$scratch/time.txt")"
cat "$gpx" | /usr/bin/time -v "$bench" read - 2>"$scratch/time.txt"
echo "peak RSS reading stdin: $(awk -F': ' '/Maximum resident/ {printf "%.1f MB", $2 / 1024}' "$scratch/time.txt")"
python3 - "$gpx" <<'EOF'
import os, sys, time, xml.etree.ElementTree as ET
path = sys.argv[1]
began, count = time.time(), 0
for _, element in ET.iterparse(path, events=("end",)):
    if element.tag.endswith("trkpt"):
        count += 1
        element.clear()
    elif element.tag.endswith("trkseg"):
        element.clear()
elapsed = time.time() - began
print(f"peer, Python iterparse (expat): {count} trkpt in {elapsed:.3f} s: {os.path.getsize(path) / 1e6 / elapsed:.1f} MB/s")
EOF
"$bench" check "$gpx"

echo "== NDJSON"
python3 - "$scratch/fixes.ndjson" <<'EOF'
import json, sys
with open(sys.argv[1], "w") as out:
    for i in range(500_000):
        out.write(json.dumps({"lat": 52.3 + i * 1e-6, "lon": 4.8 + i * 1e-6, "time": 1714557600 + i, "accuracy": 5.0}) + "\n")
EOF
"$bench" read "$scratch/fixes.ndjson"
