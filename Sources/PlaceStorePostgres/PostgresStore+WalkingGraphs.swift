public import Foundation
public import PlaceCore
import PostgresNIO

extension PostgresStore: SharedWalkingGraphStore {
    public func walkingGraphs() async throws(StoreError) -> [SharedWalkingGraph] {
        let logger = self.logger
        return try await run { client in
            var graphs: [SharedWalkingGraph] = []
            let rows = try await client.query(
                """
                SELECT g.source, s.label, g.format_version, g.generation, g.size, g.parts
                FROM walking_graph g JOIN import_source s ON s.key = g.source ORDER BY s.imported_at
                """, logger: logger)
            for try await (source, label, version, generation, size, parts) in rows.decode((String, String, Int, Int, Int, Int).self) {
                graphs.append(
                    SharedWalkingGraph(source: source, label: label, formatVersion: version, generation: generation, size: size, parts: parts))
            }
            return graphs
        }
    }

    public func walkingGraphPart(_ source: String, generation: Int, part: Int) async throws(StoreError) -> Data? {
        let logger = self.logger
        return try await run { client in
            try await client.query(
                """
                SELECT p.bytes FROM walking_graph_part p JOIN walking_graph g ON g.source = p.source
                WHERE p.source = \(source) AND p.part = \(part) AND g.generation = \(generation)
                """, logger: logger
            ).decode(Data.self).first { _ in true }
        }
    }

    /// Inside an import's transaction: the source's old graph goes, its new one (if any) is
    /// written in parts of ``SharedWalkingGraph/partSize``.
    static func replaceWalkingGraph(
        of key: String, with graph: (bytes: Data, formatVersion: Int)?, generation: Int, _ connection: PostgresConnection, _ logger: Logger
    ) async throws {
        try await connection.query("DELETE FROM walking_graph WHERE source = \(key)", logger: logger)
        guard let graph else { return }
        let size = graph.bytes.count
        let parts = (size + SharedWalkingGraph.partSize - 1) / SharedWalkingGraph.partSize
        try await connection.query(
            """
            INSERT INTO walking_graph (source, format_version, generation, size, parts)
            VALUES (\(key), \(graph.formatVersion), \(generation), \(size), \(parts))
            """, logger: logger)
        for part in 0..<parts {
            let start = graph.bytes.startIndex + part * SharedWalkingGraph.partSize
            let bytes = graph.bytes[start..<min(start + SharedWalkingGraph.partSize, graph.bytes.endIndex)]
            try await connection.query(
                "INSERT INTO walking_graph_part (source, part, bytes) VALUES (\(key), \(part), \(Data(bytes)))", logger: logger)
        }
    }
}
