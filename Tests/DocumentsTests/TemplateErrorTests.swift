import Documents
import Foundation
import Testing

/// Every kind of template mistake is reported with the file, line and column where an editor should jump.
@Suite struct TemplateErrorTests {
    /// A small valid template; each test breaks one line of it.
    static let base = """
        size: {width: 200, height: 100}
        placeholders:
          member: GCG-40167
        palette:
          ink: {stroke: "#1A1A1A", fill: "#E6E6FF"}
        elements:
          - rect: {role: ink, paint: both, width: 1, x: 10, y: 10, w: 50, h: 20}
          - text: {role: ink, text: "会員番号:{{member}}", size: 14, x: 15, y: 40}
        """

    /// The error loading `yaml` throws, which must be a `TemplateError` for file `t.yaml`.
    func loadError(_ yaml: String) throws -> TemplateError {
        let error = #expect(throws: TemplateError.self) { try Template(yaml: yaml, file: "t.yaml") }
        return try #require(error)
    }

    func replacing(_ old: String, with new: String) -> String {
        Self.base.replacingOccurrences(of: old, with: new)
    }

    @Test func aWrappedFontErrorKeepsOneFix() {
        let font = "unknown font \"futura\": Fonts/fonts.json names gothic, mincho. Fix: use one of those"
        let wrapped = TemplateError(file: "t.yaml", line: 4, reason: .font(name: "futura", reason: font)).description
        #expect(wrapped.components(separatedBy: "Fix:").count == 2, "\(wrapped)")
        #expect(wrapped.hasPrefix("t.yaml:4: font \"futura\": unknown font") && wrapped.hasSuffix("use one of those"))
        let plain = TemplateError(file: "t.yaml", reason: .unreadable(reason: "No such file")).description
        #expect(
            plain == "t.yaml: cannot read the template: No such file. Fix: check the path and that the file is readable"
        )
    }

    @Test func theBaseTemplateLoadsAndRenders() throws {
        let drawing = try Template(yaml: Self.base, file: "t.yaml").render()
        #expect(drawing.texts.map(\.string) == ["会員番号:GCG-40167"])
    }

    @Test func unknownColourRoleNamesTheRoleAndTheKnownOnes() throws {
        let error = try loadError(replacing("text: {role: ink", with: "text: {role: inc"))
        #expect(error.reason == .unknownRole(role: "inc", known: ["ink"]))
        #expect((error.file, error.line, error.column) == ("t.yaml", 8, 18))
        #expect(
            error.description.hasPrefix(
                "t.yaml:8:18: unknown colour role \"inc\" (did you mean `ink`?); the palette defines ink"))
    }

    @Test func placeholderWithoutValueIsReportedWhereItIsUsed() throws {
        let template = try Template(yaml: replacing("  member: GCG-40167\n", with: "  member: null\n"), file: "t.yaml")
        let error = #expect(throws: TemplateError.self) { try template.render() }
        #expect(error?.reason == .missingValue(placeholder: "member"))
        #expect(error?.line == 8 && error?.column == 29)
        #expect(error?.description.contains("--set member=") == true)
        // Given a value, the same template renders.
        #expect(try template.render(values: ["member": "X-1"]).texts.first?.string == "会員番号:X-1")
    }

    @Test func badNumberNamesKeyAndValue() throws {
        let error = try loadError(replacing("x: 10, y: 10", with: "x: ten, y: 10"))
        #expect(error.reason == .badNumber(key: "x", value: "ten"))
        #expect((error.line, error.column) == (7, 49))
    }

    @Test func infiniteAndNegativeNumbersAreRefused() throws {
        #expect(
            try loadError(replacing("x: 10, y: 10", with: "x: .inf, y: 10")).reason
                == .badNumber(key: "x", value: ".inf"))
        let negative = try loadError(replacing("w: 50", with: "w: -5"))
        #expect(negative.reason == .badValue(key: "w", value: "-5", expected: "it must be 0 or more"))
        #expect(negative.line == 7)
    }

    @Test func unknownElementListsTheKinds() throws {
        let error = try loadError(replacing("- rect:", with: "- rectangle:"))
        guard case .unknownElement(let name, let known) = error.reason else {
            Issue.record("expected unknownElement, got \(error)")
            return
        }
        #expect(name == "rectangle" && known.contains("rect") && known.contains("qr"))
        #expect((error.line, error.column) == (7, 5))
    }

    @Test func unknownKeyInAnElementAndAtTheTop() throws {
        let inElement = try loadError(replacing("paint: both", with: "pain: both"))
        #expect(
            inElement.reason
                == .unknownKey(
                    key: "pain", context: "rect",
                    known: [
                        "role", "paint", "width", "x", "y", "w", "h", "repeat"
                    ]))
        #expect((inElement.line, inElement.column) == (7, 23))
        let atTop = try loadError("colours: {}\n" + Self.base)
        #expect((atTop.line, atTop.column) == (1, 1))
        guard case .unknownKey("colours", "the template", _) = atTop.reason else {
            Issue.record("expected unknownKey, got \(atTop)")
            return
        }
    }

    @Test func yamlSyntaxErrorHasLineAndColumn() throws {
        let error = try loadError(replacing("size: 14, x: 15, y: 40}", with: "size: 14, x: 15, y: 40"))
        guard case .syntax = error.reason else {
            Issue.record("expected a syntax error, got \(error)")
            return
        }
        #expect(error.line != nil && error.column != nil)
        #expect(error.description.hasPrefix("t.yaml:\(error.line ?? 0):\(error.column ?? 0): YAML syntax error"))
        let tab = try loadError("size:\n\t width: 1")
        #expect(tab.line == 2)
    }

    @Test func missingKeyAndBadColourAndBadChoice() throws {
        let missing = try loadError(replacing(", x: 15, y: 40}", with: ", x: 15}"))
        #expect(missing.reason == .missingKey(key: "y", context: "text"))
        #expect(missing.line == 8)
        let colour = try loadError(replacing("\"#1A1A1A\"", with: "\"#1A1A1\""))
        #expect(colour.line == 5 && colour.column == 17)
        #expect(colour.description.contains("#RRGGBB"))
        let paint = try loadError(replacing("paint: both", with: "paint: all"))
        #expect(paint.reason == .badValue(key: "paint", value: "\"all\"", expected: "one of none, stroke, fill, both"))
    }

    @Test func unclosedPlaceholderIsABadValueAtTheText() throws {
        let error = try loadError(replacing("{{member}}", with: "{{member"))
        #expect(error.line == 8)
        #expect(error.description.contains("not closed"))
    }

    @Test func unknownValueNamesAndControlCharactersAreRefused() throws {
        let template = try Template(yaml: Self.base, file: "t.yaml")
        let unknown = #expect(throws: TemplateError.self) { try template.render(values: ["membr": "X"]) }
        #expect(unknown?.reason == .unknownPlaceholder(name: "membr", known: ["member"]))
        let newline = #expect(throws: TemplateError.self) { try template.render(values: ["member": "A\nB"]) }
        #expect(newline?.description.contains("U+000A (a line break)") == true)
    }

    @Test func characterTheFontLacksNamesFieldCharacterAndCode() throws {
        let template = try Template(yaml: Self.base, file: "t.yaml")
        let error = #expect(throws: TemplateError.self) {
            try template.render(values: ["member": "𠮷野😀-1"], options: TemplateRenderOptions(fonts: .shared))
        }
        guard case .missingGlyph(let field, let missing) = error?.reason else {
            Issue.record("expected missingGlyph, got \(String(describing: error))")
            return
        }
        let (character, code, index, font, tried) = (
            missing.character, missing.codePoint, missing.characterIndex,
            missing.font, missing.tried
        )
        #expect(field == "member" && character == "😀" && code == "U+1F600" && index == 2 && font == "gothic")
        // Every font of gothic's chain is named: IPAexGothic, then Noto Sans CJK JP (which has 𠮷).
        #expect(tried.count == 2 && tried[0].hasPrefix("gothic (") && tried[1].hasPrefix("gothic-cjk ("), "\(tried)")
        #expect(error?.description.contains("no font of \"gothic\"") == true)
        #expect(error?.line == 8)
        // Real Japanese the font has passes: 〜 − ‖ ① 髙 ﾊﾝｶｸ.
        // 𠮷 passes through the fallback font.
        let fine = try template.render(values: ["member": "〜−‖①髙ﾊﾝｶｸ𠮷"], options: TemplateRenderOptions(fonts: .shared))
        #expect(fine.texts.first?.string == "会員番号:〜−‖①髙ﾊﾝｶｸ𠮷")
    }

    @Test func unknownFontIsReportedAtTheText() throws {
        let template = try Template(
            yaml: replacing("size: 14, x: 15", with: "font: nofont, size: 14, x: 15"),
            file: "t.yaml")
        let error = #expect(throws: TemplateError.self) {
            try template.render(options: TemplateRenderOptions(fonts: .shared))
        }
        guard case .font(let name, _) = error?.reason else {
            Issue.record("expected a font error, got \(String(describing: error))")
            return
        }
        #expect(name == "nofont" && error?.line == 8 && error?.column == 29)
    }

    @Test func qrCodeThatDoesNotFitIsReportedAtItsPayload() throws {
        let yaml =
            Self.base.replacingOccurrences(of: "elements:", with: "  code: {fill: \"#000000\"}\nelements:")
            + "\n  - qr: {role: code, payload: \"{{member}}\", x: 0, y: 0, size: 5}"
        let template = try Template(yaml: yaml, file: "t.yaml")
        let error = #expect(throws: TemplateError.self) { try template.render() }
        guard case .barcode(let element, let kind, let key, let field, let reason) = error?.reason else {
            Issue.record("expected a barcode error, got \(String(describing: error))")
            return
        }
        #expect(element == "qr" && kind == "qr" && key == "payload" && field == "member")
        #expect(reason.contains("25×25 modules") && reason.contains("too many for the box (5.0×5.0 pt)"), "\(reason)")
        #expect(error?.line == 10 && error?.column == 31)
        // The light-blue fill of "ink" as bars on white paper is refused before anything is drawn.
        let pale = #expect(throws: TemplateError.self) {
            try Template(yaml: yaml.replacingOccurrences(of: "role: code", with: "role: ink"), file: "t.yaml").render()
        }
        guard case .barcode(_, _, "role", nil, let paleReason) = pale?.reason else {
            Issue.record("expected a contrast error, got \(String(describing: pale))")
            return
        }
        #expect(paleReason.contains("#E6E6FF") && paleReason.contains("print contrast of 19 %"))
        // A 13 pt box is 26 px at 2 px/pt: room for the 25 modules at one pixel each.
        let fits = try Template(yaml: yaml.replacingOccurrences(of: "size: 5}", with: "size: 13}"), file: "t.yaml")
        let commands = try fits.render().commands
        #expect(commands.contains { if case .barcode(let code) = $0 { code.data == "GCG-40167" } else { false } })
    }

    @Test func missingImageFileIsReportedAtItsPath() throws {
        let yaml = Self.base + "\n  - image: {file: no-such-logo.png, x: 0, y: 0, w: 10, h: 10}"
        let error = try loadError(yaml)
        guard case .image(let path, _) = error.reason else {
            Issue.record("expected an image error, got \(error)")
            return
        }
        #expect(path.hasSuffix("/no-such-logo.png") && error.line == 9 && error.column == 19)
    }

    @Test func unreadableFileNamesThePath() throws {
        let error = #expect(throws: TemplateError.self) {
            try Template(contentsOf: URL(fileURLWithPath: "/nonexistent/ticket.yaml"))
        }
        #expect(error?.file == "/nonexistent/ticket.yaml")
        #expect(error?.description.contains("cannot read the template") == true)
    }
    /// A value holding a control character (C0, DEL, C1) or a line or paragraph separator is refused, naming the
    /// placeholder and the code point; any other character, Japanese included, is a value like any other.
    @Test(arguments: [
        ("GCG-\u{0}1", "U+0000"), ("GCG-\u{1F}", "U+001F"), ("GCG-\u{7F}", "U+007F"), ("GCG-\u{85}", "U+0085"),
        ("GCG-\u{9F}", "U+009F"), ("GCG-\u{2028}", "U+2028"), ("GCG-\u{2029}", "U+2029")
    ])
    func aControlCharacterInAValueIsRefused(value: String, code: String) throws {
        let template = try Template(yaml: Self.base, file: "t.yaml")
        let error = try #require(throws: TemplateError.self) { try template.render(values: ["member": value]) }
        let reason = try #require({ if case .invalidValue(_, let reason) = error.reason { reason } else { nil } }())
        #expect(reason.contains(code), "\(reason)")
    }

    @Test(arguments: ["GCG-\u{A0}1", "〜 − ‖ ① 髙 ﾊﾝｶｸ 𠮷 葛\u{E0100}", "GCG-\u{2027}\u{202A}"])
    func otherCharactersInAValueAreKept(value: String) throws {
        let drawing = try Template(yaml: Self.base, file: "t.yaml").render(values: ["member": value])
        #expect(drawing.texts.contains { $0.string == "会員番号:" + value })
    }
}
