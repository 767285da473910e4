import Foundation
import PlaceBytes
import PlaceCore

extension AutocompleteIndexBuilder {
    /// Pass 1: groups of one kind and folded name, merged across sources, into the file's order.
    /// A group of one (most) passes through without being decoded.
    func mergeSources() throws(IndexBuildError) -> ExternalSorter {
        let ordered = sorter("order")
        let grouped = try byGroup.sorted()
        byGroup = ExternalSorter(name: "spent", budget: 0, directory: nil)
        var groupKey: [UInt8] = []
        var pending: [UInt8] = []  // the group's first payload, until a second shows up
        var group: [BuildRecord] = []
        var key = ByteWriter()
        func emit(importance: UInt32, payload: some Collection<UInt8>) throws(IndexBuildError) {
            key.data.removeAll(keepingCapacity: true)
            key.u8(groupKey[0])
            key.key32(~importance)
            key.append(groupKey[1...])
            key.u8(0)
            key.append(payload)
            try ordered.add(key.data)
        }
        func flush() throws(IndexBuildError) {
            if group.isEmpty {
                if !pending.isEmpty {
                    let importance = pending.withUnsafeBytes { PayloadReader.importance($0) }
                    try emit(importance: importance, payload: pending)
                }
            } else {
                for record in SourceMerger.merge(group) {
                    var payload = ByteWriter()
                    record.encode(into: &payload)
                    try emit(importance: record.importance.bitPattern, payload: payload.data)
                }
            }
            group.removeAll(keepingCapacity: true)
            pending.removeAll(keepingCapacity: true)
        }
        while let item = try grouped.next() {
            guard let end = item.firstIndex(of: 0, from: 1) else { continue }
            let payload = UnsafeRawBufferPointer(rebasing: item[(end + 1)...])
            if !item[0..<end].elementsEqual(groupKey) {
                try flush()
                groupKey = Array(item[0..<end])
                pending = Array(payload)
                continue
            }
            if group.isEmpty {
                group.append(
                    try withBytes(pending) { (bytes) throws(IndexBuildError) in try BuildRecord(decoding: bytes) })
            }
            group.append(try BuildRecord(decoding: payload))
        }
        try flush()
        return ordered
    }

    /// Pass 2: records and entries in their final order; the keys of the later passes, made on a
    /// second thread (``RecordKeys``).
    func writeRecords(
        _ ordered: ExternalSorter, into sections: inout Sections
    ) throws(IndexBuildError) -> (byName: ExternalSorter, byWord: ExternalSorter, byWordCell: ExternalSorter) {
        let keys = RecordKeys(byName: sorter("byName"), byWord: sorter("byWord"), byWordCell: sorter("byWordCell"))
        let records = try ordered.sorted()
        var segment = 0
        while let item = try records.next() {
            guard item.count > 5, let end = item.firstIndex(of: 0, from: 5) else { continue }
            let payload = UnsafeRawBufferPointer(rebasing: item[(end + 1)...])
            let record = try PayloadReader(payload)
            guard !record.forms.isEmpty else { continue }
            let recordSegment = IndexFormat.segment(of: record.kind)
            while segment < recordSegment {
                segment += 1
                sections.recordSegments[segment] = sections.recordCount
                sections.entrySegments[segment] = sections.entryCount
            }
            let recordIndex = UInt32(sections.recordCount)
            try keys.add(firstEntry: sections.entryCount, payload: payload)
            try writeRecord(record, firstEntry: sections.entryCount, entryCount: record.forms.count, into: &sections)
            let latitude =
                record.position.map { UInt32(bitPattern: $0.0) } ?? UInt32(bitPattern: IndexFormat.noCoordinate)
            let longitude = record.position.map { UInt32(bitPattern: $0.1) } ?? 0
            for form in record.forms {
                sections.entryCount += 1
                let folded = try sections.blob.add(form.folded)
                let display = try form.alternate.map { (number) throws(IndexBuildError) in
                    try sections.blob.add(number < record.alternates.count ? record.alternates[number] : record.name)
                }
                let output = sections.entries
                try output.u32(recordIndex)
                try output.u32(record.importance.bitPattern)
                try output.u32(latitude)
                try output.u32(longitude)
                try output.u32(folded.offset)
                try output.u32(folded.length)
                try output.u32(display?.offset ?? IndexFormat.none)
                try output.u16(UInt16(display?.length ?? 0))
                try output.u8(record.kind.rawValue)
                try output.u8(form.isSecondary ? 1 : 0)
                try output.u64(WordStarts.of(folded: form.folded))
            }
        }
        while segment < IndexFormat.segmentKinds.count {
            segment += 1
            sections.recordSegments[segment] = sections.recordCount
            sections.entrySegments[segment] = sections.entryCount
        }
        return try keys.finish()
    }

