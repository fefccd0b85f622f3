import Documents
import DrawingModule
import Fonts
import Foundation
import TestSupport
import Testing

/// Text boxes in the template language: the box keys, the inline markup for bold, underline and ruby, and fit
/// errors that name the field and the line.
@Suite struct TemplateTextBoxTests {
    static func template(_ text: String, extra: String = "", value: String = "髙橋", font: String = "sans") -> String {
        """
        size: {width: 200, height: 100}
        placeholders:
          name: \(value)
        palette:
          ink: {stroke: "#1A1A1A"}
        elements:
          - text: {role: ink, text: "\(text)", font: \(font), size: 14, x: 10, y: 10, w: 150, h: 40\(extra)}
        """
    }

    func box(_ drawing: Drawing) throws -> Drawing.Command.TextBox {
        let boxes = drawing.commands.compactMap { if case .textBox(let box) = $0 { box } else { nil } }
        return try #require(boxes.first)
    }

    /// docs/templates.md's markup row: gothic and mincho have bold faces; a family without one is an error.
    @Test(arguments: [("gothic", true), ("mincho", true), ("ud-mincho", false), ("serif", false)])
    func boldMarkupUsesTheFamilysBoldFaceOrFails(font: String, hasBold: Bool) throws {
        let yaml = """
            page: {width: 200, height: 60}
            palette: {ink: {stroke: "#000000"}}
            elements:
              - text: {role: ink, text: "**Total** 1", font: \(font), size: 12, x: 10, y: 10, w: 150, h: 20}
            """
        let template = try Template(yaml: yaml, file: "bold.yaml")
        let options = TemplateRenderOptions(fonts: .shared)
        if hasBold {
            let first = try #require(try template.render(options: options).commands.first)
            let box = try #require(
                { () -> Drawing.Command.TextBox? in
                    if case .textBox(let box) = first { return box }
                    return nil
                }(), "the text is a text box")
            #expect(box.runs.first?.weight == .bold && box.runs.first?.string == "Total")
        } else {
            let error = #expect(throws: TemplateError.self) { try template.render(options: options) }
            #expect(error?.description.contains("has no usable bold face") == true, "\(String(describing: error))")
        }
    }

    @Test func markupBecomesRunsAndDataStaysPlain() throws {
        let yaml = Self.template("Dear **{{name}}** <b>VIP</b>, <u>note</u> ｜髙橋《たか はし》 ｜様《さま》")
        let template = try Template(yaml: yaml, file: "t.yaml")
        let box = try box(try template.render(values: ["name": "**not bold** <b>x</b>"]))
        let runs = box.runs.map { "\($0.weight.rawValue):\($0.underline):\($0.ruby ?? "-"):\($0.string)" }
        #expect(
            runs == [
                "regular:false:-:Dear ", "bold:false:-:**not bold** <b>x</b>", "regular:false:-: ", "bold:false:-:VIP",
                "regular:false:-:, ", "regular:true:-:note", "regular:false:-: ", "regular:false:たか はし:髙橋",
                "regular:false:-: ", "regular:false:さま:様"
            ])
        #expect(box.field == "name")
        #expect(box.fit == FitPolicy.dataDefault && box.minimumSize == 14 * 0.6)
        #expect(box.frame == Rect(x: 10, y: 10, width: 150, height: 40))
    }

    @Test func boxKeysAreReadAndCheckedAtTheirLine() throws {
        let yaml = Self.template(
            "{{name}}",
            extra: ", fit: [wrap, shrink, error], minSize: 6, valign: middle, "
                + "lineHeight: 1.5, letterSpacing: 1, rotate: -15, writing: vertical")
        let box = try box(try Template(yaml: yaml, file: "t.yaml").render())
        #expect(box.fit == [.wrap, .shrink, .error] && box.minimumSize == 6 && box.verticalAlignment == .middle)
        #expect(box.lineHeight == 1.5 && box.letterSpacing == 1 && box.rotation == -15 && box.writingMode == .vertical)

        let bad = #expect(throws: TemplateError.self) {
            try Template(yaml: Self.template("{{name}}", extra: ", fit: [shrink, squeeze]"), file: "t.yaml")
        }
        #expect(bad?.line == 7 && bad?.description.contains("squeeze") == true, "\(String(describing: bad))")
        let noHeight = #expect(throws: TemplateError.self) {
            try Template(
                yaml: Self.template("{{name}}", extra: ", fit: [clip]")
                    .replacingOccurrences(of: ", h: 40", with: ""), file: "t.yaml")
        }
        #expect(noHeight?.description.contains("\"h\"") == true, "\(String(describing: noHeight))")
        let boldWithoutBox = #expect(throws: TemplateError.self) {
            try Template(
                yaml: Self.template("{{name}}", extra: ", weight: bold")
                    .replacingOccurrences(of: ", h: 40", with: ""), file: "t.yaml")
        }
        #expect(boldWithoutBox?.description.contains("weight") == true, "\(String(describing: boldWithoutBox))")
    }

    @Test func valueTooLongNamesTheFieldTheTextTheBoxAndTheLine() throws {
        let template = try Template(yaml: Self.template("{{name}}", font: "gothic"), file: "t.yaml")
        let long = String(repeating: "〜−‖①髙ﾊﾝｶｸ", count: 10)
        let error = #expect(throws: TemplateError.self) {
            try template.render(values: ["name": long], options: TemplateRenderOptions(fonts: .shared))
        }
        let text = error?.description ?? ""
        #expect(error?.line == 7, "\(text)")
        #expect(
            text.contains("field \"name\"") && text.contains("150 × 40 pt") && text.contains("too wide"), "\(text)")
        // The 90-character value is quoted by its first 80 characters and its length (ErrorText.excerpt).
        #expect(text.contains("text \"\(long.prefix(80))… (\(long.count) characters)\""), "\(text)")
        #expect(!text.contains(long), "\(text)")
        // Without fonts the check waits for the renderer; the drawing still holds the box, not clipped text.
        #expect(try box(try template.render(values: ["name": long])).string == long)
    }

    @Test func dataInATextWithoutABoxMayNotRunOffThePage() throws {
        let yaml = Self.template("会場:{{name}}", font: "gothic").replacingOccurrences(of: ", w: 150, h: 40", with: "")
        let template = try Template(yaml: yaml, file: "t.yaml")
        let options = TemplateRenderOptions(fonts: .shared)
        #expect(try template.render(values: ["name": "髙橋"], options: options).texts.map(\.string) == ["会場:髙橋"])
        let error = #expect(throws: TemplateError.self) {
            try template.render(values: ["name": String(repeating: "〜−‖①髙ﾊﾝｶｸ", count: 3)], options: options)
        }
        #expect(
            error?.description.contains("field \"name\"") == true && error?.line == 7,
            "\(String(describing: error))")
    }

    @Test func thePostcardTakesALongAddressAndRefusesAnImpossibleOne() throws {
        let template = try Template(contentsOf: Repo.root.appendingPathComponent("Templates/postcard.yaml"))
        let options = TemplateRenderOptions(fonts: .shared)
        let address = "北海道札幌市中央区北一条西二丁目〜−‖①髙ﾊﾝｶｸ第三合同庁舎別館"
        let drawing = try template.render(values: ["address1": address], options: options)
        let boxes = drawing.commands.compactMap { if case .textBox(let box) = $0 { box } else { nil } }
        #expect(boxes.count == 9 && boxes.contains { $0.string == address })
        let error = #expect(throws: TemplateError.self) {
            try template.render(values: ["address1": String(repeating: address, count: 6)], options: options)
        }
        #expect(error?.description.contains("field \"address1 | kansuji\"") == true, "\(String(describing: error))")
    }

    @Test func theCertificateTemplateSetsEveryBox() throws {
        let url = Repo.root.appendingPathComponent("Templates/certificate.yaml")
        let drawing = try Template(contentsOf: url).render(options: TemplateRenderOptions(fonts: .shared))
        let boxes = drawing.commands.compactMap { if case .textBox(let box) = $0 { box } else { nil } }
        #expect(boxes.count == 7)
        // Every box vertical; numbers in 漢数字, no Latin line; the name with its reading.
        #expect(boxes.contains { $0.runs.contains { $0.ruby == "たか はし いち ろう" } })
        #expect(boxes.filter { $0.writingMode == .vertical }.count == 7)
        #expect(boxes.contains { $0.string.contains("第十一回") } && boxes.contains { $0.string == "令和七年十一月二十三日" })
        #expect(!boxes.contains { $0.string.contains { $0.isASCII && $0.isLetter } })
    }
}
