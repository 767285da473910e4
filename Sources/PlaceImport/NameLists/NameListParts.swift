import Foundation
import PlaceBytes
import PlaceCore

/// What the rows of one part of a name list gave, before the parts are joined.
struct NameListPart: Sendable {
    /// The rows read, kept or not.
    var rows = 0
    var places: [ImportedPlace] = []
    /// Each place's value in the importance column, if any, to be scaled once every part is read.
    var importances: [Double?] = []
    var skipped: [Int] = []
    /// The folded names of the places without a position: the same name again is one place.
    var seen: Set<String> = []
}

extension NameListReader.Reading {
    /// The rows of `part` into places.
    func take(_ text: DelimitedText, _ part: DelimitedText.Part) throws(NameListError) -> NameListPart {
        var read = NameListPart()
        // A row per line, near enough: the array is not copied as it grows.
        read.places.reserveCapacity(text.lineFeeds(in: part) + 1)
        try text.forEachRow(in: part) { (row) throws(NameListError) in
            read.rows += 1
            try take(row, into: &read.places, importances: &read.importances, skipped: &read.skipped, seen: &read.seen)
        }
        return read
    }
}

extension NameListReader {
    /// The parts of a name list read on several threads at once (GeoNames' 144k cities, read
    /// and made into bytes in two halves: 0.2 s where one pass took 0.3), joined into the places
    /// one pass would have made:
    /// in the file's order, a name without a position kept where it first appears, the importance
    /// column scaled over every row, and the first error in the file's order the one thrown.
    /// - Parameter namePrefix: the start of the id of a name without a position, before its folded name.
    static func joined(_ results: [Swift.Result<NameListPart, NameListError>], namePrefix: String) throws(NameListError) -> Result {
        var parts: [NameListPart] = []
        for result in results {
            switch result {
            case .success(let part): parts.append(part)
            case .failure(let error): throw error
            }
        }
        // A name an earlier part has is left out of the later ones.
        var earlier = parts.first?.seen ?? []
        for number in parts.indices.dropFirst() {
            let part = parts[number]
            if !earlier.isEmpty, !part.seen.isEmpty {
                let kept = part.places.indices.filter { index in
                    let place = part.places[index]
                    return place.record.coordinate != nil || !earlier.contains(String(place.record.id.dropFirst(namePrefix.count)))
                }
                if kept.count < part.places.count {
                    parts[number].places = kept.map { part.places[$0] }
                    parts[number].importances = kept.map { part.importances[$0] }
                }
            }
            earlier.formUnion(part.seen)
        }
        let scale = ImportanceScale(parts.lazy.flatMap(\.importances))
        // Made into bytes on as many threads as there are parts, then joined without a copy.
        let lists = parts.concurrentMap { part in
            var list = ImportedPlaceList()
            list.reserveCapacity(part.places.count)
            for (place, value) in zip(part.places, part.importances) {
                var place = place
                if let importance = scale?.importance(value) { place.record.importance = importance }
                list.append(place)
            }
            return list
        }
        var places = lists[0]
        for list in lists.dropFirst() { places.append(contentsOf: list) }
        return Result(places: places, skippedLines: parts.flatMap(\.skipped), rows: parts.reduce(0) { $0 + $1.rows })
    }
}

/// How a list's importance column becomes importances: values all in 0…1 are used as they are;
/// larger ones (a population) on a log scale where 10 million is 1.
struct ImportanceScale {
    let isFraction: Bool

    /// Nil when no row has a value.
    init?(_ values: some Sequence<Double?>) {
        var any = false
        var isFraction = true
        for case let value? in values {
            any = true
            if !(0...1).contains(value) { isFraction = false }
        }
        guard any else { return nil }
        self.isFraction = isFraction
    }

    /// The importance of a row's value; nil (keep the kind's own) for none, a negative or a non-finite one.
    func importance(_ value: Double?) -> Float? {
        guard let value, value.isFinite, value >= 0 else { return nil }
        return isFraction ? Float(value) : NameListReader.importance(population: value)
    }
}
