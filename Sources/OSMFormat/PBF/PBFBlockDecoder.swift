/// Decodes PrimitiveBlocks (the "OSMData" blobs) into elements. One decoder is used for a whole
/// file so that its scratch arrays keep their capacity from block to block: a block of 8000 dense
/// nodes then costs no array allocation beyond the elements' own tags and refs.
struct PBFBlockDecoder {
    private var strings = PBFStringTable()
    private var groups: [Range<Int>] = []
    private var ids: [Int64] = []
    private var latitudes: [Int64] = []
    private var longitudes: [Int64] = []
    private var keys: [UInt64] = []  // also DenseNodes keys_vals
    private var values: [UInt64] = []
    private var visible: [UInt64] = []
    private var refs: [Int64] = []
    private var roles: [UInt64] = []
    private var memberTypes: [UInt64] = []
    private var granularity: Int64 = 100
    private var latitudeOffset: Int64 = 0
    private var longitudeOffset: Int64 = 0

    mutating func decode(_ bytes: UnsafeBufferPointer<UInt8>, element: (OSMElement) throws -> Void) throws {
        var block = ProtobufReader(bytes)
        groups.removeAll(keepingCapacity: true)
        granularity = 100
        latitudeOffset = 0
        longitudeOffset = 0
        var sawStringTable = false
        // Groups come before granularity and offsets in field order: note them, decode them after.
        while let (number, wireType) = try block.field() {
            switch (number, wireType) {
            case (1, .lengthDelimited):
                try strings.load(block, range: try block.lengthDelimited())
                sawStringTable = true
            case (2, .lengthDelimited): groups.append(try block.lengthDelimited())
            case (17, .varint): granularity = Int64(truncatingIfNeeded: try block.varint())
            case (19, .varint): latitudeOffset = Int64(bitPattern: try block.varint())
            case (20, .varint): longitudeOffset = Int64(bitPattern: try block.varint())
            default: try block.skip(wireType)
            }
        }
        if !sawStringTable { try strings.load(block, range: 0..<0) }
        guard granularity > 0 else { throw ProtobufError(message: "the granularity \(granularity) is not positive") }
        for group in groups {
            var reader = block.message(group)
            while let (number, wireType) = try reader.field() {
                switch (number, wireType) {
                case (1, .lengthDelimited): try decodeNode(reader.message(try reader.lengthDelimited()), element)
                case (2, .lengthDelimited): try decodeDense(reader.message(try reader.lengthDelimited()), element)
                case (3, .lengthDelimited): try decodeWay(reader.message(try reader.lengthDelimited()), element)
                case (4, .lengthDelimited): try decodeRelation(reader.message(try reader.lengthDelimited()), element)
                default: try reader.skip(wireType)  // changesets
                }
            }
        }
    }

    /// Nanodegrees to degrees by division, not by multiplying with 1e-9: the result is then the double
    /// nearest to the decimal value, the same one an XML reader gets from "52.3676383".
    @inline(__always)
    private func degrees(_ raw: Int64, offset: Int64) -> Double {
        Double(offset &+ granularity &* raw) / 1e9
    }

    private mutating func decodeDense(_ message: ProtobufReader, _ element: (OSMElement) throws -> Void) throws {
        var reader = message
        ids.removeAll(keepingCapacity: true)
        latitudes.removeAll(keepingCapacity: true)
        longitudes.removeAll(keepingCapacity: true)
        keys.removeAll(keepingCapacity: true)
        visible.removeAll(keepingCapacity: true)
        while let (number, wireType) = try reader.field() {
            switch number {
            case 1: try reader.appendDeltas(wireType, to: &ids)
            case 5 where wireType == .lengthDelimited: try readDenseVisibility(reader.message(try reader.lengthDelimited()))
            case 8: try reader.appendDeltas(wireType, to: &latitudes)
            case 9: try reader.appendDeltas(wireType, to: &longitudes)
            case 10: try reader.appendVarints(wireType, to: &keys)
            default: try reader.skip(wireType)
            }
        }
        guard ids.count == latitudes.count, ids.count == longitudes.count else {
            throw ProtobufError(message: "DenseNodes has \(ids.count) ids but \(latitudes.count) latitudes and \(longitudes.count) longitudes")
        }
        // keys_vals: for each node, key and value string indexes ending with 0; empty when no node has tags.
        var next = 0
        for index in ids.indices {
            var tags: OSMTagList = [:]
            while next < keys.count {
                let key = keys[next]
                next += 1
                if key == 0 { break }
                guard next < keys.count else { throw ProtobufError(message: "DenseNodes keys_vals ends between a key and its value") }
                let value = keys[next]
                next += 1
                tags[try strings.string(key)] = try strings.string(value)
            }
            if index < visible.count && visible[index] == 0 { continue }
            let node = OSMNode(
                id: ids[index], latitude: degrees(latitudes[index], offset: latitudeOffset),
                longitude: degrees(longitudes[index], offset: longitudeOffset), tags: tags)
            try element(.node(node))
        }
    }

    /// DenseInfo's `visible` (field 6), present only in history files.
    private mutating func readDenseVisibility(_ message: ProtobufReader) throws(ProtobufError) {
        var reader = message
        while let (number, wireType) = try reader.field() {
            if number == 6 { try reader.appendVarints(wireType, to: &visible) } else { try reader.skip(wireType) }
        }
    }

