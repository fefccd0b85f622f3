import Foundation
import Records
import Support
import Yams

/// A template's YAML text edited as a person would edit it: a value replaced where it is written, a key added at the
/// end of its element, an element added at the end of `elements:` or taken out — every other byte (comments, key
/// order, spacing, quoting, line ends) left as it was.
///
/// The designer of `mkpdf serve` moves and resizes elements on the page; a file rewritten by a YAML emitter would
/// lose the comments and layout its author gave it, so the text is changed at the places Yams' node marks give, and
/// each edit is read back to check it says what was meant.
public struct TemplateSource: Sendable {
    /// The text as it is.
    public let text: String

    /// A value to write: a number or a flag as it is, a text quoted only when YAML would read it otherwise.
    public enum Value: Sendable, Hashable {
        /// A number, written plain (`168`, `12.5`).
        case number(Double)
        /// `true` or `false`, written plain.
        case flag(Bool)
        /// A text, written plain when that reads back as the same text, else double-quoted.
        case text(String)
    }

    /// The source `text`.
    public init(_ text: String) { self.text = text }

    /// The keys item `index` of `list` (`elements:`, or `flow:`) writes, with each scalar value's text as YAML reads
    /// it (keys whose value is a list or a mapping left out), and its kind.
    /// - Throws: `TemplateSourceError` when the text does not parse or has no such element.
    public func keys(ofElement index: Int, in list: String = "elements") throws(TemplateSourceError) -> (
        kind: String, keys: [String: String]
    ) {
        let (kind, body) = try element(index, of: list, in: try root())
        var keys: [String: String] = [:]
        if case .mapping(let mapping) = body {
            for (key, value) in mapping.pairsInPlace {
                if let name = key.scalar?.string, let scalar = value.scalar { keys[name] = scalar.string }
            }
        }
        return (kind, keys)
    }

    /// The text with `changes` made to item `index` of `list` (`elements:`, or `flow:`): each key's value replaced
    /// where it is written, or the key added after the item's last key.
    /// - Throws: `TemplateSourceError` for text that does not parse, no such element, an element whose keys are not
    ///   a mapping, a value written over several lines (a block scalar: edit it as text), or an edit that would not
    ///   read back as given.
    public func setting(
        _ changes: [(key: String, value: Value)], ofElement index: Int, in list: String = "elements"
    ) throws(TemplateSourceError) -> String {
        var scalars = Array(text.unicodeScalars)
        // Edits from the end backwards, so each earlier place stays where the marks say.
        var edits: [(range: Range<Int>, replacement: String)] = []
        let lines = Self.lineStarts(scalars)
        let (_, body) = try element(index, of: list, in: try root())
        guard case .mapping(let mapping) = body else {
            throw TemplateSourceError(
                "element \(index + 1) of elements: has no keys to set", line: body.startMark?.line)
        }
        // Yams' composer leaves every style `.any`: a flow mapping is told by the brace it starts with.
        let flow = mapping.mark.map { scalars[Self.offset(of: $0, lines: lines)] == "{" } ?? false
        var added: [(key: String, value: Value)] = []
        var expected: [String: String] = [:]
        for (key, value) in changes {
            guard Self.isPlainKey(key) else { throw TemplateSourceError("\"\(key)\" is not a key an element has") }
            guard let existing = mapping.pairsInPlace.first(where: { $0.key.scalar?.string == key })?.value else {
                added.append((key, value))
                expected[key] = Self.reading(value, written: Self.written(value, replacing: nil))
                continue
            }
            guard let mark = existing.startMark, existing.scalar != nil else {
                throw TemplateSourceError(
                    "the value of \(key) is a list or mapping, not one value to set", line: existing.startMark?.line)
            }
            let start = Self.offset(of: mark, lines: lines)
            let end = try Self.scalarEnd(scalars, from: start, flow: flow, line: mark.line)
            let written = String(String.UnicodeScalarView(scalars[start..<end]))
            let replacement = Self.written(value, replacing: written)
            edits.append((start..<end, replacement))
            expected[key] = Self.reading(value, written: replacement)
        }
        if !added.isEmpty {
            let text = added.map { "\($0.key): \(Self.written($0.value, replacing: nil))" }
            edits.append(try insertion(of: text, into: mapping, flow: flow, scalars: scalars, lines: lines))
        }
        for edit in edits.sorted(by: { $0.range.lowerBound > $1.range.lowerBound }) {
            scalars.replaceSubrange(edit.range, with: edit.replacement.unicodeScalars)
        }
        let result = String(String.UnicodeScalarView(scalars))
        let check = try TemplateSource(result).keys(ofElement: index, in: list).keys
        for (key, _) in changes where check[key] != expected[key] {
            throw TemplateSourceError("setting \(key) would not read back as given; edit it as text")
        }
        return result
    }

