/// The did-you-mean suggestion every error message uses: the valid name closest to a misspelt one.
///
/// Closeness is the edit distance over Characters (so 会員番号 and 会員番 are one edit apart), case-insensitively; a
/// name more than a third of its length away (at least 1, at most 3 edits) is no suggestion at all.
package enum NearestName {
    /// The candidate closest to `name`, or nil when none is close enough to be a likely misspelling.
    package static func suggest<S: Sequence<String>>(for name: String, among candidates: S) -> String? {
        let target = Array(name.lowercased())
        let limit = min(3, max(1, target.count / 3))
        var best: (name: String, distance: Int)?
        for candidate in candidates where candidate != name {
            let distance = editDistance(target, Array(candidate.lowercased()), limit: limit)
            guard distance <= limit else { continue }
            if best == nil || distance < best!.distance { best = (candidate, distance) }
        }
        return best?.name
    }

    /// ` (did you mean `title`?)`, or an empty string when nothing is close: ready to append to a message.
    package static func hint<S: Sequence<String>>(for name: String, among candidates: S) -> String {
        suggest(for: name, among: candidates).map { " (did you mean `\($0)`?)" } ?? ""
    }

    /// Levenshtein distance with adjacent transpositions; stops early once every path exceeds `limit`.
    static func editDistance(_ a: [Character], _ b: [Character], limit: Int) -> Int {
        if abs(a.count - b.count) > limit { return limit + 1 }
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var before = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            var rowMinimum = current[0]
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { value = min(value, before[j - 2] + 1) }
                current[j] = value
                rowMinimum = min(rowMinimum, value)
            }
            if rowMinimum > limit { return limit + 1 }
            (before, previous, current) = (previous, current, before)
        }
        return previous[b.count]
    }
}
