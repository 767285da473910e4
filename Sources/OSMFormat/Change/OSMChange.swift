/// An osmChange file (the diffs extract services publish, or what `osmium derive-changes` writes):
/// elements created, modified and deleted, in the file's order.
public struct OSMChange: Sendable, Equatable {
    public enum Action: String, Sendable, Hashable {
        case create, modify, delete
    }

    /// One element of the change, as it is after it.
    public struct Edit: Sendable, Equatable {
        public var action: Action
        public var type: OSMElementType
        public var id: Int64
        /// The element's version after the edit; nil when the file carries none.
        public var version: Int?
        /// ISO 8601 (`2026-11-27T06:00:00Z`), as the file gives it; nil when it carries none.
        public var timestamp: String?
        /// The element after a create or modify; nil for a delete.
        public var element: OSMElement?

        public init(action: Action, type: OSMElementType, id: Int64, version: Int? = nil, timestamp: String? = nil, element: OSMElement? = nil) {
            self.action = action
            self.type = type
            self.id = id
            self.version = version
            self.timestamp = timestamp
            self.element = element
        }

        /// `node 123`, for messages.
        public var name: String { "\(type.rawValue) \(id)" }
    }

    public var edits: [Edit]

    public init(edits: [Edit]) { self.edits = edits }

    /// The latest timestamp of its edits. ISO 8601 in UTC compares as text.
    public var newestTimestamp: String? { edits.compactMap(\.timestamp).max() }

    /// Where its created and modified nodes are: what tells which extract it belongs to.
    public var locatedNodes: [OSMPoint] {
        edits.compactMap { edit in
            guard case .node(let node)? = edit.element else { return nil }
            return OSMPoint(latitude: node.latitude, longitude: node.longitude)
        }
    }

    /// How many edits of each action.
    public func count(_ action: Action) -> Int { edits.count { $0.action == action } }
}
