import Autocomplete
import Foundation
import PlaceCore
import PlaceStore

extension NameIndex {
    /// The segment one import will leave, built on a second thread while the import is written:
    /// from the import's names in memory, in the order the store will hold them, so the file is
    /// the one building it from the store after the import would write, byte for byte. Nothing
    /// of the other imports is read: their segments stay as they are. It goes beside the segment
    /// and takes its place only once the import is committed and no other import came in between
    /// (the generation is the one it was read at plus this import); otherwise it is thrown away.
    final class Staged: @unchecked Sendable {
        let path: String
        private let key: String
        private let staging: String
        /// A file that holds room on the disk for what is written after the store commits.
        private var reserve: String { staging + ".reserve" }
        private let storePath: String
        private let expectedGeneration: Int
        private let started = ContinuousClock.now
        private let finished = DispatchSemaphore(value: 0)
        private var waited = false
        // Written by the building thread before it signals `finished`, read after the wait.
        private var builder: AutocompleteIndexBuilder?
        private var built = false
        /// Why the build failed, when it did (a full disk, most often).
        private var failure: (any Error)?
        private var finishedAt = ContinuousClock.now
        /// When the store's rows were in and the write began to wait for the build, if it did.
        private var rowsWritten: ContinuousClock.Instant?
        /// When the names were read and the store write could begin.
        private var writeStarted = ContinuousClock.now

        /// Nil when no builder can be made here (the folder): the segment is then built after the import.
        init?(store: SQLitePlaceStore, replacing source: String, with places: ImportedPlaceList) throws(ImportWriteError) {
            key = source
            storePath = store.path
            path = NameIndex.segmentPath(forSource: source, storePath: store.path)
            // The process and a random number: two imports at once in one process do not share it.
            staging = path + ".import-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
            let url = URL(fileURLWithPath: path)
            try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            guard let builder = try? AutocompleteIndexBuilder(temporaryDirectory: url.deletingLastPathComponent()) else { return nil }
            let generation = try ImportWriteError.stored { () throws(StoreError) in try store.importGeneration() }
            expectedGeneration = generation + 1
            builder.sourceGeneration = UInt32(truncatingIfNeeded: expectedGeneration)
            self.builder = builder
            let added = SQLitePlaceStore.indexedOrder(places)
            var extent = Extent()
            for position in added { extent.add(places.coordinate(at: position)) }
            // The other segments' towns as they are now: the import's own segment is the only one written.
            NameIndex.addTowns(to: builder, storePath: store.path, except: source, within: extent)
            let thread = Thread { [self] in
                guard let builder = self.builder else {
                    finished.signal()
                    return
                }
                do {
                    for position in added { try builder.add(SQLitePlaceStore.storedRecord(places.record(at: position))) }
                    _ = try builder.write(to: URL(fileURLWithPath: staging))
                    built = true
                } catch {
                    built = false
                    failure = error
                }
                finishedAt = ContinuousClock.now
                finished.signal()
            }
            writeStarted = ContinuousClock.now
            thread.start()
        }

        /// Puts the segment built in place of the import's, when the store holds what it was
        /// built for, and brings the list of segments up to date (a segment whose ids this import
        /// took over is built again). Nil when the store does not (the build failed, another
        /// import came in between): the caller brings the folder up to date from the store.
        func commit(store: SQLitePlaceStore) throws(ImportWriteError) -> Built? {
            let written = rowsWritten ?? ContinuousClock.now
            wait()
            unlink(reserve)
            let generation = try ImportWriteError.stored { () throws(StoreError) in try store.importGeneration() }
            guard built, generation == expectedGeneration,
                let record = try ImportWriteError.stored({ () throws(StoreError) in try store.imports() }).first(where: { $0.source.key == key }),
                rename(staging, path) == 0
            else {
                unlink(staging)
                return nil
            }
            let segment = Manifest.Segment(
                key: key, file: (path as NSString).lastPathComponent, importedAt: record.importedAt, count: record.count,
                generation: expectedGeneration, names: builder?.added ?? 0)
            var done = try NameIndex.update(store: store, rebuilding: [], built: segment)
            done.seconds += (finishedAt - started).seconds
            let beside = max(.zero, min(finishedAt, written) - writeStarted)
            done.secondsBesideWrite = beside.seconds
            return done
        }

        /// Waits for the build, inside the store's transaction: a segment that could not be
        /// written (a full disk) rolls the import back, rather than leave a store whose index
        /// every later command must build again and cannot keep.
        /// - Throws: `.cannotWrite`, naming the segment and why.
        func finishBuild() throws(ImportWriteError) {
            rowsWritten = ContinuousClock.now
            wait()
            if built {
                // Room for the list of segments, written after the commit: given back just before.
                let manifest = try? FileManager.default.attributesOfItem(atPath: NameIndex.manifestPath(forStore: storePath))
                let room = 65_536 + 2 * (manifest?[.size] as? Int ?? 0)
                do { try Data(count: room).write(to: URL(fileURLWithPath: reserve)) } catch {
                    let folder = NameIndex.folder(forStore: storePath)
                    throw ImportWriteError(.cannotWrite, "the name index \(folder) cannot be written: \(error.localizedDescription)")
                }
                return
            }
            throw ImportWriteError(.cannotWrite, "the name index \(path) cannot be written: \(failure.map { "\($0)" } ?? "its build failed")")
        }

        /// Throws away what was built (the import failed, or changed nothing).
        func discard() {
            wait()
            unlink(staging)
            unlink(reserve)
        }

        private func wait() {
            guard !waited else { return }
            finished.wait()
            waited = true
        }

        deinit {
            // A caller that neither commits nor discards still leaves no file behind.
            if !waited {
                finished.wait()
                unlink(staging)
                unlink(reserve)
            }
        }
    }
}
