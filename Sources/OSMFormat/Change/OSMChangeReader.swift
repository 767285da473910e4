public import Foundation
import XMLScanning

/// Reads an osmChange file (plain, gzip or bzip2): `<osmChange>` with `<create>`, `<modify>` and
/// `<delete>` blocks of nodes, ways and relations. A change file is small (an hourly or daily diff),
/// so it is read whole; problems are thrown as ``OSMFormatError`` with where they are.
public enum OSMChangeReader {
    public static func read(contentsOf url: URL) throws -> OSMChange {
        let data: Data
        do {
            data = try Data(contentsOf: url, options: .alwaysMapped)
        } catch {
            throw OSMFormatError(message: "cannot read \(url.path): \(error.localizedDescription)")
        }
        return try read(data: data)
    }

    public static func read(data: Data) throws -> OSMChange {
        let xml = try decompressed(data)
        return try xml.withUnsafeBufferPointer { bytes in
            var parser = OSMChangeParser(bytes: bytes)
            return try parser.run()
        }
    }

    /// Whether the file is an osmChange: by its name (`.osc`, `.osc.gz`, `.osc.bz2`), else by its
    /// root element (for gzip, in its first inflated bytes).
    public static func recognises(contentsOf url: URL) -> Bool {
        let name = url.lastPathComponent.lowercased()
        if [".osc", ".osc.gz", ".osc.bz2"].contains(where: name.hasSuffix) { return true }
        guard let handle = FileHandle(forReadingAtPath: url.path) else { return false }
        defer { try? handle.close() }
        guard let head = try? handle.read(upToCount: 65_536) else { return false }
        let bytes = [UInt8](head)
        let text = bytes.withUnsafeBufferPointer { buffer -> [UInt8] in
            FormatDetector.detect(buffer) == .gzip ? Inflate.gzipHead(buffer, count: 4_096) : Array(buffer.prefix(4_096))
        }
        return String(decoding: text, as: UTF8.self).contains("<osmChange")
    }

    private static func decompressed(_ data: Data) throws -> [UInt8] {
        try data.withUnsafeBytes { raw throws -> [UInt8] in
            let bytes = raw.bindMemory(to: UInt8.self)
            do {
                switch FormatDetector.detect(bytes) {
                case .gzip: return try Inflate.gzip(bytes)
                case .bzip2: return try Bunzip2.decompress(bytes)
                default: return Array(bytes)
                }
            } catch let error as DecompressionError {
                throw OSMFormatError(message: "it cannot be decompressed: \(error.message)")
            }
        }
    }
}

/// The XML of an osmChange, element by element (see ``OSMXMLReader`` for plain OSM XML).
private struct OSMChangeParser {
    private var scanner: XMLScanner
    private var bytes: UnsafeBufferPointer<UInt8> { scanner.bytes }
    private var openElements: [Range<Int>] = []
    private var action: OSMChange.Action?
    private var pending: Pending?
    private var edits: [OSMChange.Edit] = []

    private struct Pending {
        var edit: OSMChange.Edit
        var depth: Int
        var latitude: Double?
        var longitude: Double?
        var tags: OSMTagList = [:]
        var refs: [Int64] = []
        var members: [OSMRelation.Member] = []
    }

    init(bytes: UnsafeBufferPointer<UInt8>) {
        let start = bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF ? 3 : 0
        scanner = XMLScanner(bytes: bytes, start: start)
    }

    mutating func run() throws -> OSMChange {
        while true {
            let token: XMLToken
            do {
                token = try scanner.next()
            } catch {
                if let construct = error.truncatedInside { throw failure(error.offset, "the file ends inside \(construct): it is truncated") }
                throw failure(error.offset, error.message)
            }
            switch token {
            case .startTag(let name, let selfClosing, let offset):
                if openElements.isEmpty {
                    guard scanner.equals(name, "osmChange") else {
                        throw failure(
                            offset, "this is not an OpenStreetMap change file: the root element is <\(scanner.text(name))>, expected <osmChange>")
                    }
                    if selfClosing { return OSMChange(edits: edits) }
                    openElements.append(name)
                    continue
                }
                try start(name, offset: offset)
                if selfClosing { try end() } else { openElements.append(name) }
            case .endTag(let name, let offset):
                guard let open = openElements.popLast(), scanner.equalBytes(open, name) else {
                    throw failure(offset, "the end tag </\(scanner.text(name))> does not match the open element")
                }
                if openElements.isEmpty { return OSMChange(edits: edits) }
                try end()
            case .endOfInput, .needMore:
                guard !openElements.isEmpty else { throw failure(scanner.position, "not an OpenStreetMap change file: it has no root element") }
                throw failure(scanner.position, "the file ends before </\(scanner.text(openElements[0]))>: it is truncated")
            }
        }
    }