    /// The text with a new element of `kind` and `keys` (in order) added after the last item of `elements:`, or with
    /// `beneath` before the first (drawn beneath the others: a scanned form to fill), on one line in the flow style
    /// the sample templates use — a new `elements:` list at the end when there is none — and the element's index.
    /// - Throws: `TemplateSourceError` for text that does not parse, a kind or key that is not a plain name.
    public func adding(
        element kind: String, keys: [(key: String, value: Value)], beneath: Bool = false
    ) throws(TemplateSourceError) -> (text: String, index: Int) {
        guard Self.isPlainKey(kind), keys.allSatisfy({ Self.isPlainKey($0.key) }) else {
            throw TemplateSourceError("an element's kind and keys are plain names")
        }
        let body = keys.map { "\($0.key): \(Self.written($0.value, replacing: nil))" }.joined(separator: ", ")
        let item = "\(kind): {\(body)}"
        let root = try root()
        guard case .mapping(let top) = root else { throw TemplateSourceError("the template is not a mapping") }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let pair = top.pairsInPlace.first(where: { $0.key.scalar?.string == "elements" }),
            case .sequence(let items) = pair.value, let first = items.first, let firstLine = first.startMark?.line,
            let column = first.startMark?.column, !isFlow(items.mark)
        else {
            guard top.pairsInPlace.first(where: { $0.key.scalar?.string == "elements" }) == nil else {
                throw TemplateSourceError("elements: is not a list of items on lines of their own; add it as text")
            }
            let ending = text.hasSuffix("\n") || text.isEmpty ? "" : "\n"
            return (text + ending + "elements:\n  - " + item + "\n", 0)
        }
        let prefix = String(String.UnicodeScalarView(lines[firstLine - 1].unicodeScalars.prefix(column - 1)))
        let last = Self.lines(ofItems: items).last?.upperBound ?? firstLine
        var result = lines
        let lineEnd = lines[last - 1].hasSuffix("\r") ? "\r" : ""
        result.insert(prefix + item + lineEnd, at: beneath ? firstLine - 1 : last)
        return (result.joined(separator: "\n"), beneath ? 0 : items.count)
    }

    /// The text without element `index` of `elements:`: the lines it spans taken out.
    /// - Throws: `TemplateSourceError` for text that does not parse, no such element, or an element sharing a line
    ///   with another.
    public func removing(element index: Int) throws(TemplateSourceError) -> String {
        let root = try root()
        guard case .mapping(let top) = root,
            let list = top.pairsInPlace.first(where: { $0.key.scalar?.string == "elements" })?.value,
            case .sequence(let items) = list, items.indices.contains(index), !isFlow(items.mark)
        else { throw TemplateSourceError("there is no element \(index + 1) on lines of its own to remove") }
        let spans = Self.lines(ofItems: items)
        let span = spans[index]
        if index > 0, spans[index - 1].upperBound >= span.lowerBound {
            throw TemplateSourceError("element \(index + 1) shares a line with another; remove it as text")
        }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        lines.removeSubrange((span.lowerBound - 1)..<span.upperBound)
        return lines.joined(separator: "\n")
    }

    // MARK: Reading

    private func root() throws(TemplateSourceError) -> Node {
        do {
            guard let node = try YAMLData.compose(text) else { throw TemplateSourceError("the template is empty") }
            return node
        } catch let error as TemplateSourceError {
            throw error
        } catch {
            let problem = YAMLData.syntaxProblem(error)
            throw TemplateSourceError("the template does not parse: \(problem.problem)", line: problem.line)
        }
    }

    /// Item `index` of the top-level list `name`: its kind (the item's one key) and the value under it.
    private func element(_ index: Int, of name: String, in root: Node) throws(TemplateSourceError) -> (
        kind: String, body: Node
    ) {
        guard case .mapping(let top) = root,
            let list = top.pairsInPlace.first(where: { $0.key.scalar?.string == name })?.value,
            case .sequence(let items) = list
        else { throw TemplateSourceError("the template has no \(name): list") }
        guard items.indices.contains(index) else {
            throw TemplateSourceError("\(name): has \(items.count) items, not \(index + 1)")
        }
        guard case .mapping(let item) = items[index], item.count == 1, let pair = item.pairsInPlace.first,
            let kind = pair.key.scalar?.string
        else {
            throw TemplateSourceError(
                "element \(index + 1) is not one kind: {keys}", line: items[index].startMark?.line)
        }
        return (kind, pair.value)
    }

