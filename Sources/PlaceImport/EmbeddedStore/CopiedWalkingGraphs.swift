#if canImport(Glibc)
    import Glibc
#endif
import Foundation
package import PlaceCore
import WalkingGraph

/// The walking graphs an instance on a shared database copied from there into its graph folder
/// (`places.walks/`, where the embedded import writes its own), with a list of them
/// (`places.walks/database.json`): which import each file is and of which generation, so that a
/// copy already up to date is not fetched again and a removed import's file goes.
package struct CopiedWalkingGraphs: Codable, Sendable, Equatable {
    package struct Copy: Codable, Sendable, Equatable {
        package let source: String
        package let label: String
        /// The file's name in the folder.
        package let file: String
        package let generation: Int
    }

    package var copies: [Copy]

    static func listURL(storePath: String) -> URL {
        WalkingGraphFiles.folder(forStore: storePath).appendingPathComponent("database.json")
    }

    /// The list beside the store; nil when no graph was ever copied there.
    package static func read(storePath: String) -> CopiedWalkingGraphs? {
        guard let data = try? Data(contentsOf: listURL(storePath: storePath)) else { return nil }
        return try? JSONDecoder().decode(CopiedWalkingGraphs.self, from: data)
    }

    func write(storePath: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try encoder.encode(self).write(to: Self.listURL(storePath: storePath), options: .atomic)
    }

    /// The graphs of `listed` (what the database holds) that the folder beside `storePath` has no
    /// copy of at their generation: what `places serve index build --database` would fetch.
    package static func lacking(_ listed: [SharedWalkingGraph], storePath: String) -> [SharedWalkingGraph] {
        let copies = read(storePath: storePath)?.copies ?? []
        return listed.filter { graph in !isCopied(graph, in: copies, storePath: storePath) }
    }

    private static func isCopied(_ graph: SharedWalkingGraph, in copies: [Copy], storePath: String) -> Bool {
        let file = WalkingGraphFiles.file(forSource: graph.source, storePath: storePath)
        let copy = Copy(source: graph.source, label: graph.label, file: file.lastPathComponent, generation: graph.generation)
        return copies.contains(copy) && FileManager.default.fileExists(atPath: file.path)
    }

    /// What one copy did.
    package struct Outcome: Sendable, Equatable {
        package var copied: [String] = []
        package var kept: [String] = []
        package var removed: [String] = []
        /// Graphs left out, each with why (another format version, changed while copied).
        package var skipped: [String] = []
        package var bytes = 0
    }

    /// Brings the graph folder beside `storePath` up to what `database` holds: graphs of a newer
    /// generation are fetched part by part into a temporary file, checked (the file's checksums)
    /// and renamed over the old, so that a running instance opens them when it sees the files
    /// change; the files of imports removed from the database are deleted. Graphs of the
    /// embedded store's own imports are left alone.
    /// - Throws: `.cannotWrite` when the folder cannot be written; what the database throws.
    package static func copy(from database: any SharedWalkingGraphStore, storePath: String) async throws(ImportWriteError) -> Outcome {
        let listed = try await ImportWriteError.stored { () async throws(StoreError) in try await database.walkingGraphs() }
        let folder = WalkingGraphFiles.folder(forStore: storePath)
        let before = read(storePath: storePath) ?? CopiedWalkingGraphs(copies: [])
        var outcome = Outcome()
        var now: [Copy] = []
        var fetched: [(temporary: URL, file: URL)] = []
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            for graph in listed {
                let file = WalkingGraphFiles.file(forSource: graph.source, storePath: storePath)
                let copy = Copy(source: graph.source, label: graph.label, file: file.lastPathComponent, generation: graph.generation)
                if isCopied(graph, in: before.copies, storePath: storePath) {
                    now.append(copy)
                    outcome.kept.append(graph.label)
                    continue
                }
                guard graph.formatVersion == WalkingGraph.formatVersion else {
                    outcome.skipped.append(
                        "\(graph.label): its walking graph is of format version \(graph.formatVersion), this places reads "
                            + "\(WalkingGraph.formatVersion); import it again with this version")
                    continue
                }
                let temporary = folder.appendingPathComponent(".\(file.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).copying")
                let complete: Bool
                do { complete = try await fetch(graph, from: database, to: temporary) } catch {
                    try? FileManager.default.removeItem(at: temporary)
                    throw error
                }
                if complete {
                    fetched.append((temporary, file))
                    now.append(copy)
                    outcome.copied.append(graph.label)
                    outcome.bytes += graph.size
                } else {
                    try? FileManager.default.removeItem(at: temporary)
                    outcome.skipped.append("\(graph.label): its walking graph changed while it was copied; run this again")
                }
            }
            // Listed before the files are renamed in: an instance that opens the folder meanwhile
            // knows every file it finds, and opens again when the renames change the files.
            let gone = before.copies.filter { old in !now.contains { $0.file == old.file } }
            try CopiedWalkingGraphs(copies: now + gone).write(storePath: storePath)
            for (temporary, file) in fetched where rename(temporary.path, file.path) != 0 {
                throw ImportWriteError(.cannotWrite, "\(file.path) cannot be replaced: \(String(cString: strerror(errno)))")
            }
            let ownSources = Set(WalkingGraphFiles.importedSources(storePath: storePath))
            for old in gone {
                outcome.removed.append(old.label)
                if !ownSources.contains(old.source) { WalkingGraph.removeFile(at: folder.appendingPathComponent(old.file)) }
            }
            try CopiedWalkingGraphs(copies: now).write(storePath: storePath)
        } catch let error as ImportWriteError {
            for (temporary, _) in fetched { try? FileManager.default.removeItem(at: temporary) }
            throw error
        } catch {
            for (temporary, _) in fetched { try? FileManager.default.removeItem(at: temporary) }
            throw ImportWriteError(.cannotWrite, "the walking graphs cannot be written into \(folder.path): \(error.localizedDescription)")
        }
        return outcome
    }

    /// Writes `graph`'s parts into `temporary` and checks the result; false when the database
    /// replaced or removed the graph meanwhile (a part is missing or the file does not check).
    private static func fetch(_ graph: SharedWalkingGraph, from database: any SharedWalkingGraphStore, to temporary: URL) async throws
        -> Bool
    {
        guard FileManager.default.createFile(atPath: temporary.path, contents: nil) else {
            throw ImportWriteError(.cannotWrite, "\(temporary.path) cannot be created")
        }
        let handle = try FileHandle(forWritingTo: temporary)
        defer { try? handle.close() }
        var written = 0
        for part in 0..<graph.parts {
            let bytes = try await ImportWriteError.stored { () async throws(StoreError) in
                try await database.walkingGraphPart(graph.source, generation: graph.generation, part: part)
            }
            guard let bytes else { return false }
            try handle.write(contentsOf: bytes)
            written += bytes.count
        }
        try handle.synchronize()
        guard written == graph.size else { return false }
        do { _ = try WalkingGraph.open(at: temporary) } catch { return false }
        return true
    }
}
