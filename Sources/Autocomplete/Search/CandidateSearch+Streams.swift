import Foundation
import PlaceCore

extension CandidateSearch {
    // MARK: Streams

    /// The text score no match through this stream can beat (see the type's documentation).
    func tier(term: Int, postingClass: IndexFormat.PostingClass, lastWordWhole: Bool, edits: Int) -> Double {
        let inOrder = !inOrderCovered && (postingClass == .first) == (term == 0)
        let whole = term == terms.count - 1 ? lastWordWhole : true
        var text = inOrder ? SuggestionRanking.inOrderScore : SuggestionRanking.elsewhereScore
        if whole { text += SuggestionRanking.wholeWordBonus }
        return text - SuggestionRanking.editPenalty * Double(max(edits, minimumEdits))
    }

    func addExactSource() {
        let joined = QueryTerm.joined(terms)
        for segment in segments {
            // byName is in entry order within one folded form.
            let range = view.nameRange(joined, segment: segment, prefix: false)
            guard !range.isEmpty else { continue }
            push(
                CandidateSource(
                    storage: .byName, position: range.lowerBound, end: range.upperBound,
                    tier: SuggestionRanking.exactScore, segment: segment))
        }
    }

    /// Several words without typos: the names they begin, in order ("bibliothek ri" → "Bibliothek
    /// Rivera …"), from the prefix nodes of the folded names; with the last word whole, +0.1.
    /// Everything else matches out of order, so the word streams need only that bound.
    func addInOrderSources() {
        let joined = QueryTerm.joined(terms)
        for segment in segments {
            let begun = view.nameRange(joined, segment: segment, prefix: true)
            guard !begun.isEmpty else { continue }
            let whole = view.nameRange(joined + [0x20], segment: segment, prefix: true)
            push(CandidateSource(storage: .pendingNames(begun), tier: SuggestionRanking.inOrderScore, segment: segment))
            if !whole.isEmpty {
                push(
                    CandidateSource(
                        storage: .pendingNames(whole), tier: SuggestionRanking.bestNonExactText, segment: segment))
            }
        }
    }

