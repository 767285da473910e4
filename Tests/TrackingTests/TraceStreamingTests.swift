import Foundation
import Testing

@testable import Tracking
import PlaceCore

struct TrackingStreamingTests {
    /// Writes a GPX of `segments` × `pointsPerSegment` track points, about 100 bytes each, a chunk at a time.
    static func writeGPX(to url: URL, segments: Int, pointsPerSegment: Int) throws {
        _ = FileManager.default.createFile(atPath: url.path, contents: nil)
        let handle = try FileHandle(forWritingTo: url)
        defer { try? handle.close() }
        try handle.write(
            contentsOf: Data("<?xml version=\"1.0\"?>\n<gpx version=\"1.1\" creator=\"test\"><trk>\n".utf8))
        var second = 0
        for segment in 0..<segments {
            var text = "<trkseg>\n"
            for point in 0..<pointsPerSegment {
                let latitude = 52 + Double(point % 10_000) / 100_000
                let hour = second / 3600 % 24
                let minute = second / 60 % 60
                let time = "2024-05-\(10 + second / 86_400)T\(two(hour)):\(two(minute)):\(two(second % 60))Z"
                text +=
                    "  <trkpt lat=\"\(latitude)\" lon=\"4.\(segment)\"><ele>\(point % 50).5</ele><time>\(time)</time>"
                text += point % 7 == 0 ? "<extensions><hacc>4.5</hacc></extensions></trkpt>\n" : "</trkpt>\n"
                second += 1
            }
            text += "</trkseg>\n"
            try handle.write(contentsOf: Data(text.utf8))
        }
        try handle.write(contentsOf: Data("</trk></gpx>\n".utf8))
    }

