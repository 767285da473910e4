import XMLScanning

/// Reads OSM XML (API 0.6, Overpass, JOSM, osmium) from its bytes: `<osm>` with `<bounds>`, `<node>`,
/// `<way>` and `<relation>`, calling back once per element. Unknown elements (`<note>`, `<meta>`,
/// `<changeset>`, …) are skipped with their content, so newer files still read.
struct OSMXMLReader {
    private var scanner: XMLScanner
    private var bytes: UnsafeBufferPointer<UInt8> { scanner.bytes }
    /// Names of the open elements, to check that end tags match and to know when an element ends.
    private var openElements: [Range<Int>] = []
    private var generator: String?
    private var bounds: (south: Double, west: Double, north: Double, east: Double)?
    private var headerSent = false
    private var pending = PendingElement()

    /// The element being read: filled by its `<tag>`, `<nd>` and `<member>` children, sent at its end tag.
    private struct PendingElement {
        var type: OSMElementType?
        var depth = 0
        var id: Int64 = 0
        var latitude: Double?
        var longitude: Double?
        var skipped = false
        var tags: OSMTagList = [:]
        var refs: [Int64] = []
        var members: [OSMRelation.Member] = []
        var center: OSMPoint?
    }

    init(bytes: UnsafeBufferPointer<UInt8>) {
        // A UTF-8 byte order mark is allowed before the declaration.
        let start = bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF ? 3 : 0
        scanner = XMLScanner(bytes: bytes, start: start)
        openElements.reserveCapacity(8)
    }

    static func read(
        _ bytes: UnsafeBufferPointer<UInt8>, progress: inout ProgressReporter,
        header: (OSMFileHeader) throws -> Void, element: (OSMElement) throws -> Void
    ) throws {
        var reader = OSMXMLReader(bytes: bytes)
        try reader.run(progress: &progress, header: header, element: element)
    }

    private mutating func run(
        progress: inout ProgressReporter, header: (OSMFileHeader) throws -> Void, element: (OSMElement) throws -> Void
    ) throws {
        var rootSeen = false
        while true {
            let token: XMLToken
            do {
                token = try scanner.next()
            } catch {
                throw formatError(error)
            }
            switch token {
            case .startTag(let name, let selfClosing, let offset):
                if !rootSeen {
                    guard matches(name, "osm") else {
                        throw formatError(offset, "this XML is not OpenStreetMap data: the root element is <\(scanner.text(name))>, expected <osm>")
                    }
                    rootSeen = true
                    generator = try attribute("generator")
                    if selfClosing {
                        try sendHeader(header)
                        return
                    }
                    openElements.append(name)
                    continue
                }
                try start(name, selfClosing: selfClosing, offset: offset)
                if selfClosing {
                    try finish(depth: openElements.count, header: header, element: element, progress: &progress)
                } else {
                    openElements.append(name)
                }
            case .endTag(let name, let offset):
                guard let open = openElements.popLast() else {
                    throw formatError(offset, "unexpected end tag </\(scanner.text(name))>: no element is open")
                }
                guard scanner.equalBytes(open, name) else {
                    throw formatError(offset, "the end tag </\(scanner.text(name))> does not match the open element <\(scanner.text(open))>")
                }
                if openElements.isEmpty {
                    // </osm>: whatever follows is not read.
                    try sendHeader(header)
                    return
                }
                try finish(depth: openElements.count, header: header, element: element, progress: &progress)
            case .endOfInput, .needMore:  // needMore cannot happen: the scanner has the whole file
                guard rootSeen else {
                    throw formatError(scanner.position, "not an OpenStreetMap file: this XML has no root element")
                }
                let innermost = openElements.last.map { "</\(scanner.text($0))>" } ?? "</osm>"
                throw formatError(scanner.position, "the file ends before \(innermost): it is truncated")
            }
        }
    }

    /// A start tag inside `<osm>` (`depth` is the number of open elements around it).
    private mutating func start(_ name: Range<Int>, selfClosing: Bool, offset: Int) throws {
        let depth = openElements.count
        if pending.type == nil {
            if matches(name, "node") {
                try begin(.node, depth: depth, offset: offset)
                pending.latitude = try coordinate("lat", of: "node", offset: offset)
                pending.longitude = try coordinate("lon", of: "node", offset: offset)
            } else if matches(name, "way") {
                try begin(.way, depth: depth, offset: offset)
            } else if matches(name, "relation") {
                try begin(.relation, depth: depth, offset: offset)
            } else if depth == 1 && matches(name, "bounds") {
                try readBounds(offset: offset)
            } else if depth == 1 && matches(name, "bound") {
                try readOsmosisBound(offset: offset)
            }
            return
        }
        // Children of the pending element only (not, say, <tag> inside an unknown element inside it).
        guard depth == pending.depth + 1, !pending.skipped else { return }
        if matches(name, "tag") {
            guard let key = try attribute("k") else { throw formatError(offset, "a <tag> of \(pendingName) has no k attribute") }
            guard let value = try attribute("v") else { throw formatError(offset, "the <tag k=\"\(key)\"> of \(pendingName) has no v attribute") }
            pending.tags[key] = value
        } else if matches(name, "nd") && pending.type == .way {
            pending.refs.append(try integer("ref", of: "<nd> of \(pendingName)", offset: offset))
        } else if matches(name, "member") && pending.type == .relation {
            try readMember(offset: offset)
        } else if matches(name, "center") && pending.type != .node {
            // Overpass `out center`.
            if let latitude = try coordinate("lat", of: "center", offset: offset),
                let longitude = try coordinate("lon", of: "center", offset: offset)
            {
                pending.center = OSMPoint(latitude: latitude, longitude: longitude)
            }
        }
    }

