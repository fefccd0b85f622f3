import DrawingModule
import Foundation
import Support

/// Why a text box could not be set: its text does not fit by any of its fit policies, or a run's font (or the
/// weight asked for) is not available.
public struct TextFitError: Error, Hashable, Sendable {
    /// What went wrong.
    public enum Reason: Hashable, Sendable {
        /// The text needs `needed` (width × height at `size` points, the smallest size tried) but the frame is
        /// `frame.size`; `policies` were tried in order.
        case overflow(needed: Size, size: Double, policies: [FitPolicy])
        /// A run's font family or weight could not be opened (the Fonts module's message).
        case font(family: String, weight: FontWeight, reason: String)
        /// A value of the box no layout can use (`member` names it: `runs[0].size`, `lineHeight` …).
        case invalid(member: String, reason: String)
        /// Setting the text went past the document's deadline (`job-seconds`).
        case limit(LimitExceeded)
        /// A ruby's reading is split by spaces into `readings` parts for a base of `characters` characters: mono
        /// ruby gives one reading per character, so the parts cannot be placed.
        case ruby(base: String, reading: String, readings: Int, characters: Int)
    }

    /// The field the text came from (a placeholder, a column), when the box names one.
    public var field: String?
    /// The whole text of the box.
    public var text: String
    /// The box's frame.
    public var frame: Rect
    /// What went wrong.
    public var reason: Reason
    /// For text that does not fit, the first word that cannot be broken and is wider than the box, when that is
    /// why: the message names it and the size it would fit at.
    public var unbreakable: UnbreakableWord?

    /// A word no line may break inside (a URL, a long number), as set.
    public struct UnbreakableWord: Hashable, Sendable {
        /// The word.
        public var text: String
        /// Its width in points at the size tried.
        public var width: Double

        /// Creates the record of a word.
        public init(text: String, width: Double) {
            self.text = text
            self.width = width
        }
    }

    /// Creates the error.
    public init(field: String?, text: String, frame: Rect, reason: Reason) {
        self.field = field
        self.text = text
        self.frame = frame
        self.reason = reason
    }

    /// How many points too wide and too tall the text is, at the smallest size tried (0 when it fits that way).
    public var excess: Size {
        guard case .overflow(let needed, _, _) = reason else { return Size(width: 0, height: 0) }
        return Size(width: max(0, needed.width - frame.width), height: max(0, needed.height - frame.height))
    }

    /// The problem in one sentence, without the fix.
    public var problem: String {
        let what = (field.map { "field \"\($0)\": " } ?? "") + "text \"\(ErrorText.excerpt(text))\""
        let box =
            "box (x \(Self.points(frame.x)), y \(Self.points(frame.y)), \(Self.points(frame.width)) × "
            + "\(Self.points(frame.height)) pt)"
        switch reason {
        case .overflow(_, let size, let policies) where unbreakable != nil:
            let word = unbreakable!
            return "\(what) does not fit its \(box): the word \"\(ErrorText.excerpt(word.text))\" cannot be broken and "
                + "is \(Self.points(word.width)) pt wide at \(Self.points(size)) pt, wider than the box"
                + " (fit: " + policies.map(\.rawValue).joined(separator: ", ") + ")"
        case .overflow(let needed, let size, let policies):
            var over: [String] = []
            if excess.width > 0 { over.append("\(Self.points(excess.width)) pt too wide") }
            if excess.height > 0 { over.append("\(Self.points(excess.height)) pt too tall") }
            return "\(what) does not fit its \(box): at \(Self.points(size)) pt it needs "
                + "\(Self.points(needed.width)) × \(Self.points(needed.height)) pt, "
                + over.joined(separator: " and ")
                + (policies.isEmpty ? "" : " (fit: " + policies.map(\.rawValue).joined(separator: ", ") + ")")
        case .font(let family, let weight, let reason):
            return "\(what) in \(box): font family \"\(family)\" has no usable \(weight.rawValue) face: \(reason)"
        case .invalid(let member, let reason):
            return "\(what) in \(box): \(member): \(reason)"
        case .limit(let limit):
            return "setting \(what) in its \(box): \(limit.what) \(limit.shownValue ?? String(limit.value)) "
                + "\(limit.unit), over the limit \(limit.limit) of \(limit.maximum) \(limit.unit)"
        case .ruby(let base, let reading, let readings, let characters):
            return "\(what): the ruby ｜\(ErrorText.excerpt(base))《\(ErrorText.excerpt(reading))》 gives \(readings) "
                + "readings, separated by spaces, for the \(characters) characters of its base"
        }
    }

    /// What to do about it.
    public var fix: String {
        switch reason {
        case .overflow(_, _, let policies) where policies.isEmpty:
            return "shorten the text, widen its box, or draw it as a text box with a fit policy (drawTextBox)"
        case .overflow(_, let size, let policies) where unbreakable != nil:
            let word = unbreakable!
            // The size at which the word is as wide as the box, rounded down to a tenth of a point.
            let fitting = (size * frame.width / max(word.width, 1e-9) * 10).rounded(.down) / 10
            return "widen the box to at least \(Self.points(word.width.rounded(.up))) pt, break the word with a space, "
                + "or let the text shrink to \(Self.points(fitting)) pt ("
                + (policies.contains(.shrink)
                    ? "minSize: \(Self.points(fitting))" : "fit: [shrink, …], minSize: \(Self.points(fitting))")
                + ")"
        case .overflow(_, _, let policies) where policies.contains(.wrap):
            return "shorten the text, enlarge the box, or lower its minimum size"
                + (policies.contains(.shrink) ? "" : " (add shrink to its fit policies)")
        case .overflow:
            return "shorten the text, enlarge the box, lower its minimum size, or add wrap to its fit policies"
        case .font(_, .bold, _):
            return "add a \"-bold\" entry for the family to Fonts/fonts.json, or drop the bold"
        case .font:
            return "install the font (scripts/setup) or name a font from Fonts/fonts.json"
        case .invalid:
            return "give the box finite sizes greater than 0 (at most 10000 pt)"
        case .limit(let limit):
            return "make the input smaller; if it is trusted, raise the limit with --limit \(limit.limit)=N "
                + "(Limits.\(limit.propertyName) in the library)"
        case .ruby:
            return "give one reading per base character, separated by spaces (｜東京《とう きょう》), or one reading "
                + "for the whole base without spaces (｜東京《とうきょう》)"
        }
    }

    static func points(_ value: Double) -> String { ErrorText.points(value) }
}

extension TextFitError: CustomStringConvertible, LocalizedError {
    /// The problem and the fix.
    public var description: String { problem + ". Fix: " + fix }

    /// The same text as `description`.
    public var errorDescription: String? { description }
}

extension TextFitError: Problem {
    /// `doesNotFit` for text too large for its box, `notFound` for a face that cannot be opened, `badTemplate` for a
    /// box no layout can use, and the deadline's own kind (`time`) when setting ran past it.
    public var kind: ProblemKind {
        switch reason {
        case .overflow: .doesNotFit
        case .font: .notFound
        case .invalid: .badTemplate
        case .limit(let exceeded): exceeded.kind
        case .ruby: field == nil ? .badTemplate : .badData
        }
    }

    /// The field the text came from.
    public var place: ProblemPlace { ProblemPlace(field: field) }

    /// The deadline the setting ran into, when that is the reason.
    public var limitExceeded: LimitExceeded? {
        if case .limit(let exceeded) = reason { exceeded } else { nil }
    }
}
