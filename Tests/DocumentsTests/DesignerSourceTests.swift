import Documents
import Foundation
import TestSupport
import Testing

/// The designer's edits of a template's text (`TemplateSource`): the value set where it is written and every other
/// byte of the file as it was, on the sample templates' own text.
@Suite struct DesignerSourceTests {
    static func text(_ name: String) throws -> String {
        try String(contentsOf: Repo.root.appendingPathComponent("Templates/\(name)"), encoding: .utf8)
    }

    /// The ticket's venue box (element 11 of `elements:`) moved and widened: its line says `x: 168` and `w: 144`,
    /// and the file is otherwise the same bytes.
    @Test func settingXAndWChangesOnlyThoseValues() throws {
        let original = try Self.text("ticket.yaml")
        let source = TemplateSource(original)
        let (kind, keys) = try source.keys(ofElement: 10)
        #expect(kind == "text" && keys["text"] == "{{venue}}" && keys["x"] == "152" && keys["w"] == "128")
        let edited = try source.setting([("x", .number(168)), ("w", .number(144))], ofElement: 10)
        let venue = "  - text: {role: textSpecial, text: \"{{venue}}\", size: 12, x: 152, y: 58, w: 128, h: 26,"
        let moved = "  - text: {role: textSpecial, text: \"{{venue}}\", size: 12, x: 168, y: 58, w: 144, h: 26,"
        #expect(original.components(separatedBy: venue).count == 2, "the venue's line is in the file once")
        #expect(edited == original.replacingOccurrences(of: venue, with: moved))
        _ = try Template(yaml: edited)
        let back = try TemplateSource(edited).setting([("x", .number(152)), ("w", .number(128))], ofElement: 10)
        #expect(Data(back.utf8) == Data(original.utf8), "moving it back gives the file byte for byte")
    }

    /// A key the element does not have goes before its closing brace, on the line the mapping ends (the
    /// certificate's recipient spans two lines); a quoted value keeps its quotes; the template still loads.
    @Test func addingAKeyAndQuotedTextKeepTheElementsForm() throws {
        let original = try Self.text("certificate.yaml")
        let source = TemplateSource(original)
        let edited = try source.setting(
            [("valign", .text("middle")), ("text", .text("｜{{name}}《{{kana}}》様"))], ofElement: 4)
        let before = original.split(separator: "\n", omittingEmptySubsequences: false)
        let after = edited.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(before.count == after.count)
        let changed = zip(before, after).enumerated().filter { $0.element.0 != $0.element.1 }.map(\.offset)
        #expect(changed.count == 2, "the element's two lines and no other: \(changed)")
        #expect(edited.contains("text: \"｜{{name}}《{{kana}}》様\""))
        #expect(edited.contains("minSize: 14, valign: middle}"))
        _ = try Template(yaml: edited, baseURL: Repo.root.appendingPathComponent("Templates"))
    }

    /// In a block mapping, comments and spacing stay; a plain text stays plain and one YAML would misread is
    /// quoted; a new key goes on a line of its own above the first, at its indentation.
    @Test func blockMappingsKeepTheirCommentsAndQuoteOnlyWhatNeedsIt() throws {
        let yaml = """
            page: a4
            palette: {ink: {stroke: "#000000"}}
            elements:
              # a comment kept
              - text:
                  role: ink
                  text: 見出し
                  size: 12
                  x: 20
                  y: 30   # the top
            """
        let edited = try TemplateSource(yaml).setting(
            [("x", .number(72.5)), ("text", .text("true: not a flag"))], ofElement: 0)
        #expect(
            edited
                == yaml.replacingOccurrences(of: "x: 20", with: "x: 72.5")
                .replacingOccurrences(of: "text: 見出し", with: "text: \"true: not a flag\""))
        let plain = try TemplateSource(yaml).setting([("text", .text("小見出し"))], ofElement: 0)
        #expect(plain == yaml.replacingOccurrences(of: "見出し", with: "小見出し"))
        let added = try TemplateSource(yaml).setting([("w", .number(100))], ofElement: 0)
        #expect(added.contains("      w: 100\n      role: ink"), "\(added)")
        _ = try Template(yaml: added)
    }

    /// An element added from the palette goes after the last item of `elements:` in the list's own indentation, and
    /// removing it gives the file back byte for byte; a value written over several lines is refused, not mangled.
    @Test func addingAndRemovingAnElementAndABlockScalar() throws {
        let original = try Self.text("ticket.yaml")
        let (added, index) = try TemplateSource(original).adding(
            element: "text", keys: [("text", .text("｜東京《とうきょう》駅")), ("role", .text("textDark")), ("size", .number(12))])
        #expect(index == 18)
        #expect(added.hasSuffix("  - text: {text: ｜東京《とうきょう》駅, role: textDark, size: 12}\n"))
        #expect(added.hasPrefix(original.dropLast()))
        #expect(try TemplateSource(added).removing(element: 18) == original)
        let block = "page: a4\nelements:\n  - text:\n      text: |\n        二行の\n        文\n      size: 9\n"
        #expect(throws: TemplateSourceError.self) {
            try TemplateSource(block).setting([("text", .text("一行"))], ofElement: 0)
        }
    }
}
