/// Text from data made safe for a terminal: control characters are shown as escapes, never sent raw.
///
/// A CSV field may hold NUL, a newline, ESC or a bidi override; copied into an error line it would cut the line, move
/// the cursor or hide text. Every message that quotes data passes it through `escaped(_:)`.
package enum TerminalText {
    /// `text` with C0/C1 controls, DEL and the bidi controls written as `\n`, `\t`, `\r` or `\u{…}`.
    package static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            case _ where needsEscape(scalar): result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || (0x202A...0x202E).contains(scalar.value)
            || (0x2066...0x2069).contains(scalar.value)
    }
}
