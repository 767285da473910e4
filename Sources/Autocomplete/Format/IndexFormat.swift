import PlaceBytes
import PlaceCore

/// The on-disk layout, version 3. Everything little-endian, every section 8-byte aligned, used in
/// place after mmap: opening reads the 256-byte header and the 88-byte directory, nothing else.
///
/// ```
/// 0    "PLCSNAME"                      magic
/// 8    u32 version (3)    u32 header size (256)
/// 16   u64 file size
/// 24   u32 records   u32 entries   u32 words   u32 nodes   u32 cells   u32 node list length (N)
/// 48   u32 heavy-node threshold (T)   u32 source generation (what the index was built from:
///      the store's import generation, so that an index left behind by an interrupted import
///      is found out and built again)
/// 56   12 × (u64 offset, u64 length): directory, records, entries, words, wordLists, postings,
///      byName, nodes, nodeLists, cells, cellPostings, blob
/// 248  u64 FNV-1a of bytes 0..<248
/// ```
///
/// - directory, u32s: the first entry of each kind segment (place, street, poi, address) and the
///   entry count; the first record of each, and the record count; per posting list its first row
///   in wordLists, and the row count; per posting list its first posting, and the posting count;
///   the centre of the imported data (i32 latitude, i32 longitude in 1e-7°, Int32.min: none),
///   where a lookup without a focus is focused (30 in all, read on open); then, per grid group, the first cell of each grid row and the cell
///   count after the group's last row (read by queries, so a row's cells are found without a
///   search of the whole grid); then the shallow trie: the prefixes of the word table up to 3
///   bytes, 16 bytes each, breadth first (the root first): u32 first word, u32 end word, u32 first
///   child, u16 children (0 at depth 3), u8 the prefix's last byte, u8 depth. The typo walk reads
///   the widest levels of the word table from it. Clamped where used, not checked: like the rest
///   of the body, a damaged directory gives wrong answers, never a read outside the file.
/// - records, 72 bytes each: what a suggestion shows. The same place from several sources is one
///   record. Sorted by (kind: places, streets, POIs, addresses; importance descending; folded
///   name; id). u32 offset and length into the blob of the name, the id, the detail (length
///   0xFFFFFFFF: none) and the other sources' ids (joined by newlines); u32 first entry, u32 entry
///   count; f32 importance; u8 kind, 2 bytes country code (ASCII, zero: none), 1 byte padding;
///   i32 latitude, i32 longitude in 1e-7° (Int32.min: none); u32 offset and length of the
///   locality and of the category (length 0xFFFFFFFF: none).
/// - entries, 40 bytes each: the folded forms a record is found by — its name, the German
///   transcription of its umlauts and back, its alternate names — in record order, the name's own
///   folding first. u32 record; f32 importance; i32 latitude, i32 longitude; u32 folded offset,
///   u32 folded length; u32 display offset (0xFFFFFFFF: the record's name), u16 display length;
///   u8 kind; u8 flags (bit 0: a secondary form, ranked ``SuggestionRanking/alternateNamePenalty``
///   lower); u64 word starts (``WordStarts``). Importance, position and kind are copies, so a
///   candidate is judged from one line before its text is read.
/// - words, 20 bytes each: the distinct folded words in byte order (a word's number is its place
///   here): u32 blob offset, u16 length, u8 bytes in common with the word before (at most 255:
///   where a prefix node's children begin, found by a scan instead of searches), u8 padding, u64
///   its first 8 bytes big-endian and zero-padded (most comparisons of a binary search end there,
///   without reading the blob), u32 postings of the words before it in all lists (a range's
///   postings are two reads).
/// - postings, 8 bytes each: eight posting lists, one per kind segment and class (the word is an
///   entry's first word, or a later one), list `segment × 2 + class`. Each holds, word after word
///   in word order, the word's entries in that segment and class, ascending (best first): u32
///   entry, u32 ``PostingHint``.
/// - wordLists: for each posting list, its words: (u32 word, u32 first posting relative to the
///   list's start), by word. A word's postings end where the next row's begin; a range of words
///   is a range of rows and a contiguous run of postings.
/// - byName, 24 bytes each: entries sorted by (kind segment, folded form, entry), so each
///   segment's part is its entries in the order of their folded forms: exact whole-name look-ups,
///   and the names a query's words begin in order. u32 entry, u32 folded length, 2 × u64 the folded
///   form's first 16 bytes (as in words: "bahnhof tzk" is told apart without the blob).
/// - nodes, 24 bytes each, sorted: the word ranges [a, b) that a prefix spans (a prefix node of the
///   sorted word table, more than one word) whose postings in one list number more than T: u32 a,
///   u32 b, u8 kind segment, u8 class, u16 padding, u32 first entry in nodeLists, u32 list
///   length, u32 postings in all. The list (in nodeLists, 8 bytes each: u32 entry, u32
///   ``PostingHint``) holds the N smallest entry indices of the union of the range's postings, so a short prefix's best matches are read, not merged; a range that is not
///   stored has at most T postings in that list, read whole. With class 2 the node is a range of
///   byName positions of one segment (a prefix of the folded forms), its list their entries.
/// - cells, 16 bytes each, sorted: u64 key (group << 32 | row × 65536 + column; group 0 is places on
///   a 0.25° grid, group 1 streets and POIs on a 0.02° grid), u32 first pair in cellPostings, u32
///   count. cellPostings, 12 bytes each: (u32 word, u32 entry, u32 ``PostingHint``) sorted per
///   cell by word, then entry: the entries near a focus that have a word in a range of the word
///   table.
/// - blob: UTF-8 bytes.
enum IndexFormat {
    static let magic: [UInt8] = Array("PLCSNAME".utf8)
    static let version: UInt32 = 3
    static let headerSize = 256
    static let checksumOffset = 248
    static let sectionTableOffset = 56
    /// The directory: 28 counts and the data centre's two coordinates, then the row tables of
    /// both grid groups.
    static let directoryCounts = 30
    /// The fixed part of the directory (counts and row tables), bytes; the shallow trie follows.
    static var directoryLength: Int { (directoryCounts + rows(group: 0) + 1 + rows(group: 1) + 1) * 4 }
    static let trieNodeSize = 16
    /// Prefixes up to this many bytes are in the shallow trie.
    static let trieDepth = 3
    /// Where a group's row table starts in the directory, in u32s.
    static func rowTableStart(group: Int) -> Int { directoryCounts + (group == 0 ? 0 : rows(group: 0) + 1) }
    static let recordSize = 72
    static let entrySize = 40
    static let wordSize = 20
    static let byNameSize = 24
    static let postingSize = 8
    static let cellPostingSize = 12
    static let wordListSize = 8
    /// Posting lists: one per kind segment and class.
    static let listCount = segmentKinds.count * 2
    static let nodeSize = 24
    static let cellSize = 16
    static let none: UInt32 = 0xFFFF_FFFF
    static let noCoordinate = Int32.min

