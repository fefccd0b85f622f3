import DrawingModule
import Foundation

/// The template language's inline markup, turned into text runs: `**bold**` or `<b>bold</b>`, `<u>underline</u>`,
/// links `<a href="https://…">…</a>` or `<a href="#name">…</a>`, and ruby in the Aozora Bunko form `｜漢字《かんじ》`
/// (mono ruby with spaces: `｜東京《とう きょう》`).
///
/// Markup is read only in the template's own text: a placeholder's value is always plain text in the style around
/// it, so data can never turn itself bold. A value may stand inside a ruby base or reading (`｜{{name}}《{{kana}}》`)
/// or a link's address (`<a href="{{url}}">`).
package struct InlineMarkup {
    /// The style every run starts from.
    package var base: TextRun

    /// Markup read over `base`.
    package init(base: TextRun) { self.base = base }

    /// Markup opened and never closed: a link's `<a href="` without its `">`, or a ruby reading `｜…《…` without its
    /// `》` (a `｜` followed by no `《` is a plain vertical bar).
    package struct Unclosed: Hashable, Sendable {
        /// The opening as written (`｜東京《`, `<a href="`).
        package var opening: String
        /// What closes it (`》`, `">`).
        package var closing: String
        /// The piece the opening is in, and its Character offset in that piece's text.
        package var piece: Int
        /// The Character offset of the opening in its piece.
        package var offset: Int
    }

    /// The runs of `pieces`: the template's own text (field nil) read as markup, values (a field) as plain text.
    /// An opening never closed is kept as the text it was written as; a template is checked for one when it loads
    /// (`unclosed(_:)`).
    package func runs(_ pieces: [(field: String?, text: String)]) -> [TextRun] {
        read(pieces).runs
    }

    /// The first markup opening `pieces` never close, or nil.
    package func unclosed(_ pieces: [(field: String?, text: String)]) -> Unclosed? {
        read(pieces).unclosed
    }

    /// The runs of `pieces` and the opening left unclosed at their end.
    private func read(_ pieces: [(field: String?, text: String)]) -> (runs: [TextRun], unclosed: Unclosed?) {
        var runs: [TextRun] = []
        var bold = base.weight == .bold
        var underline = base.underline
        var link = base.link
        // The address of an `<a href="` read so far, until its closing `">`.
        var address: String?
        var buffer = ""
        var rubyBase: String?
        var reading: String?
        // Where the open link or ruby began: its piece and its index in that piece's text.
        var opened: (piece: Int, at: String.Index)?

        func flush() {
            guard !buffer.isEmpty else { return }
            var run = base
            run.string = buffer
            run.weight = bold ? .bold : .regular
            run.underline = underline
            run.link = link
            runs.append(run)
            buffer = ""
        }
        func append(_ string: String) {
            if address != nil {
                address! += string
            } else if reading != nil {
                reading! += string
            } else if rubyBase != nil {
                rubyBase! += string
            } else {
                buffer += string
            }
        }
        for (number, (field, piece)) in pieces.enumerated() {
            switch field {
            case .some:
                append(piece)
            case nil where address == nil && !Self.mayHoldMarkup(piece):
                // Read character by character, a text without any markup's first characters appends each one.
                append(piece)
            case nil:
                let literal = piece
                var rest = Substring(literal)
                while let character = rest.first {
                    if let open = address {
                        if rest.hasPrefix("\">") {
                            flush()
                            // An address that comes out empty (no URL in this record) links nowhere, as an
                            // element's empty `link:` does.
                            let trimmed = open.trimmingCharacters(in: .whitespaces)
                            link = trimmed.isEmpty || trimmed == "#" ? base.link : trimmed
                            address = nil
                            rest = rest.dropFirst(2)
                        } else {
                            address! += String(character)
                            rest = rest.dropFirst()
                        }
                    } else if rest.hasPrefix(Self.linkOpening) {
                        flush()
                        address = ""
                        opened = (number, rest.startIndex)
                        rest = rest.dropFirst(Self.linkOpening.count)
                    } else if rest.hasPrefix("</a>") {
                        flush()
                        link = base.link
                        rest = rest.dropFirst(4)
                    } else if rest.hasPrefix("**") || rest.hasPrefix("<b>") || rest.hasPrefix("</b>") {
                        flush()
                        bold = rest.hasPrefix("**") ? !bold : !rest.hasPrefix("</b>")
                        rest = rest.dropFirst(rest.hasPrefix("**") ? 2 : rest.hasPrefix("<b>") ? 3 : 4)
                    } else if rest.hasPrefix("<u>") || rest.hasPrefix("</u>") {
                        flush()
                        underline = rest.hasPrefix("<u>")
                        rest = rest.dropFirst(rest.hasPrefix("<u>") ? 3 : 4)
                    } else if character == "｜", rubyBase == nil {
                        flush()
                        rubyBase = ""
                        opened = (number, rest.startIndex)
                        rest = rest.dropFirst()
                    } else if character == "《", rubyBase != nil, reading == nil {
                        reading = ""
                        rest = rest.dropFirst()
                    } else if character == "》", let baseText = rubyBase, let readingText = reading {
                        var run = base
                        run.string = baseText
                        run.weight = bold ? .bold : .regular
                        run.underline = underline
                        run.link = link
                        run.ruby = readingText
                        runs.append(run)
                        rubyBase = nil
                        reading = nil
                        rest = rest.dropFirst()
                    } else {
                        // The text up to the next character markup may start with, appended at once: a paragraph of
                        // many runs was read a character at a time against every opening.
                        let end = rest.dropFirst().firstIndex(where: Self.mayStartMarkup) ?? rest.endIndex
                        append(String(rest[..<end]))
                        rest = rest[end...]
                    }
                }
            }
        }
        // An unclosed link opening or ruby is kept as the text it was written as.
        var unclosed: Unclosed?
        if let open = address { buffer += Self.linkOpening + open }
        if let baseText = rubyBase { buffer += "｜" + baseText + (reading.map { "《" + $0 } ?? "") }
        if let (number, at) = opened, address != nil || reading != nil {
            let text = pieces[number].text
            unclosed = Unclosed(
                opening: address != nil ? Self.linkOpening : "｜" + (rubyBase ?? "") + "《",
                closing: address != nil ? "\">" : "》", piece: number,
                offset: text.distance(from: text.startIndex, to: at))
        }
        flush()
        return (runs, unclosed)
    }

    /// The runs of `markup`, a text without placeholders.
    package func runs(markup: String) -> [TextRun] {
        runs([(nil, markup)])
    }

    /// How a link starts: `<a href="`, the address, then `">`.
    static let linkOpening = "<a href=\""

    /// True when `text` uses any of the markup (so plain text keeps its own, faster, layout).
    package static func holdsMarkup(_ text: String) -> Bool {
        text.contains("**") || text.contains("<b>") || text.contains("<u>") || text.contains(linkOpening)
            || (text.contains("｜") && text.contains("《") && text.contains("》"))
    }

    /// True for a character some markup starts with (`<`, `*`, `｜`, `《`, `》`).
    private static func mayStartMarkup(_ character: Character) -> Bool {
        switch character {
        case "<", "*", "｜", "《", "》": true
        default: false
        }
    }

    /// False when `text` holds none of the characters markup starts with (`<`, `*`, `｜`, `《`, `》`), so reading it
    /// outside a link's address changes nothing but the text.
    private static func mayHoldMarkup(_ text: String) -> Bool {
        text.unicodeScalars.contains { scalar in
            switch scalar {
            case "<", "*", "｜", "《", "》": return true
            default: return false
            }
        }
    }

    /// The text with markup removed, as a reader extracts it (ruby readings dropped).
    package func plainText(_ pieces: [(field: String?, text: String)]) -> String {
        runs(pieces).map(\.string).joined()
    }
}
