/// The line ends text files from anywhere use — LF (Unix), CRLF (Windows, Excel) and CR (old Mac) — mixed or not.
///
/// Swift reads "\r\n" as one `Character`, which `split(separator: "\n")` never matches: split with these instead.
/// `Character.isNewline` is not used, as it also matches U+2028, U+0085 and form feeds, which JSON strings may hold.
package enum LineEnds {
    /// True for LF, CRLF and CR.
    package static func isLineEnd(_ character: Character) -> Bool {
        character == "\n" || character == "\r\n" || character == "\r"
    }

    /// The lines of `text`, split at every LF, CRLF and CR, without their line ends; text after the last line end
    /// (empty when the text ends with one) is the last element.
    package static func lines<Text: StringProtocol>(_ text: Text) -> [Text.SubSequence] {
        text.split(omittingEmptySubsequences: false, whereSeparator: isLineEnd)
    }

    /// `text` with every CRLF and CR written as LF.
    package static func normalized(_ text: String) -> String {
        lines(text).joined(separator: "\n")
    }
}
