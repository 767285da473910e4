/// An extract as it is after its change files: streamed over the extract's own elements, it skips
/// the deleted ones, hands on the modified ones in their place, and adds the ones the extract does
/// not have (created, or moved into it) where their kind ends, so nodes still come before the ways
/// that use them, as every reader of OSM files expects.
public struct OSMChangeOverlay: Sendable {
    /// Each changed element's state after all the changes, in their order; nil when deleted.
    private var latest: [Key: OSMElement?] = [:]
    /// The ids of the changed elements that exist after the changes, by kind, ascending: handed on in
    /// id order among the extract's own, so a file sorted by id stays sorted.
    private var queued: [OSMElementType: [Int64]] = [:]
    private var cursors: [OSMElementType: Int] = [:]
    /// Changed elements already handed on (queued ones added before the extract showed them).
    private var handedOn: Set<Key> = []
    /// The kinds the extract has shown (files list nodes, then ways, then relations).
    private var passedTypes: Set<OSMElementType> = []
    private var created: Set<Key> = []
    /// Elements a change creates that the extract already has: the change is older than the extract.
    public private(set) var createdButPresent: [String] = []

    private struct Key: Hashable, Sendable {
        var type: OSMElementType
        var id: Int64
    }

    /// - Parameters:
    ///   - changes: applied in this order (the oldest first).
    ///   - checked: which of them (by index) must not create what the extract already has.
    public init(changes: [OSMChange], checkingCreatesOf checked: Set<Int> = []) {
        for (index, change) in changes.enumerated() {
            for edit in change.edits {
                let key = Key(type: edit.type, id: edit.id)
                latest[key] = .some(edit.action == .delete ? nil : edit.element)
                if edit.action == .create && checked.contains(index) { created.insert(key) }
            }
        }
        for (key, element) in latest where element != nil { queued[key.type, default: []].append(key.id) }
        for type in queued.keys { queued[type]?.sort() }
    }

    /// Hands on `element` of the extract as the changes leave it (or not at all).
    public mutating func pass(_ element: OSMElement, to emit: (OSMElement) throws -> Void) rethrows {
        let key = Self.key(of: element)
        if !passedTypes.contains(key.type) {
            // The first element of a kind: what the kinds before it still owe comes first.
            passedTypes.insert(key.type)
            for type in OSMElementType.allCases.prefix(while: { $0 != key.type }) { try handOn(type, below: .max, to: emit) }
        }
        try handOn(key.type, below: key.id, to: emit)
        guard let changed = latest[key] else { return try emit(element) }
        if created.contains(key) { createdButPresent.append("\(key.type.rawValue) \(key.id)") }
        guard let changed, handedOn.insert(key).inserted else { return }
        try emit(changed)
    }

    /// Adds what the extract did not have; call once, after its last element.
    public mutating func finish(to emit: (OSMElement) throws -> Void) rethrows {
        for type in OSMElementType.allCases { try handOn(type, below: .max, to: emit) }
    }

    /// Hands on the queued elements of `type` with ids below `limit`.
    private mutating func handOn(_ type: OSMElementType, below limit: Int64, to emit: (OSMElement) throws -> Void) rethrows {
        guard let ids = queued[type] else { return }
        var cursor = cursors[type, default: 0]
        defer { cursors[type] = cursor }
        while cursor < ids.count, ids[cursor] < limit || limit == .max {
            let key = Key(type: type, id: ids[cursor])
            cursor += 1
            if handedOn.insert(key).inserted, let element = latest[key] ?? nil { try emit(element) }
        }
    }

    private static func key(of element: OSMElement) -> Key {
        switch element {
        case .node(let node): Key(type: .node, id: node.id)
        case .way(let way): Key(type: .way, id: way.id)
        case .relation(let relation): Key(type: .relation, id: relation.id)
        }
    }
}
