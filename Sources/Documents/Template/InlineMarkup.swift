import DrawingModule

/// The template language's inline markup, turned into text runs: `**bold**` or `<b>bold</b>`, `<u>underline</u>`,
/// and ruby in the Aozora Bunko form `｜漢字《かんじ》` (mono ruby with spaces: `｜東京《とう きょう》`).
///
/// Markup is read only in the template's own text: a placeholder's value is always plain text in the style around
/// it, so data can never turn itself bold. A value may stand inside a ruby base or reading (`｜{{name}}《{{kana}}》`).
struct InlineMarkup {
    /// The style every run starts from.
    var base: TextRun

    /// The runs of `pieces`: the template's own text (field nil) read as markup, values (a field) as plain text.
    func runs(_ pieces: [(field: String?, text: String)]) -> [TextRun] {
        var runs: [TextRun] = []
        var bold = base.weight == .bold
        var underline = base.underline
        var buffer = ""
        var rubyBase: String?
        var reading: String?

        func flush() {
            guard !buffer.isEmpty else { return }
            var run = base
            run.string = buffer
            run.weight = bold ? .bold : .regular
            run.underline = underline
            runs.append(run)
            buffer = ""
        }
        func append(_ string: String) {
            if reading != nil {
                reading! += string
            } else if rubyBase != nil {
                rubyBase! += string
            } else {
                buffer += string
            }
        }
        for (field, piece) in pieces {
            switch field {
            case .some:
                append(piece)
            case nil:
                let literal = piece
                var rest = Substring(literal)
                while let character = rest.first {
                    if rest.hasPrefix("**") || rest.hasPrefix("<b>") || rest.hasPrefix("</b>") {
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
                        rest = rest.dropFirst()
                    } else if character == "《", rubyBase != nil, reading == nil {
                        reading = ""
                        rest = rest.dropFirst()
                    } else if character == "》", let baseText = rubyBase, let readingText = reading {
                        var run = base
                        run.string = baseText
                        run.weight = bold ? .bold : .regular
                        run.underline = underline
                        run.ruby = readingText
                        runs.append(run)
                        rubyBase = nil
                        reading = nil
                        rest = rest.dropFirst()
                    } else {
                        append(String(character))
                        rest = rest.dropFirst()
                    }
                }
            }
        }
        // An unclosed ruby is kept as the text it was written as.
        if let baseText = rubyBase { buffer += "｜" + baseText + (reading.map { "《" + $0 } ?? "") }
        flush()
        return runs
    }

    /// The runs of `markup`, a text without placeholders.
    func runs(markup: String) -> [TextRun] {
        runs([(nil, markup)])
    }

    /// True when `text` uses any of the markup (so plain text keeps its own, faster, layout).
    static func holdsMarkup(_ text: String) -> Bool {
        text.contains("**") || text.contains("<b>") || text.contains("<u>")
            || (text.contains("｜") && text.contains("《") && text.contains("》"))
    }

    /// The text with markup removed, as a reader extracts it (ruby readings dropped).
    func plainText(_ pieces: [(field: String?, text: String)]) -> String {
        runs(pieces).map(\.string).joined()
    }
}