    private mutating func decodeNode(_ message: ProtobufReader, _ element: (OSMElement) throws -> Void) throws {
        var reader = message
        var id: Int64 = 0
        var latitude: Int64 = 0
        var longitude: Int64 = 0
        var isVisible = true
        keys.removeAll(keepingCapacity: true)
        values.removeAll(keepingCapacity: true)
        while let (number, wireType) = try reader.field() {
            switch (number, wireType) {
            case (1, .varint): id = try reader.signedVarint()
            case (2, _): try reader.appendVarints(wireType, to: &keys)
            case (3, _): try reader.appendVarints(wireType, to: &values)
            case (4, .lengthDelimited): isVisible = try Self.isVisible(reader.message(try reader.lengthDelimited()))
            case (8, .varint): latitude = try reader.signedVarint()
            case (9, .varint): longitude = try reader.signedVarint()
            default: try reader.skip(wireType)
            }
        }
        guard isVisible else { return }
        let node = OSMNode(
            id: id, latitude: degrees(latitude, offset: latitudeOffset),
            longitude: degrees(longitude, offset: longitudeOffset), tags: try tags(of: "node", id: id))
        try element(.node(node))
    }

    private mutating func decodeWay(_ message: ProtobufReader, _ element: (OSMElement) throws -> Void) throws {
        var reader = message
        var id: Int64 = 0
        var isVisible = true
        keys.removeAll(keepingCapacity: true)
        values.removeAll(keepingCapacity: true)
        refs.removeAll(keepingCapacity: true)
        while let (number, wireType) = try reader.field() {
            switch (number, wireType) {
            case (1, .varint): id = Int64(bitPattern: try reader.varint())
            case (2, _): try reader.appendVarints(wireType, to: &keys)
            case (3, _): try reader.appendVarints(wireType, to: &values)
            case (4, .lengthDelimited): isVisible = try Self.isVisible(reader.message(try reader.lengthDelimited()))
            case (8, _): try reader.appendDeltas(wireType, to: &refs)
            default: try reader.skip(wireType)  // 9, 10: LocationsOnWays coordinates
            }
        }
        guard isVisible else { return }
        // A copy of its own size: handing out `refs` itself would make the next way's
        // removeAll(keepingCapacity:) allocate the largest capacity yet for every way after it,
        // and the blocks decoded ahead would hold all of that.
        let nodeRefs = refs.withUnsafeBufferPointer { Array($0) }
        try element(.way(OSMWay(id: id, nodeRefs: nodeRefs, tags: try tags(of: "way", id: id))))
    }

    private mutating func decodeRelation(_ message: ProtobufReader, _ element: (OSMElement) throws -> Void) throws {
        var reader = message
        var id: Int64 = 0
        var isVisible = true
        keys.removeAll(keepingCapacity: true)
        values.removeAll(keepingCapacity: true)
        refs.removeAll(keepingCapacity: true)
        roles.removeAll(keepingCapacity: true)
        memberTypes.removeAll(keepingCapacity: true)
        while let (number, wireType) = try reader.field() {
            switch (number, wireType) {
            case (1, .varint): id = Int64(bitPattern: try reader.varint())
            case (2, _): try reader.appendVarints(wireType, to: &keys)
            case (3, _): try reader.appendVarints(wireType, to: &values)
            case (4, .lengthDelimited): isVisible = try Self.isVisible(reader.message(try reader.lengthDelimited()))
            case (8, _): try reader.appendVarints(wireType, to: &roles)
            case (9, _): try reader.appendDeltas(wireType, to: &refs)
            case (10, _): try reader.appendVarints(wireType, to: &memberTypes)
            default: try reader.skip(wireType)
            }
        }
        guard refs.count == roles.count, refs.count == memberTypes.count else {
            throw ProtobufError(message: "relation \(id) has \(refs.count) member ids but \(roles.count) roles and \(memberTypes.count) types")
        }
        guard isVisible else { return }
        var members: [OSMRelation.Member] = []
        members.reserveCapacity(refs.count)
        for index in refs.indices {
            let type: OSMElementType
            switch memberTypes[index] {
            case 0: type = .node
            case 1: type = .way
            case 2: type = .relation
            case let other: throw ProtobufError(message: "relation \(id) has a member of unknown type \(other)")
            }
            members.append(OSMRelation.Member(type: type, ref: refs[index], role: try strings.string(roles[index])))
        }
        try element(.relation(OSMRelation(id: id, members: members, tags: try tags(of: "relation", id: id))))
    }

    /// The tags in `keys` and `values` (string table indexes); no dictionary is made for none.
    private mutating func tags(of type: StaticString, id: Int64) throws(ProtobufError) -> OSMTagList {
        guard keys.count == values.count else {
            throw ProtobufError(message: "\(type) \(id) has \(keys.count) tag keys but \(values.count) values")
        }
        guard !keys.isEmpty else { return [:] }
        var tags: OSMTagList = [:]
        tags.reserveCapacity(keys.count)
        for index in keys.indices {
            tags[try strings.string(keys[index])] = try strings.string(values[index])
        }
        return tags
    }

    /// Info's `visible` (field 6): false only for deleted versions in history files.
    private static func isVisible(_ message: ProtobufReader) throws(ProtobufError) -> Bool {
        var reader = message
        var visible = true
        while let (number, wireType) = try reader.field() {
            if number == 6 && wireType == .varint { visible = try reader.varint() != 0 } else { try reader.skip(wireType) }
        }
        return visible
    }
}
