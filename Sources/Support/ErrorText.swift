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

    /// A length in points for a message: one decimal at most, none when whole (`12`, `12.5`).
    package static func points(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }
}
