/// A string written as a JSON string literal, which is also a YAML double-quoted scalar (YAML 1.2 reads JSON).
///
/// The batch manifest writes its JSON lines by hand, and the designer writes a template value YAML would misread;
/// both need the same escapes, so they come from here.
package enum QuotedText {
    /// `text` in double quotes: `"` and `\` escaped, `\n` `\r` `\t` as such, other C0 controls, DEL and the line and
    /// paragraph separators as `\uXXXX`, everything else as it is.
    package static func quoted(_ text: String) -> String {
        var quoted = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": quoted += "\\\""
            case "\\": quoted += "\\\\"
            case "\n": quoted += "\\n"
            case "\r": quoted += "\\r"
            case "\t": quoted += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F || scalar == "\u{2028}" || scalar == "\u{2029}":
                let hex = String(scalar.value, radix: 16, uppercase: true)
                quoted += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: quoted.unicodeScalars.append(scalar)
            }
        }
        return quoted + "\""
    }
}