    /// A start tag inside `<osmChange>`; `openElements` does not hold it yet.
    private mutating func start(_ name: Range<Int>, offset: Int) throws {
        let depth = openElements.count
        if depth == 1 {
            action = OSMChange.Action(rawValue: scanner.text(name))
            return
        }
        if depth == 2, let action {
            guard let type = OSMElementType(rawValue: scanner.text(name)) else { return }
            let id = try integer("id", of: "<\(type.rawValue)>", offset: offset)
            let version = try attribute("version").flatMap { Int($0) }
            let edit = OSMChange.Edit(action: action, type: type, id: id, version: version, timestamp: try attribute("timestamp"))
            var element = Pending(edit: edit, depth: depth)
            if type == .node {
                element.latitude = try coordinate("lat", offset: offset)
                element.longitude = try coordinate("lon", offset: offset)
            }
            pending = element
            return
        }
        guard var element = pending, depth == element.depth + 1 else { return }
        let what = element.edit.name
        if scanner.equals(name, "tag") {
            guard let key = try attribute("k"), let value = try attribute("v") else { throw failure(offset, "a <tag> of \(what) lacks k or v") }
            element.tags[key] = value
        } else if scanner.equals(name, "nd") {
            element.refs.append(try integer("ref", of: "an <nd> of \(what)", offset: offset))
        } else if scanner.equals(name, "member") {
            guard let typeName = try attribute("type"), let type = OSMElementType(rawValue: typeName) else {
                throw failure(offset, "a <member> of \(what) has no type node, way or relation")
            }
            let ref = try integer("ref", of: "a <member> of \(what)", offset: offset)
            element.members.append(OSMRelation.Member(type: type, ref: ref, role: try attribute("role") ?? ""))
        }
        pending = element
    }

    /// The element that just ended: an edit when it was one.
    private mutating func end() throws {
        let depth = openElements.count
        if depth == 1 { action = nil }
        guard let done = pending, depth == done.depth else { return }
        pending = nil
        var edit = done.edit
        if edit.action != .delete {
            switch edit.type {
            case .node:
                guard let latitude = done.latitude, let longitude = done.longitude else {
                    throw OSMFormatError(message: "the \(edit.action.rawValue)d node \(edit.id) has no lat and lon")
                }
                edit.element = .node(OSMNode(id: edit.id, latitude: latitude, longitude: longitude, tags: done.tags))
            case .way: edit.element = .way(OSMWay(id: edit.id, nodeRefs: done.refs, tags: done.tags))
            case .relation: edit.element = .relation(OSMRelation(id: edit.id, members: done.members, tags: done.tags))
            }
        }
        edits.append(edit)
    }

    private func attribute(_ name: StaticString) throws -> String? {
        guard let attribute = scanner.attribute(name) else { return nil }
        guard attribute.hasEntity else { return String(decoding: UnsafeBufferPointer(rebasing: bytes[attribute.value]), as: UTF8.self) }
        do {
            return try XMLEntities.decodeString(bytes, attribute.value)
        } catch {
            throw failure(error.offset, error.message)
        }
    }

    private func integer(_ name: StaticString, of what: @autoclosure () -> String, offset: Int) throws -> Int64 {
        guard let attribute = scanner.attribute(name), let value = ByteNumbers.int64(bytes, attribute.value) else {
            throw failure(offset, "\(what()) has no whole-number \(name) attribute")
        }
        return value
    }

    private func coordinate(_ name: StaticString, offset: Int) throws -> Double? {
        guard let attribute = scanner.attribute(name) else { return nil }
        guard let value = ByteNumbers.double(bytes, attribute.value) else {
            throw failure(attribute.value.lowerBound, "the \(name) \"\(scanner.text(attribute.value))\" of a <node> is not a number")
        }
        return value
    }

    private func failure(_ offset: Int, _ message: String) -> OSMFormatError {
        OSMFormatError(location: TextLocation.describe(offset: offset, in: bytes), message: message)
    }
}
