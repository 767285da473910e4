import PlaceCore
import Testing

@testable import Autocomplete

/// The names handed to the folding threads come back folded, each exactly once, however many
/// threads fold them and whichever finishes first.
struct FoldingPipelineTests {
    @Test(arguments: [1, 2, 7])
    func everyRecordComesBackFoldedOnce(workers: Int) {
        let pipeline = FoldingPipeline(workers: workers)
        let count = FoldingPipeline.batchSize * 9 + 123
        var batches: [FoldingPipeline.Batch] = []
        for number in 0..<count {
            let record = NameRecord(
                id: "names:list.csv#\(number)", name: "Straat \(number)", kind: .street, importance: 0.5, coordinate: Coordinate(52.37, 4.89))
            if let batch = pipeline.add(record) { batches.append(batch) }
        }
        batches += pipeline.drain()
        let ids = batches.flatMap { $0.records.map(\.id) }
        #expect(ids.count == count)
        #expect(Set(ids).count == count)
        var keys = 0
        for batch in batches { try? batch.forEachKey { _ in keys += 1 } }
        #expect(keys == count, "every record folded into its key, none left unfolded")
    }
}
