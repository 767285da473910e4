/// The steps of an import, in the order they run, for a progress bar that says which one runs.
/// A name list has no reading progress, places or walking graph of its own: it reports only the
/// store and the name index.
public enum ImportStep: String, Sendable, CaseIterable {
    /// Reading the file: bytes of the file.
    case reading
    /// The walking graph assembled from the walkable ways: amount not known.
    case walkingGraph
    /// Places, streets and addresses made from what was read: of everything kept.
    case places
    /// The places written into the store (the name index is built beside it): amount not known.
    case store
    /// The name index finished after the store: amount not known.
    case nameIndex
}

/// Reports how far an import is: `done` of `total` in `step` of `file`'s import (total 0 when the
/// amount is not known). Called from the importing thread, often: a bar must draw cheaply.
public typealias ImportProgress = @Sendable (_ file: String, _ step: ImportStep, _ done: Int, _ total: Int) -> Void
