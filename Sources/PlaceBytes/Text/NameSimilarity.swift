/// How alike two place names are, for telling whether two providers describe the same place.
///
/// Words every café shares ("café", "coffee", "the", "de") are set aside first, so
/// "Starbucks" and "Starbucks Coffee" count as the same name while "Coffee Company" and
/// "Coffee & Cakes" do not.
package enum NameSimilarity {
    /// Words that say what a place is rather than which place it is.
    package static let genericWords: Set<String> = [
        "the", "de", "het", "t", "een", "a", "and", "en", "of", "van",
        "cafe", "caffe", "coffee", "koffie", "koffiebar", "coffeebar", "espresso", "espressobar", "bar",
        "shop", "store", "house", "huis", "restaurant", "brasserie", "bakery", "bakkerij",
        "amsterdam",
    ]

    /// A name prepared for comparison once, to be compared with many others.
    package struct Key: Sendable, Equatable {
        let words: [String]
        let distinctive: [String]
        let distinctiveSet: Set<String>

        package init(_ name: String) {
            words = TextFolding.words(name)
            let kept = words.filter { !genericWords.contains($0) }
            distinctive = kept.isEmpty ? words : kept
            distinctiveSet = Set(distinctive)
        }
    }

    /// 1 for the same name, 0 for nothing in common.
    package static func similarity(_ a: String, _ b: String) -> Double {
        similarity(Key(a), Key(b))
    }

    package static func similarity(_ a: Key, _ b: Key) -> Double {
        if a.words.isEmpty || b.words.isEmpty { return 0 }
        if a.words == b.words { return 1 }
        if a.distinctiveSet == b.distinctiveSet { return 0.95 }
        if a.distinctiveSet.isSubset(of: b.distinctiveSet) || b.distinctiveSet.isSubset(of: a.distinctiveSet) { return 0.9 }
        return jaroWinkler(a.distinctive.joined(separator: " "), b.distinctive.joined(separator: " "))
    }

    /// Whether two names very probably name the same place.
    package static func areSimilar(_ a: String, _ b: String, threshold: Double = 0.88) -> Bool {
        similarity(a, b) >= threshold
    }

    /// Jaro–Winkler similarity on characters (prefix scale 0.1, at most 4 prefix characters).
    package static func jaroWinkler(_ a: String, _ b: String) -> Double {
        let s1 = Array(a)
        let s2 = Array(b)
        if s1.isEmpty && s2.isEmpty { return 1 }
        if s1.isEmpty || s2.isEmpty { return 0 }
        let window = max(0, max(s1.count, s2.count) / 2 - 1)
        var matched1 = [Bool](repeating: false, count: s1.count)
        var matched2 = [Bool](repeating: false, count: s2.count)
        var matches = 0
        for i in s1.indices {
            let low = max(0, i - window)
            let high = min(s2.count - 1, i + window)
            guard low <= high else { continue }
            for j in low...high where !matched2[j] && s1[i] == s2[j] {
                matched1[i] = true
                matched2[j] = true
                matches += 1
                break
            }
        }
        if matches == 0 { return 0 }
        var transpositions = 0
        var k = 0
        for i in s1.indices where matched1[i] {
            while !matched2[k] { k += 1 }
            if s1[i] != s2[k] { transpositions += 1 }
            k += 1
        }
        let m = Double(matches)
        let jaro = (m / Double(s1.count) + m / Double(s2.count) + (m - Double(transpositions) / 2) / m) / 3
        var prefix = 0
        while prefix < min(4, s1.count, s2.count) && s1[prefix] == s2[prefix] { prefix += 1 }
        return jaro + Double(prefix) * 0.1 * (1 - jaro)
    }
}
