import Foundation
import ProcessTesting
import Testing

/// A disk that fills up in the middle of an import: the store's folder is a small filesystem of
/// its own (tmpfs, mounted for the test), too small for the import by a varying margin, so the
/// disk fills in the store's write, the walking graph, the name index or the commit. Each time
/// the import is taken back whole: exit 73, one line naming the file and saying so, the store
/// and what lies beside it as they were, nothing staged left over, and the store still answers.
@Suite(.timeLimit(.minutes(10))) struct DiskFullImportTests {
    /// A county with a grid of named streets (a walking graph) and many named cafés (names for
    /// the index): about 18 MB imported. Its ids are none of the town's, which it does not
    /// take over.
    static func town(streets: Int, cafes: Int) -> String {
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<osm version=\"0.6\" generator=\"hand\">\n"
        func node(_ row: Int, _ column: Int) -> Int { 20_000_000 + row * streets + column }
        for row in 0..<streets {
            for column in 0..<streets {
                let (lat, lon) = (52.30 + Double(row) * 0.001, 4.80 + Double(column) * 0.0015)
                xml += " <node id=\"\(node(row, column))\" version=\"1\" lat=\"\(lat)\" lon=\"\(lon)\"/>\n"
            }
        }
        var way = 20_000_000
        for row in 0..<streets {
            xml += " <way id=\"\(way)\" version=\"1\">"
            for column in 0..<streets { xml += "<nd ref=\"\(node(row, column))\"/>" }
            xml += "<tag k=\"highway\" v=\"residential\"/><tag k=\"name\" v=\"Dwarsstraat \(row)\"/></way>\n"
            way += 1
        }
        for column in 0..<streets {
            xml += " <way id=\"\(way)\" version=\"1\">"
            for row in 0..<streets { xml += "<nd ref=\"\(node(row, column))\"/>" }
            xml += "<tag k=\"highway\" v=\"residential\"/><tag k=\"name\" v=\"Langstraat \(column)\"/></way>\n"
            way += 1
        }
        // Kept in the store and not in the name index: the store's share of the disk grows, so
        // that some disks fill at its commit rather than in the index's build.
        let description = "<tag k=\"description\" v=\"\(Array(repeating: "Koffie en gebak", count: 40).joined(separator: " "))\"/>"
        for cafe in 0..<cafes {
            let id = 30_000_000 + cafe
            let lat = 52.30 + Double(cafe % 97) * 0.0006
            let lon = 4.80 + Double(cafe / 97) * 0.0004
            xml += " <node id=\"\(id)\" version=\"1\" lat=\"\(lat)\" lon=\"\(lon)\"><tag k=\"amenity\" v=\"cafe\"/>\(description)"
            xml += "<tag k=\"name\" v=\"Koffiehuis \(cafe) de Gouden Boon\"/><tag k=\"addr:street\" v=\"Langstraat \(cafe % streets)\"/></node>\n"
        }
        return xml + "</osm>\n"
    }

    /// Bytes under `folder`, as the file system holds them.
    static func bytes(under folder: URL) -> Int {
        let names = FileManager.default.subpaths(atPath: folder.path) ?? []
        return names.reduce(0) { total, name in
            let attributes = try? FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent(name).path)
            return total + ((attributes?[.type] as? FileAttributeType) == .typeRegular ? (attributes?[.size] as? Int ?? 0) : 0)
        }
    }

    /// Files whose names say an import staged them (a process id in them).
    static func staged(under folder: URL) -> [String] {
        (FileManager.default.subpaths(atPath: folder.path) ?? []).filter {
            $0.contains(".import-") || $0.contains(".building-") || $0.contains("places-names-") || $0.hasSuffix(".tmp")
        }
    }

    @Test func anImportThatFillsTheDiskIsTakenBackWhole() async throws {
        guard geteuid() == 0 else {
            print("skipped DiskFullImportTests: mounting a small file system for the store needs root (CI runs as root)")
            return
        }
        let inputs = TemporaryStore()
        let small = inputs.folder.appendingPathComponent("town.osm")
        try ChangeImportCommandTests.town.write(to: small, atomically: true, encoding: .utf8)
        let big = inputs.folder.appendingPathComponent("county.osm")
        try Self.town(streets: 60, cafes: 12_000).write(to: big, atomically: true, encoding: .utf8)

        // What the import needs when there is room: the measure of "too small" below.
        let roomy = TemporaryStore()
        for file in [small, big] {
            let imported = try await CLI.run(["import", file.path], environment: roomy.environment)
            try #require(imported.status == 0, "\(imported.stderr)")
        }
        let needed = Self.bytes(under: roomy.folder)
        #expect(needed > 10_000_000, "the county takes \(needed) bytes")

        var stops: [String] = []
        for percent in [15, 40, 70, 100, 115, 130, 145, 300] {
            let store = TemporaryStore()
            let size = max(1_048_576, needed * percent / 100)
            let mounted = try await ChildProcess.run(
                URL(fileURLWithPath: "/bin/mount"), ["-t", "tmpfs", "-o", "size=\(size)", "tmpfs", store.folder.path], environment: [:])
            try #require(mounted.status == 0, "mount: \(mounted.stderr)")
            defer { _ = umount2(store.folder.path, Int32(MNT_DETACH)) }

            let first = try await CLI.run(["import", small.path], environment: store.environment)
            try #require(first.status == 0, "\(percent) %: \(first.stderr)")
            let kept = try ChangeImportCommandTests.snapshot(store)

            let imported = try await CLI.run(["import", big.path], environment: store.environment)
            let shown = "a disk of \(percent) % of the \(needed) bytes the import takes: \(imported.stderr)"
            if imported.status == 0 {
                let listed = try await CLI.run(["import", "list"], environment: store.environment)
                #expect(listed.stdout.contains("county.osm"), "\(shown)\n\(listed.stdout)")
            } else {
                if let stop = imported.stderr.range(of: "(it stopped ") { stops.append(String(imported.stderr[stop.upperBound...].prefix(14))) }
                #expect(imported.status == 73, "\(shown)")
                #expect(imported.stderrLines.count == 1, "\(shown)")
                #expect(imported.stderr.contains("county.osm was not imported (it stopped "), "\(shown)")
                #expect(imported.stderr.contains(": the store is as it was"), "\(shown)")
                #expect(try ChangeImportCommandTests.snapshot(store) == kept, "\(shown)")
                #expect(Self.staged(under: store.folder).isEmpty, "\(shown): \(Self.staged(under: store.folder))")
            }
            // Either way the store answers, from the town at least.
            let complete = try await CLI.run(["complete", "Eerste Straat"], environment: store.environment)
            #expect(complete.status == 0 && complete.stdout.contains("Eerste Straat"), "\(shown)\n\(complete.stderr)")
            #expect(!complete.stderr.contains("behind the store"), "\(shown)\n\(complete.stderr)")
        }
        // Every disk smaller than what the import leaves refused it, and the larger ones filled at
        // the store's commit (at 110–140 % here), after the name index was built.
        #expect(stops.count >= 5, "\(stops)")
        #expect(stops.contains { $0.hasPrefix("at its name") } && stops.contains { $0.hasPrefix("as its") || $0.hasPrefix("after") }, "\(stops)")
    }
}