    /// The lines each item of a sequence spans, as the template's parser counts them.
    private static func lines(ofItems items: Node.Sequence) -> [ClosedRange<Int>] {
        TemplateParser.lines(ofItems: .sequence(items))
    }

    // MARK: Places in the text

    /// True when the node starting at `mark` is written in the flow style (`[…]`, `{…}`).
    private func isFlow(_ mark: Mark?) -> Bool {
        guard let mark else { return false }
        let line = text.split(separator: "\n", omittingEmptySubsequences: false).dropFirst(mark.line - 1).first ?? ""
        let first = line.unicodeScalars.dropFirst(mark.column - 1).first
        return first == "[" || first == "{"
    }

    /// The offset, in scalars, of each line's first scalar.
    private static func lineStarts(_ scalars: [Unicode.Scalar]) -> [Int] {
        var starts = [0]
        for (offset, scalar) in scalars.enumerated() where scalar == "\n" { starts.append(offset + 1) }
        return starts
    }

    /// The scalar offset of `mark` (libyaml counts columns in scalars, from 1).
    private static func offset(of mark: Mark, lines: [Int]) -> Int {
        lines[min(max(mark.line - 1, 0), lines.count - 1)] + mark.column - 1
    }

    /// Where the scalar written from `start` ends: after its closing quote, or, for a plain scalar, before the
    /// spaces ahead of a comment, a flow indicator (in a flow mapping) or the line's end.
    private static func scalarEnd(
        _ scalars: [Unicode.Scalar], from start: Int, flow: Bool, line: Int
    ) throws(TemplateSourceError) -> Int {
        guard start < scalars.count else { return start }
        let multiline = TemplateSourceError(
            "the value at line \(line) runs over several lines; edit it as text", line: line)
        switch scalars[start] {
        case "\"":
            var index = start + 1
            while index < scalars.count, scalars[index] != "\"" {
                if scalars[index] == "\n" { throw multiline }
                index += scalars[index] == "\\" ? 2 : 1
            }
            return min(index + 1, scalars.count)
        case "'":
            var index = start + 1
            while index < scalars.count {
                if scalars[index] == "\n" { throw multiline }
                if scalars[index] == "'" {
                    if index + 1 < scalars.count, scalars[index + 1] == "'" {
                        index += 2
                        continue
                    }
                    return index + 1
                }
                index += 1
            }
            return index
        case "|", ">":
            throw multiline
        default:
            var index = start
            while index < scalars.count {
                let scalar = scalars[index]
                if scalar == "\n" || scalar == "\r" { break }
                if flow, scalar == "," || scalar == "}" || scalar == "]" { break }
                if scalar == "#", index > start, scalars[index - 1] == " " || scalars[index - 1] == "\t" { break }
                index += 1
            }
            while index > start, scalars[index - 1] == " " || scalars[index - 1] == "\t" { index -= 1 }
            return index
        }
    }

    /// Where new keys `written` go in `mapping`: before a flow mapping's closing brace, or on lines of their own above
    /// a block mapping's first key, at its indentation.
    private func insertion(
        of written: [String], into mapping: Node.Mapping, flow: Bool, scalars: [Unicode.Scalar], lines: [Int]
    ) throws(TemplateSourceError) -> (range: Range<Int>, replacement: String) {
        guard let mark = mapping.mark else { throw TemplateSourceError("the element has no place in the text") }
        if flow {
            let open = Self.offset(of: mark, lines: lines)
            guard let close = Self.closingBrace(scalars, from: open) else {
                throw TemplateSourceError("the element's { … } does not close", line: mark.line)
            }
            var end = close
            while end > open + 1, scalars[end - 1] == " " || scalars[end - 1] == "\t" { end -= 1 }
            let empty = end == open + 1
            return (end..<end, (empty ? "" : ", ") + written.joined(separator: ", "))
        }
        guard let firstKey = mapping.pairsInPlace.first?.key.startMark else {
            throw TemplateSourceError("the element has no keys to add beside", line: mark.line)
        }
        let lineStart = lines[firstKey.line - 1]
        let indent = String(repeating: " ", count: firstKey.column - 1)
        let lineEnd = scalars[lineStart...].firstIndex(of: "\n").map { $0 > 0 && scalars[$0 - 1] == "\r" } ?? false
        let ending = lineEnd ? "\r\n" : "\n"
        return (lineStart..<lineStart, written.map { indent + $0 + ending }.joined())
    }

