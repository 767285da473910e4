import Autocomplete
import Foundation
import PlaceSearch
import PlaceStore

extension NameIndex {
    /// The index one import will leave, built on a second thread while the import is written:
    /// the other imports' names are read from the store first, the import's own come from memory
    /// in the order the store will hold them, so the file is the one ``rebuild(store:)`` would
    /// write after the import, byte for byte. It goes beside the index and takes its place only
    /// once the import is committed and no other import came in between (the generation is the
    /// one it was read at plus this import); otherwise it is thrown away.
    final class Staged: @unchecked Sendable {
        let path: String
        private let staging: String
        private let expectedGeneration: Int
        private let started = ContinuousClock.now
        private let finished = DispatchSemaphore(value: 0)
        private var waited = false
        // Written by the building thread before it signals `finished`, read after the wait.
        private var builder: AutocompleteIndexBuilder?
        private var built = false
        private var finishedAt = ContinuousClock.now
        /// When the names were read and the store write could begin.
        private var writeStarted = ContinuousClock.now

        /// Nil when no builder can be made here (the folder): the index is then built after the import as before.
        init?(store: SQLitePlaceStore, replacing source: String, with places: [ImportedPlace]) throws(PlacesError) {
            path = NameIndex.path(forStore: store.path)
            // The process and a random number: two imports at once in one process do not share it.
            staging = path + ".import-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
            let url = URL(fileURLWithPath: path)
            guard let builder = try? AutocompleteIndexBuilder(temporaryDirectory: url.deletingLastPathComponent()) else { return nil }
            let after: SQLitePlaceStore.IndexedNamesAfterImport
            do {
                after = try store.forEachIndexedName(afterReplacing: source, with: places) { try builder.add($0) }
            } catch let error as StoreError {
                throw StoreAccess.error(error)
            } catch {
                return nil
            }
            expectedGeneration = after.generation + 1
            builder.sourceGeneration = UInt32(truncatingIfNeeded: expectedGeneration)
            self.builder = builder
            let thread = Thread { [self] in
                guard let builder = self.builder else {
                    finished.signal()
                    return
                }
                do {
                    for position in after.added { try builder.add(SQLitePlaceStore.storedRecord(places[position].record)) }
                    _ = try builder.write(to: URL(fileURLWithPath: staging))
                    built = true
                } catch {
                    built = false
                }
                finishedAt = ContinuousClock.now
                finished.signal()
            }
            writeStarted = ContinuousClock.now
            thread.start()
        }

        /// Puts the index built in place of the store's, when the store holds what it was built
        /// for. Nil when it does not (the build failed, another import came in between): the
        /// caller rebuilds it from the store.
        func commit(store: SQLitePlaceStore) throws(PlacesError) -> Built? {
            let written = ContinuousClock.now
            wait()
            let generation = try StoreAccess.run { () throws(StoreError) in try store.importGeneration() }
            guard built, let builder, generation == expectedGeneration, rename(staging, path) == 0 else {
                unlink(staging)
                return nil
            }
            let beside = max(.zero, min(finishedAt, written) - writeStarted)
            return Built(path: path, count: builder.added, seconds: (finishedAt - started).seconds, secondsBesideWrite: beside.seconds)
        }

        /// Throws away what was built (the import failed, or changed nothing).
        func discard() {
            wait()
            unlink(staging)
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
            }
        }
    }
}
