/// The seven characters where JIS and Microsoft's CP932 table disagree, in both directions.
///
/// Foundation's `.shiftJIS` (and glibc's CP932) have no bytes for 〜 U+301C, − U+2212 and five more: text going out
/// is mapped to the CP932 form first. Excel's CSV comes back with the CP932 form (0x8160 reads as ～ U+FF5E); input
/// maps it back to the JIS character, so 〜 written in Excel prints as 〜 — the round trip is exact for text typed
/// with the JIS forms, which is what Japanese input methods produce.
package enum CP932Variants {
    /// JIS character → the CP932 character that looks the same (for encoding text as CP932).
    package static let toCP932: [Unicode.Scalar: Unicode.Scalar] = [
        "\u{301C}": "\u{FF5E}", // 〜 wave dash → ～ fullwidth tilde
        "\u{2212}": "\u{FF0D}", // − minus sign → － fullwidth hyphen-minus
        "\u{2016}": "\u{2225}", // ‖ double vertical line → ∥ parallel to
        "\u{00AC}": "\u{FFE2}", // ¬ not sign → ￢ fullwidth not sign
        "\u{2014}": "\u{2015}", // — em dash → ― horizontal bar
        "\u{00A2}": "\u{FFE0}", // ¢ cent sign → ￠ fullwidth cent sign
        "\u{00A3}": "\u{FFE1}" // £ pound sign → ￡ fullwidth pound sign
    ]

    /// CP932 character → JIS character (for decoding CP932 input).
    package static let fromCP932: [Unicode.Scalar: Unicode.Scalar] =
        Dictionary(uniqueKeysWithValues: toCP932.map { ($0.value, $0.key) })

    /// `text` with every CP932 form replaced by its JIS character.
    package static func jisForms(of text: String) -> String {
        guard text.unicodeScalars.contains(where: { fromCP932[$0] != nil }) else { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars { result.append(fromCP932[scalar] ?? scalar) }
        return String(result)
    }
}