    /// One record's row. Nothing is allocated per record: its texts are the payload's slices
    /// (the arrays it made of them, and of each row's list of values, were a third of this pass).
    func writeRecord(_ record: PayloadReader, firstEntry: Int, entryCount: Int, into sections: inout Sections)
        throws(IndexBuildError)
    {
        let latitude = record.position.map { Double($0.0) / 1e7 }
        let longitude = record.position.map { Double($0.1) / 1e7 }
        if record.kind == .place {
            sections.localities.note(place: record)
        } else if let latitude, let longitude {
            sections.localities.note(data: latitude, longitude)
        }
        // A settlement is its own locality; the rest lie in the town around them.
        let isSettlement = record.kind == .place && Localities.reach(category: record.category, importance: record.importance) != nil
        var found: (name: ArraySlice<UInt8>, country: (UInt8, UInt8)?)?
        if !isSettlement, record.locality == nil || record.country.isEmpty, let latitude, let longitude {
            found = sections.localities.locality(latitude: latitude, longitude: longitude)
        }
        let name = try sections.blob.add(record.name)
        let id = try sections.blob.add(record.id)
        let localityText: (offset: UInt32, length: UInt32)?
        if let locality = record.locality {
            localityText = try sections.blob.add(locality, shared: true)
        } else if let found {
            localityText = try withBytes(found.name) { (name) throws(IndexBuildError) in try sections.blob.add(name, shared: true) }
        } else {
            localityText = nil
        }
        let category = try record.category.map { (bytes) throws(IndexBuildError) in try sections.blob.add(bytes, shared: true) }
        let detail = try record.detail.map { (bytes) throws(IndexBuildError) in try sections.blob.add(bytes, shared: true) }
        let sources: (offset: UInt32, length: UInt32)
        if record.otherSources.isEmpty {
            sources = try sections.blob.add(UnsafeRawBufferPointer(start: nil, count: 0))
        } else {
            var others: [UInt8] = []
            for (index, other) in record.otherSources.enumerated() {
                if index > 0 { others.append(0x0A) }
                others.append(contentsOf: other)
            }
            sources = try sections.blob.add(others)
        }
        let output = sections.records
        try output.u32(name.offset)
        try output.u32(name.length)
        try output.u32(id.offset)
        try output.u32(id.length)
        try output.u32(detail?.offset ?? 0)
        try output.u32(detail?.length ?? IndexFormat.none)
        try output.u32(sources.offset)
        try output.u32(sources.length)
        try output.u32(UInt32(firstEntry))
        try output.u32(UInt32(entryCount))
        try output.u32(record.importance.bitPattern)
        try output.u8(record.kind.rawValue)
        if record.country.count == 2 {
            try output.u8(record.country[0])
            try output.u8(record.country[1])
        } else if let country = found?.country {
            try output.u8(country.0)
            try output.u8(country.1)
        } else {
            try output.u16(0)
        }
        try output.u8(0)
        try output.u32(record.position.map { UInt32(bitPattern: $0.0) } ?? UInt32(bitPattern: IndexFormat.noCoordinate))
        try output.u32(record.position.map { UInt32(bitPattern: $0.1) } ?? 0)
        try output.u32(localityText?.offset ?? 0)
        try output.u32(localityText?.length ?? IndexFormat.none)
        try output.u32(category?.offset ?? 0)
        try output.u32(category?.length ?? IndexFormat.none)
        sections.recordCount += 1
    }
}
