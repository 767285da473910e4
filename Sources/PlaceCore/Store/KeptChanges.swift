public import Foundation

/// The OpenStreetMap change files applied to an import, as a shared database keeps them beside it:
/// the import is made again from its extract and all of them whenever another comes.
public struct KeptChanges: Sendable, Equatable {
    /// What they add up to, as the import flow wrote it (a document the store does not read).
    public var manifest: Data
    /// The files as they came, by the name each is kept by.
    public var files: [String: Data]

    /// Makes the kept changes from their manifest and the files by name.
    public init(manifest: Data, files: [String: Data]) {
        self.manifest = manifest
        self.files = files
    }
}

/// One change file to keep with the import it is applied to, and the manifest that then
/// describes all of the import's changes.
public struct KeptChange: Sendable, Equatable {
    /// The name the file is kept by.
    public var name: String
    /// The change file as it came.
    public var bytes: Data
    /// The manifest that describes all of the import's changes once this one is kept.
    public var manifest: Data
    /// The manifest the change was laid over (nil: none was kept): the store refuses to keep the
    /// change when another was kept meanwhile, which this one's places do not hold.
    public var replacing: Data?

    /// Makes a change to keep from its name and bytes, the new manifest and the one it was laid over (nil for none).
    public init(name: String, bytes: Data, manifest: Data, replacing: Data?) {
        self.name = name
        self.bytes = bytes
        self.manifest = manifest
        self.replacing = replacing
    }
}