    /// The offset of the `}` closing the flow mapping opened at `open`, quotes and nested brackets skipped.
    private static func closingBrace(_ scalars: [Unicode.Scalar], from open: Int) -> Int? {
        var depth = 0
        var index = open
        while index < scalars.count {
            switch scalars[index] {
            case "{", "[": depth += 1
            case "}", "]":
                depth -= 1
                if depth == 0 { return index }
            case "\"":
                index += 1
                while index < scalars.count, scalars[index] != "\"" { index += scalars[index] == "\\" ? 2 : 1 }
            case "'":
                index += 1
                while index < scalars.count {
                    if scalars[index] == "'" {
                        if index + 1 < scalars.count, scalars[index + 1] == "'" {
                            index += 2
                            continue
                        }
                        break
                    }
                    index += 1
                }
            case "#" where index > open && (scalars[index - 1] == " " || scalars[index - 1] == "\t"):
                while index < scalars.count, scalars[index] != "\n" { index += 1 }
            default: break
            }
            index += 1
        }
        return nil
    }

    // MARK: Writing values

    /// `value` as YAML: in the quoting of the value it replaces when that was quoted, else plain when plain reads
    /// back as the same text.
    static func written(_ value: Value, replacing old: String?) -> String {
        switch value {
        case .number(let number): return number.formatted
        case .flag(let flag): return flag ? "true" : "false"
        case .text(let text):
            if old?.first == "'", !text.contains(where: { $0.isNewline }) {
                return "'" + text.replacingOccurrences(of: "'", with: "''") + "'"
            }
            if old?.first != "\"", isPlainSafe(text) { return text }
            return doubleQuoted(text)
        }
    }

    /// The text YAML reads back for `value` once `written`.
    private static func reading(_ value: Value, written: String) -> String {
        if case .text(let text) = value { return text }
        return written
    }

    /// `text` double-quoted, with the escapes YAML reads (a JSON string literal, `QuotedText.quoted(_:)`).
    static func doubleQuoted(_ text: String) -> String { QuotedText.quoted(text) }

    /// True when `text` written plain, inside a flow mapping, reads back as the same text and not as another kind
    /// of value a reader of the template might take it for.
    static func isPlainSafe(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, let last = text.unicodeScalars.last else { return false }
        if "-?:,[]{}#&*!|>'\"%@`".unicodeScalars.contains(first) || first == " " || last == " " { return false }
        if text.contains(": ") || text.contains(" #") || text.hasSuffix(":") { return false }
        if text.unicodeScalars.contains(where: { ",[]{}".unicodeScalars.contains($0) || $0.value < 0x20 }) {
            return false
        }
        let special = ["true", "false", "yes", "no", "on", "off", "null", "~", "y", "n"]
        if special.contains(text.lowercased()) || Double(text) != nil { return false }
        return true
    }

    /// True for a key or kind written as a plain name (`x`, `minSize`, `qr`).
    private static func isPlainKey(_ key: String) -> Bool {
        !key.isEmpty && key.unicodeScalars.allSatisfy { $0.properties.isAlphabetic || ("0"..."9").contains($0) }
            && key.unicodeScalars.allSatisfy(\.isASCII)
    }
}

/// An edit of a template's text that cannot be made in place: what and, when known, the line.
public struct TemplateSourceError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong, with how to go on.
    public var reason: String
    /// The line of the text it concerns, from 1.
    public var line: Int?

    /// An error saying `reason`, at `line`.
    public init(_ reason: String, line: Int? = nil) {
        self.reason = reason
        self.line = line
    }

    /// The reason, after the line when there is one.
    public var description: String { line.map { "line \($0): \(reason)" } ?? reason }
}

extension Double {
    /// The number as a template writes it: no `.0` on a whole number, at most four decimals.
    fileprivate var formatted: String {
        let rounded = (self * 10000).rounded() / 10000
        if let whole = Int(exactly: rounded) { return String(whole) }
        return String(rounded)
    }
}