    func addSources(for term: Int, ranges: [(words: Range<Int>, edits: Int)]) {
        let query = terms[term]
        var gridRanges: [Range<Int>] = []
        for range in ranges where !range.words.isEmpty {
            gridRanges.append(range.words)
            var pieces: [(words: Range<Int>, whole: Bool)] = [(range.words, false)]
            if range.edits == 0, query.isPrefix,
                query.bytes.withUnsafeBytes({ compareBytes(view.word(range.words.lowerBound), $0) == 0 })
            {
                // The word equal to the query word, on its own: it alone may add the whole-word bonus.
                let equal = range.words.lowerBound..<(range.words.lowerBound + 1)
                pieces = range.words.count == 1 ? [(equal, true)] : [(range.words, false), (equal, true)]
            } else if !query.isPrefix {
                pieces[0].whole = range.edits == 0
            }
            for piece in pieces {
                for segment in segments {
                    for postingClass in IndexFormat.PostingClass.allCases {
                        let tier = tier(
                            term: term, postingClass: postingClass, lastWordWhole: piece.whole, edits: range.edits)
                        let list = IndexFormat.list(segment: segment, postingClass)
                        // A few postings of a word as typed are read at once, in any order: sorting
                        // them would cost more. (Not typo'd words, nor around a focus: there the
                        // bounds and rings leave most unread.)
                        let postings = view.postings(list, words: piece.words)
                        if postings.isEmpty { continue }
                        if postings.count <= rangeScanLimit {
                            scans.append(Scan(words: piece.words, list: list, tier: tier, segment: segment))
                            continue
                        }
                        push(
                            CandidateSource(
                                storage: .pending(words: piece.words, list: list), tier: tier, segment: segment))
                    }
                }
            }
        }
        if let focus {
            gridRanges.sort { $0.lowerBound < $1.lowerBound }
            self.gridRanges = gridRanges.reduce(into: []) { merged, range in
                if let last = merged.last, range.lowerBound <= last.upperBound {
                    merged[merged.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
                } else {
                    merged.append(range)
                }
            }
            for group in 0..<2
            where segments.contains(where: { IndexFormat.group(of: IndexFormat.segmentKinds[$0]) == group }) {
                grids[group] = FocusGrid(view: view, group: group, focus: focus)
            }
        }
    }

    /// The ranges queued by ``addSources(for:ranges:)`` to be read word by word once the streams
    /// are drained, highest tier first. A word's postings are in entry order, its best first, so a
    /// word is left at its first posting that cannot enter: each word costs a read or two once
    /// the top is full, and the postings are contiguous (no heap, no nodes, no sort).
    func runScans() {
        scans.sort { $0.tier > $1.tier }
        for scan in scans where streamWork + gridWork < workLimit {
            let best = bestImportance(segment: scan.segment)
            guard top.admits(scan.tier + SuggestionRanking.importanceWeight * best + allowance(scan.segment)) else {
                continue
            }
            for row in view.listRows(scan.list, words: scan.words) {
                let postings = view.postings(scan.list, rows: row..<(row + 1))
                let proximity = allowance(scan.segment)
                for position in postings {
                    let hint = view.postingHint(position)
                    guard top.admits(scan.tier + SuggestionRanking.importanceWeight * PostingHint.importance(hint) + proximity)
                    else { break }
                    consider(view.posting(position), hint: hint, text: scan.tier, proximity: proximity)
                }
                streamWork += 1
            }
        }
        scans.removeAll(keepingCapacity: true)
    }

    /// The proximity an unread entry of `segment` could still have.
    @inline(__always) func allowance(_ segment: Int) -> Double { allowances[segment] }

    /// ``allowance(_:)`` of every segment, kept for the grids as they are: it is asked for at every
    /// bound, and costs a power and the ring's clear radius (four trigonometric calls), which only
    /// change when a ring is read.
    func updateAllowances() {
        for segment in allowances.indices { allowances[segment] = computeAllowance(segment) }
    }

    func computeAllowance(_ segment: Int) -> Double {
        guard focus != nil else { return 0 }
        let group = IndexFormat.group(segment: segment)
        guard let grid = grids[group] else { return SuggestionRanking.focusWeight }
        let radius = grid.clearRadius
        // The rings cover the radius: every entry within it has been read.
        if let limit = self.radius, radius >= limit { return -.infinity }
        if radius == .infinity { return 0 }
        return SuggestionRanking.focusWeight
            * pow(0.5, radius / SuggestionRanking.halfDistance(IndexFormat.segmentKinds[segment]))
    }

    /// The entry at a source's position and its ``PostingHint``, or nil past its end.
    @inline(__always) func head(_ source: CandidateSource) -> (entry: Int, hint: UInt32)? {
        guard source.position < source.end else { return nil }
        switch source.storage {
        case .pending, .pendingNames: return nil
        case .postings: return (view.posting(source.position), view.postingHint(source.position))
        case .nodeList: return (view.nodeListEntry(source.position), view.nodeListHint(source.position))
        case .byName:
            let entry = view.byName(source.position)
            return (entry, entry < view.entryCount ? PostingHint.only(importance: view.importance(entry)) : .max)
        case .scratch:
            let value = scratch[source.position]
            return (Int(value >> 32), UInt32(truncatingIfNeeded: value))
        }
    }

    /// The bound of a source: its tier, twice its next entry's importance, the allowance.
    func bound(_ source: CandidateSource) -> Double {
        let importance: Double
        if source.isPending {
            // Not opened: nothing in it is better than what came before it, or than its segment's best.
            let first =
                source.last >= 0 && source.last < view.entryCount ? source.last : view.entrySegments[source.segment]
            importance = first < view.entrySegments[source.segment + 1] ? view.importance(first) : 0
        } else if let head = head(source) {
            importance = PostingHint.importance(head.hint)
        } else {
            importance = 1
        }
        return source.tier + SuggestionRanking.importanceWeight * importance + allowance(source.segment)
    }

    func push(_ source: CandidateSource) {
        sources.append(source)
        heapInsert(bound(source), sources.count - 1)
    }

    // MARK: Opening sources

    /// Turns a pending source into what it reads, starting after entry `last`: the word's
    /// postings, a stored node's list, or a light range's postings sorted.
    func open(_ index: Int) {
        if case .pendingNames(let range) = sources[index].storage {
            openNames(index, range)
            return
        }
        guard case .pending(let words, let list) = sources[index].storage else { return }
        let last = sources[index].last
        let segment = sources[index].segment
        if words.count == 1 {
            let postings = view.postings(list, words: words)
            sources[index].storage = .postings
            sources[index].position = view.firstPosition(after: last, in: postings, read: view.posting)
            sources[index].end = postings.upperBound
            return
        }
        if let node = view.node(words, segment: segment, postingClass: list % 2 == 0 ? .first : .later) {
            let entries = view.nodeList(node)
            sources[index].storage = .nodeList
            sources[index].position = view.firstPosition(after: last, in: entries, read: view.nodeListEntry)
            sources[index].end = entries.upperBound
            sources[index].node = entries.count < view.nodeTotal(node) ? (words, list, false) : nil
            return
        }
        // Light: at most T postings.
        let postings = view.postings(list, words: words)
        let start = scratch.count
        for position in postings {
            let entry = view.posting(position)
            if entry > last { scratch.append(UInt64(entry) << 32 | UInt64(view.postingHint(position))) }
        }
        scratch[start...].sort()
        streamWork += postings.count
        sources[index].storage = .scratch
        sources[index].position = start
        sources[index].end = scratch.count
    }

    /// Opens names that start alike: one form (read from byName, in entry order), a stored node,
    /// or a light range sorted.
    func openNames(_ index: Int, _ range: Range<Int>) {
        let last = sources[index].last
        let segment = sources[index].segment
        if view.isOneName(range) {
            sources[index].storage = .byName
            sources[index].position = view.firstPosition(after: last, in: range, read: view.byName)
            sources[index].end = range.upperBound
            return
        }
        if let node = view.node(range, segment: segment, kind: IndexFormat.nameNodeKind) {
            let entries = view.nodeList(node)
            sources[index].storage = .nodeList
            sources[index].position = view.firstPosition(after: last, in: entries, read: view.nodeListEntry)
            sources[index].end = entries.upperBound
            sources[index].node = entries.count < view.nodeTotal(node) ? (range, segment, true) : nil
            return
        }
        let start = scratch.count
        for position in range {
            let entry = view.byName(position)
            if entry > last, entry < view.entryCount {
                scratch.append(UInt64(entry) << 32 | UInt64(PostingHint.only(importance: view.importance(entry))))
            }
        }
        scratch[start...].sort()
        streamWork += scratch.count - start
        sources[index].storage = .scratch
        sources[index].position = start
        sources[index].end = scratch.count
    }

    /// A node list that ran out while its node has more: its children, each after `last`.
    func expand(_ source: CandidateSource) {
        guard let node = source.node else { return }
        if node.names {
            for child in view.nameChildren(of: node.words) {
                var pending = CandidateSource(storage: .pendingNames(child), tier: source.tier, segment: source.segment)
                pending.last = source.last
                push(pending)
            }
            return
        }
        for child in view.children(of: node.words) {
            var pending = CandidateSource(
                storage: .pending(words: child, list: node.list), tier: source.tier, segment: source.segment)
            pending.last = source.last
            push(pending)
        }
    }
}
