public import PlaceCore

extension AutocompleteIndexBuilder {
    /// Adds one record. Its names are folded on the other cores (``FoldingPipeline``), a batch at
    /// a time; everything else waits for ``write(to:)``.
    public func add(_ record: NameRecord) throws(IndexBuildError) {
        added += 1
        countries.note(record)
        if let folded = folding.add(record) { try sort(folded) }
    }

    /// Names given but not yet sorted; first the countries of the names given (``CountryRecords``).
    func drainFolding() throws(IndexBuildError) {
        for country in countries.records { if let folded = folding.add(country) { try sort(folded) } }
        countries = CountryRecords()
        for batch in folding.drain() { try sort(batch) }
    }

    /// A folded batch into the first sort. Records of one source are never merged
    /// (``SourceMerger``), so while every name comes from one source (a name list, one
    /// extract) pass 1 would hand each record on as it is: its keys go straight into pass 2's
    /// sort, which orders them as pass 1 would have emitted them. A second source turns pass 1 on
    /// (``startGrouping()``).
    private func sort(_ batch: FoldingPipeline.Batch) throws(IndexBuildError) {
        skipped += batch.skipped
        if !grouping, let source = batch.source {
            if onlySource == nil { onlySource = source }
            if batch.hasSeveralSources || onlySource != source { try startGrouping() }
        }
        if grouping {
            var key: [UInt8] = []
            try batch.forEachKey { (ordered) throws(IndexBuildError) in
                Self.groupKey(ordered, into: &key)
                try byGroup.add(key)
            }
        } else {
            try batch.forEachKey { (ordered) throws(IndexBuildError) in try direct.add(ordered) }
        }
    }

    /// Moves what pass 2's sort holds into pass 1's, from now on fed instead.
    func startGrouping() throws(IndexBuildError) {
        grouping = true
        let held = try direct.sorted()
        direct = ExternalSorter(name: "spent", budget: 0, directory: nil)
        var key: [UInt8] = []
        while let ordered = try held.next() {
            Self.groupKey(ordered, into: &key)
            try byGroup.add(key)
        }
    }

    /// Pass 2's key (segment, u32 ~importance, folded, 0, payload) as pass 1's (segment, folded,
    /// 0, payload).
    private static func groupKey(_ ordered: UnsafeRawBufferPointer, into key: inout [UInt8]) {
        key.removeAll(keepingCapacity: true)
        guard ordered.count >= 5 else { return }
        key.append(ordered[0])
        key.append(contentsOf: UnsafeRawBufferPointer(rebasing: ordered[5...]))
    }
}
