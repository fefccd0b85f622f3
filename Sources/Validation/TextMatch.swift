import Foundation

/// How an expected text is compared with a page's text: both are folded, then one must contain the other.
///
/// Folding makes the match about the characters a reader sees, not about how the PDF wrote them: the CP932 forms
/// of 〜 − ‖ ¬ — ¢ £ (what Shift_JIS fonts give back) become the JIS forms, then NFKC unifies widths (ﾊﾝｶｸ and
/// ハンカク), and all whitespace goes, since line breaks and spacing depend on layout.
public enum TextMatch {
    private static let cp932Forms: [Character: Character] = [
        "\u{FF5E}": "\u{301C}", "\u{FF0D}": "\u{2212}", "\u{2225}": "\u{2016}", "\u{FFE2}": "\u{00AC}",
        "\u{2015}": "\u{2014}", "\u{FFE0}": "\u{00A2}", "\u{FFE1}": "\u{00A3}"
    ]

    /// The folded form of `text`.
    public static func fold(_ text: String) -> String {
        let mapped = String(text.map { cp932Forms[$0] ?? $0 })
        return String(mapped.precomposedStringWithCompatibilityMapping.filter { !$0.isWhitespace })
    }

    /// Whether `needle` appears in `haystack` once both are folded.
    public static func contains(_ haystack: String, _ needle: String) -> Bool {
        let folded = fold(needle)
        return folded.isEmpty || fold(haystack).contains(folded)
    }
}