    /// Entries of a prefix node's list (the smallest N entry indices of its postings).
    static let nodeListLength = 16
    /// A node is stored when its postings of one kind and class number more than this; a lighter
    /// range is read whole (at most this many postings).
    static let heavyThreshold = 128

    /// The `class` byte of a node over byName (the folded forms) rather than over the words.
    static let nameNodeKind: UInt8 = 2
    /// The longest prefix of a folded form with a stored node. A longer query's in-order range is
    /// read whole (rarely more than a few names share 64 bytes).
    static let maximumNameDepth = 64

    /// Posting classes: the word is the entry's first word, or a later one.
    enum PostingClass: Int, CaseIterable {
        case first = 0, later = 1
    }

    /// The posting list of a kind segment and class.
    static func list(segment: Int, _ postingClass: PostingClass) -> Int { segment * 2 + postingClass.rawValue }

    /// Kinds in the order of their segments: places first (their focus decays over 50 km), then
    /// streets, POIs and addresses (3 km).
    static let segmentKinds: [NameKind] = [.place, .street, .poi, .address]

    static func segment(of kind: NameKind) -> Int {
        switch kind {
        case .place: 0
        case .street: 1
        case .poi: 2
        case .address: 3
        }
    }

    /// The focus grid of a segment.
    static func group(segment: Int) -> Int { segment == 0 ? 0 : 1 }

    /// The focus grid a kind is in: 0 for places, 1 for the rest.
    static func group(of kind: NameKind) -> Int { kind == .place ? 0 : 1 }

    /// Cell edge in degrees per group: 0.25° (about 28 km) for places, 0.02° (about 2.2 km
    /// north–south, 1.4 km east–west at 52° N) for streets, POIs and addresses.
    static let gridDegrees: [Double] = [0.25, 0.02]

    static func rows(group: Int) -> Int { Int((180 / gridDegrees[group]).rounded()) }
    static func columns(group: Int) -> Int { Int((360 / gridDegrees[group]).rounded()) }

    static func cell(group: Int, latitude: Double, longitude: Double) -> (row: Int, column: Int) {
        let degrees = gridDegrees[group]
        let row = min(rows(group: group) - 1, max(0, Int(((latitude + 90) / degrees).rounded(.down))))
        let column = min(columns(group: group) - 1, max(0, Int(((longitude + 180) / degrees).rounded(.down))))
        return (row, column)
    }

    static func cellKey(group: Int, row: Int, column: Int) -> UInt64 {
        UInt64(group) << 32 | UInt64(row * 65_536 + column)
    }

    enum Section: Int, CaseIterable {
        case directory, records, entries, words, wordLists, postings, byName, nodes, nodeLists, cells, cellPostings,
            blob

        var name: String { "\(self)" }
        /// Size of one entry; the section length must be a multiple of it.
        var stride: Int {
            switch self {
            case .records: IndexFormat.recordSize
            case .entries: IndexFormat.entrySize
            case .words: IndexFormat.wordSize
            case .wordLists: IndexFormat.wordListSize
            case .byName: IndexFormat.byNameSize
            case .postings, .nodeLists: IndexFormat.postingSize
            case .nodes: IndexFormat.nodeSize
            case .cells: IndexFormat.cellSize
            case .cellPostings: IndexFormat.cellPostingSize
            case .directory: 4
            case .blob: 1
            }
        }
    }

    static func fnv1a(_ bytes: UnsafeRawBufferPointer) -> UInt64 { MappedFile.fnv1a(bytes) }
}