    static func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }

    @Test func readsALargeGPXInABoundedBuffer() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("trace-large-\(UUID().uuidString).gpx")
        defer { try? FileManager.default.removeItem(at: url) }
        let segments = 12
        let pointsPerSegment = 26_000
        try Self.writeGPX(to: url, segments: segments, pointsPerSegment: pointsPerSegment)
        let size = try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int ?? 0
        #expect(size > 30_000_000)

        let source = try TraceReader.open(path: url.path)
        var reader = try #require(source as? GPXTraceReader)
        var fixes = 0
        var breaks = 0
        var withAccuracy = 0
        var lastTime = Date.distantPast
        var ordered = true
        while let item = try reader.next() {
            switch item {
            case .fix(let fix):
                fixes += 1
                if fix.horizontalAccuracy != nil { withAccuracy += 1 }
                if let time = fix.time {
                    ordered = ordered && time > lastTime
                    lastTime = time
                }
            case .segmentBreak:
                breaks += 1
            case .skipped(let issue):
                Issue.record("unexpected skip: \(issue)")
            }
        }
        #expect(fixes == segments * pointsPerSegment)
        #expect(breaks == segments - 1)
        #expect(withAccuracy == segments * ((pointsPerSegment + 6) / 7))
        #expect(ordered)
        // One 64 KiB chunk: no token in this file is longer, so the buffer never grew.
        #expect(reader.bufferHighWaterMark == ByteWindow.chunkSize)
    }

    @Test func aLongTagGrowsTheBufferOnlyToItsLengthAndATooLongOneIsAnError() throws {
        let longName = String(repeating: "n", count: 200_000)
        let gpx = "<gpx><trk><trkseg><trkpt lat=\"1\" lon=\"2\" note=\"\(longName)\"/></trkseg></trk></gpx>"
        var reader = GPXTraceReader(window: ByteWindow(name: "long.gpx", origin: .memory(Data(gpx.utf8))))
        #expect(try reader.next()?.fix != nil)
        #expect(reader.bufferHighWaterMark == 256 * 1024)

        let hostile = "<gpx><trkpt lat=\"1\" lon=\"" + String(repeating: "9", count: 2_000_000) + "\"/></gpx>"
        var hostileReader = GPXTraceReader(window: ByteWindow(name: "hostile.gpx", origin: .memory(Data(hostile.utf8))))
        #expect(throws: TraceError.self) { _ = try hostileReader.next() }
        #expect(hostileReader.bufferHighWaterMark <= ByteWindow.defaultMaximumCapacity)
    }

    @Test func aPipeYieldsEachLineAsItArrives() throws {
        let pipe = Pipe()
        let window = ByteWindow(
            name: "stdin",
            origin: .descriptor(
                FileDescriptorBox(descriptor: pipe.fileHandleForReading.fileDescriptor, closesOnDeinit: false)))
        var reader = GPSDTraceReader.make(window: window)
        let line = #"{"class":"TPV","mode":3,"time":"2024-05-01T10:00:00Z","lat":52.37,"lon":4.89,"eph":3}"#
        // The writer keeps the pipe open: the reader must not wait for more than the line.
        try pipe.fileHandleForWriting.write(contentsOf: Data((line + "\n").utf8))
        #expect(try reader.next()?.fix?.coordinate == Coordinate(52.37, 4.89))
        try pipe.fileHandleForWriting.write(contentsOf: Data((#"{"class":"SKY"}"# + "\n" + line + "\n").utf8))
        #expect(try reader.next()?.fix?.horizontalAccuracy == 3)
        try pipe.fileHandleForWriting.close()
        #expect(try reader.next() == nil)
    }

    @Test func anOverlongLineIsSkippedAndReadingGoesOn() throws {
        let text =
            #"{"lat":1,"lon":2}"# + "\n" + String(repeating: " ", count: 1_500_000) + "x\n" + #"{"lat":3,"lon":4}"#
        var reader = NDJSONTraceReader.make(window: ByteWindow(name: "x.ndjson", origin: .memory(Data(text.utf8))))
        var kinds: [String] = []
        while let item = try reader.next() { kinds.append(item.kindName) }
        #expect(kinds == ["fix", "skip", "fix"])
        #expect(reader.bufferHighWaterMark <= ByteWindow.defaultMaximumCapacity)
    }
}

/// The GPX files in the shared data folder, read whole and checked against counts taken from their
/// text. Skipped (and listed as skipped by the test runner) where the folder is absent, as on a
/// fresh clone: the data is not part of the repository.
struct TrackingRealGPXTests {
    static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("../shared/data/gpx").standardizedFileURL

    static var files: [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".gpx") }.sorted().map { folder.appendingPathComponent($0) }
    }

    /// Occurrences of `<name` followed by a space or `>`, however the file's namespaces are written.
    static func count(_ element: String, in data: Data) -> Int {
        let text = String(decoding: data, as: UTF8.self)
        var count = 0
        for marker in ["<\(element) ", "<\(element)>", "<\(element)\n", "<\(element)\t"] {
            count += text.components(separatedBy: marker).count - 1
        }
        return count
    }

    @Test(.enabled(if: !files.isEmpty, "no GPX files in ../shared/data/gpx"))
    func readsEveryRealFileWithTheCountsItsTextGives() throws {
        for url in Self.files {
            let data = try Data(contentsOf: url)
            let trackPoints = Self.count("trkpt", in: data)
            let allPoints = trackPoints + Self.count("rtept", in: data) + Self.count("wpt", in: data)
            var tracks = try TraceReader.open(path: url.path)
            var read = 0
            while let item = try tracks.next() {
                if case .fix = item { read += 1 }
                if case .skipped(let issue) = item { Issue.record("\(url.lastPathComponent): \(issue)") }
            }
            #expect(read == trackPoints, "\(url.lastPathComponent)")
            var everything = try TraceReader.open(path: url.path, gpxPoints: .all)
            var readAll = 0
            while let item = try everything.next() {
                if case .fix = item { readAll += 1 }
            }
            #expect(readAll == allPoints, "\(url.lastPathComponent)")
        }
    }
}
