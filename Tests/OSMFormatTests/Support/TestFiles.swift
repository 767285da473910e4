import Foundation
import OSMFormat

/// The fixtures of this target and the shared data sets beside the repository.
enum TestFiles {
    static func fixture(_ name: String) throws -> Data {
        guard let url = Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Fixtures") else {
            throw OSMFormatError(message: "missing fixture \(name)")
        }
        return try Data(contentsOf: url)
    }

    /// `../shared/data` next to the repository: walk up from this file to the directory holding Package.swift.
    static func sharedData(_ name: String, filePath: String = #filePath) -> URL? {
        var directory = URL(fileURLWithPath: filePath).deletingLastPathComponent()
        while directory.path != "/" {
            if FileManager.default.fileExists(atPath: directory.appendingPathComponent("Package.swift").path) {
                let url = directory.deletingLastPathComponent().appendingPathComponent("shared/data/\(name)")
                return FileManager.default.fileExists(atPath: url.path) ? url : nil
            }
            directory = directory.deletingLastPathComponent()
        }
        return nil
    }

    static func hasSharedData(_ name: String) -> Bool {
        let found = sharedData(name) != nil
        if !found { print("SKIP: ../shared/data/\(name) is not there; the test that reads it is skipped") }
        return found
    }
}

/// Everything a read produced.
struct ReadResult {
    var header: OSMFileHeader?
    var elements: [OSMElement] = []
    var progress: [Int] = []

    var nodes: [OSMNode] { elements.compactMap { if case .node(let node) = $0 { node } else { nil } } }
    var ways: [OSMWay] { elements.compactMap { if case .way(let way) = $0 { way } else { nil } } }
    var relations: [OSMRelation] { elements.compactMap { if case .relation(let relation) = $0 { relation } else { nil } } }
}

func readAll(_ data: Data, name: String = "test") throws -> ReadResult {
    var result = ReadResult()
    let progress = ProgressLog()
    try OSMFileReader.read(data: data, name: name, progress: { read, _ in progress.append(read) }, header: { result.header = $0 }) {
        result.elements.append($0)
    }
    result.progress = progress.values
    return result
}

func readAll(_ text: String) throws -> ReadResult {
    try readAll(Data(text.utf8))
}

/// Progress callbacks are @Sendable: collect them behind a lock.
final class ProgressLog: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [Int] = []
    func append(_ value: Int) { lock.withLock { storage.append(value) } }
    var values: [Int] { lock.withLock { storage } }
}
