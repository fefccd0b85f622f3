/// The house style for an error that wraps another: what failed and where, the wrapped reason, and one fix.
///
/// Shared by every module's errors (Render, Documents, the command) so a message never reads "Fix:" twice.
package enum ErrorText {
    /// `what: reason. Fix: fix` — or `what: reason` when the reason is another error's message that already ends
    /// with its own, more specific fix, so a message never carries two. A trailing period of `reason` is dropped.
    package static func wrapping(_ what: String, _ reason: String, fix: String) -> String {
        let reason = reason.hasSuffix(".") ? String(reason.dropLast()) : reason
        return reason.contains("Fix:") ? "\(what): \(reason)" : "\(what): \(reason). Fix: \(fix)"
    }

    /// A length in points for a message: one decimal at most, none when whole (`12`, `12.5`). A value no integer
    /// holds (`1e20`, `-1e308`, infinity, NaN) is printed as Swift prints the `Double` (`1e+20`, `inf`, `nan`):
    /// a message about a hostile number must not trap on it.
    package static func points(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        guard rounded == rounded.rounded(), let whole = Int(exactly: rounded) else { return String(rounded) }
        return String(whole)
    }

    /// The most characters of a value a message quotes (`excerpt(_:)`).
    package static let excerptCharacters = 80

    /// `value` as a message quotes it: whole when it has at most `excerptCharacters` characters, else its first
    /// `excerptCharacters` followed by `… (N characters)`, so an error about a 10 MB value stays a line long; its
    /// control characters escaped (`TerminalText`), so a value's newlines cannot break the message into lines.
    package static func excerpt<S: StringProtocol>(_ value: S) -> String {
        var end = value.startIndex
        var count = 0
        while end < value.endIndex, count < excerptCharacters {
            value.formIndex(after: &end)
            count += 1
        }
        guard end < value.endIndex else { return TerminalText.escaped(String(value)) }
        return TerminalText.escaped(String(value[..<end])) + "… (\(value.count) characters)"
    }

    /// `value` in quotes as a message shows data: its `excerpt(_:)`.
    package static func quoted<S: StringProtocol>(_ value: S) -> String {
        "\"" + excerpt(value) + "\""
    }
}