    private mutating func begin(_ type: OSMElementType, depth: Int, offset: Int) throws {
        pending.type = type
        pending.depth = depth
        pending.id = try integer("id", of: "<\(type.rawValue)>", offset: offset)
        // JOSM keeps deleted objects in the file with action="delete"; history files mark them visible="false".
        pending.skipped = try attribute("action") == "delete" || attribute("visible") == "false"
    }

    /// Sends the pending element if the element that just ended (at `depth`) was it.
    private mutating func finish(
        depth: Int, header: (OSMFileHeader) throws -> Void, element: (OSMElement) throws -> Void,
        progress: inout ProgressReporter
    ) throws {
        guard let type = pending.type, depth == pending.depth else { return }
        var done = PendingElement()
        swap(&done, &pending)
        guard !done.skipped else { return }
        let osmElement: OSMElement
        switch type {
        case .node:
            // A node without coordinates is a deleted one (osmChange, history): nothing to place.
            guard let latitude = done.latitude, let longitude = done.longitude else { return }
            osmElement = .node(OSMNode(id: done.id, latitude: latitude, longitude: longitude, tags: done.tags))
        case .way:
            osmElement = .way(OSMWay(id: done.id, nodeRefs: done.refs, tags: done.tags, center: done.center))
        case .relation:
            osmElement = .relation(OSMRelation(id: done.id, members: done.members, tags: done.tags, center: done.center))
        }
        try sendHeader(header)
        try element(osmElement)
        progress.report(scanner.position)
    }

    private mutating func sendHeader(_ header: (OSMFileHeader) throws -> Void) throws {
        guard !headerSent else { return }
        headerSent = true
        try header(OSMFileHeader(format: .xml, generator: generator, bounds: bounds))
    }

    private mutating func readMember(offset: Int) throws {
        // Said only when something is wrong: a relation has thousands of members.
        func what() -> String { "a <member> of \(pendingName)" }
        guard let typeName = try attribute("type") else { throw formatError(offset, "\(what()) has no type attribute") }
        guard let type = OSMElementType(rawValue: typeName) else {
            throw formatError(offset, "\(what()) has the type \"\(typeName)\": expected node, way or relation")
        }
        let ref = try integer("ref", of: what(), offset: offset)
        pending.members.append(OSMRelation.Member(type: type, ref: ref, role: try attribute("role") ?? ""))
    }

    private mutating func readBounds(offset: Int) throws {
        guard let south = try coordinate("minlat", of: "bounds", offset: offset),
            let west = try coordinate("minlon", of: "bounds", offset: offset),
            let north = try coordinate("maxlat", of: "bounds", offset: offset),
            let east = try coordinate("maxlon", of: "bounds", offset: offset)
        else { return }
        bounds = (south, west, north, east)
    }

    /// Osmosis writes `<bound box="minlat,minlon,maxlat,maxlon" origin="…"/>`.
    private mutating func readOsmosisBound(offset: Int) throws {
        guard let box = try attribute("box") else { return }
        let values = box.split(separator: ",").compactMap { Double($0.trimmingPrefix(" ")) }
        guard values.count == 4 else { throw formatError(offset, "the box \"\(box)\" of <bound> is not four numbers") }
        bounds = (values[0], values[1], values[2], values[3])
    }

    // MARK: - Attributes

    private var pendingName: String {
        "\(pending.type?.rawValue ?? "element") \(pending.id)"
    }

    private func attribute(_ name: StaticString) throws -> String? {
        guard let attribute = scanner.attribute(name) else { return nil }
        guard attribute.hasEntity else {
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[attribute.value]), as: UTF8.self)
        }
        do {
            return try XMLEntities.decodeString(bytes, attribute.value)
        } catch {
            throw formatError(error)
        }
    }

    /// - Parameter what: the element, for messages; an autoclosure, so that the millions of `<nd>`s of
    ///   a file do not each build a text that is only needed when one is wrong.
    private func integer(_ name: StaticString, of what: @autoclosure () -> String, offset: Int) throws -> Int64 {
        guard let attribute = scanner.attribute(name) else { throw formatError(offset, "\(what()) has no \(name) attribute") }
        guard let value = ByteNumbers.int64(bytes, attribute.value) else {
            throw formatError(attribute.value.lowerBound, "the \(name) \"\(scanner.text(attribute.value))\" of \(what()) is not a whole number")
        }
        return value
    }

    private func coordinate(_ name: StaticString, of what: String, offset: Int) throws -> Double? {
        guard let attribute = scanner.attribute(name) else { return nil }
        guard let value = ByteNumbers.double(bytes, attribute.value) else {
            throw formatError(attribute.value.lowerBound, "the \(name) \"\(scanner.text(attribute.value))\" of <\(what)> is not a number")
        }
        return value
    }

    private func matches(_ range: Range<Int>, _ name: StaticString) -> Bool { scanner.equals(range, name) }

    // MARK: - Errors

    private func formatError(_ offset: Int, _ message: String) -> OSMFormatError {
        OSMFormatError(location: TextLocation.describe(offset: offset, in: bytes), message: message)
    }

    private func formatError(_ error: XMLSyntaxError) -> OSMFormatError {
        if let construct = error.truncatedInside {
            return formatError(error.offset, "the file ends inside \(construct): it is truncated")
        }
        return formatError(error.offset, error.message)
    }
}
