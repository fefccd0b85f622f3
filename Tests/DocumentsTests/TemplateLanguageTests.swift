import Documents
import DrawingModule
import Foundation
import Testing

/// The one template language: every strictness rule names file:line:column and the nearest valid key or name;
/// data, let, for and if; a flow set onto several pages; the old report form refused with how to convert it.
@Suite struct TemplateLanguageTests {
    func loadError(_ yaml: String) -> TemplateError? {
        #expect(throws: TemplateError.self) { try Template(yaml: yaml, file: "t.yaml") }
    }

    static func texts(_ drawing: Drawing) -> [String] {
        drawing.drawnCommands.compactMap { command in
            switch command {
            case .text(let text): text.string
            case .textBox(let box): box.runs.map(\.string).joined()
            default: nil
            }
        }
    }

    // MARK: Strictness

    @Test func misspeltKeyNamesItsPlaceAndTheNearestKey() {
        let top = loadError("page: a6\ntitel: 領収書\n")
        #expect(top?.line == 2 && top?.column == 1, "\(String(describing: top))")
        #expect(
            top?.description.contains("unknown key \"titel\" in the template (did you mean `title`?)") == true,
            "\(String(describing: top))")
        let nested = loadError(
            """
            page: a6
            palette: {ink: {stroke: "#000000"}}
            elements:
              - rect: {role: ink, x: 10, y: 10, widht: 50, h: 20}
            """)
        #expect(nested?.line == 4 && nested?.column == 37, "\(String(describing: nested))")
        #expect(nested?.description.contains("(did you mean `width`?)") == true, "\(String(describing: nested))")
        let block = loadError("page: a6\ndata: {rows: []}\nflow:\n  - table: {rows: rows, colums: []}\n")
        #expect(
            block?.line == 4 && block?.description.contains("did you mean `columns`?") == true,
            "\(String(describing: block))")
    }

    @Test func keysEqualAsTextAreDuplicatesWhetherQuotedOrNot() {
        // YAML 1.1 reads a plain `yes` as a boolean; a template key is a name, so `yes` and "yes" are one key twice.
        let duplicate = loadError("page: a6\ndata: {yes: 1, \"yes\": 2}\n")
        #expect(duplicate?.line == 2, "\(String(describing: duplicate))")
        #expect(duplicate?.description.contains("duplicate key yes") == true, "\(String(describing: duplicate))")
    }

    @Test func wrongTypeNamesItsPlaceAndWhatIsExpected() {
        let number = loadError(
            """
            page: a6
            palette: {ink: {stroke: "#000000"}}
            elements:
              - text: {role: ink, text: こんにちは, size: big, x: 10, y: 10}
            """)
        #expect(number?.reason == .badNumber(key: "size", value: "big"))
        #expect(number?.line == 4 && number?.column == 42, "\(String(describing: number))")
        let list = loadError("page: a6\nelements: 12\n")
        #expect(list?.line == 2 && list?.description.contains("a list of elements") == true)
        let paper = loadError("page: a44\n")
        #expect(
            paper?.line == 1 && paper?.column == 7 && paper?.description.contains("did you mean `a4`?") == true,
            "\(String(describing: paper))")
    }

    @Test func unknownNameInAnExpressionPointsAtTheName() {
        let error = loadError(
            """
            page: a6
            data: {title: 領収書, total: 1200}
            palette: {ink: {stroke: "#000000"}}
            elements:
              - text: {role: ink, text: "合計 {{ totl | yen }}", size: 12, x: 10, y: 10}
            """)
        #expect(
            error?.reason == .unknownName(name: "totl", known: ["title", "today", "total"]),
            "\(String(describing: error))")
        #expect(error?.line == 5 && error?.column == 36, "\(String(describing: error))")
        #expect(error?.description.contains("(did you mean `total`?)") == true)
        let flow = loadError(
            "page: a6\ndata: {items: []}\nflow:\n  - table: {rows: itmes, columns: [{title: a, value: x}]}\n")
        #expect(
            flow?.line == 4 && flow?.column == 19 && flow?.description.contains("did you mean `items`?") == true,
            "\(String(describing: flow))")
        let loopVariable = loadError(
            """
            page: a6
            data: {items: []}
            palette: {ink: {stroke: "#000000"}}
            elements:
              - for: {each: item, in: items, dy: 10, elements: [{text: {role: ink, text: "{{itme.name}}", size: 9, x: 0, y: 0}}]}
            """)
        #expect(
            loopVariable?.description.contains("did you mean `item`?") == true, "\(String(describing: loopVariable))")
    }

    @Test func paltMakesAProportionalTextBoxAndNeedsABox() throws {
        let template = try Template(
            yaml: """
                size: {width: 300, height: 60}
                palette: {ink: {stroke: "#000000"}}
                elements:
                  - text: {role: ink, text: "「カタカナ」、ひらがな。", size: 14, x: 0, y: 0, w: 300, h: 20, palt: yes}
                  - text: {role: ink, text: "「カタカナ」、ひらがな。", size: 14, x: 0, y: 30, w: 300, h: 20}
                """, file: "t.yaml")
        let boxes = try template.render(values: [:]).commands.compactMap { command -> Bool? in
            if case .textBox(let box) = command { return box.proportional }
            return nil
        }
        #expect(boxes == [true, false])
        let error = loadError(
            "page: a6\npalette: {ink: {stroke: \"#000000\"}}\nelements:\n"
                + "  - text: {role: ink, text: あ, size: 9, x: 0, y: 0, palt: yes}\n")
        #expect(error?.line == 4 && error?.description.contains("\"h\"") == true, "\(String(describing: error))")
    }

    @Test func typesettingRulesComeFromTheTemplateAndEachBoxMayOverrideThem() throws {
        let template = try Template(
            yaml: """
                size: {width: 300, height: 90}
                typesetting: {autospace: 0.125, hang: yes}
                palette: {ink: {stroke: "#000000"}}
                elements:
                  - text: {role: ink, text: "会費はA4判。", size: 14, x: 0, y: 0, w: 300, h: 20, align: justify}
                  - text: {role: ink, text: "会費はA4判。", size: 14, x: 0, y: 30, w: 300, h: 20, autospace: no, trim: no}
                  - text: {role: ink, text: "会費はA4判。", size: 14, x: 0, y: 60, w: 300, h: 20, hang: no, autospace: 1}
                """, file: "t.yaml")
        let boxes = try template.render(values: [:]).commands.compactMap { command -> Drawing.Command.TextBox? in
            if case .textBox(let box) = command { return box }
            return nil
        }
        #expect(
            boxes.map(\.typesetting) == [
                Typesetting(autospace: 0.125, trim: true, hang: true),
                Typesetting(autospace: 0, trim: false, hang: true),
                Typesetting(autospace: 1, trim: true, hang: false)
            ])
        #expect(boxes.map(\.alignment) == [.justified, .automatic, .automatic])
        let error = loadError(
            "page: a6\npalette: {ink: {stroke: \"#000000\"}}\nelements:\n"
                + "  - text: {role: ink, text: あ, size: 9, x: 0, y: 0, w: 50, h: 20, autospace: 2}\n")
        #expect(
            error?.line == 4 && error?.description.contains("autospace") == true
                && error?.description.contains("from 0 to 1") == true, "\(String(describing: error))")
        let unknown = loadError("page: a6\ntypesetting: {autospaces: 0.25}\n")
        #expect(
            unknown?.line == 2 && unknown?.description.contains("autospace") == true, "\(String(describing: unknown))")
    }

    @Test func oldReportTemplateIsRefusedWithHowToConvert() {
        let error = loadError("title: 会員名簿\ncolumns:\n  - column: 氏名\n")
        #expect(error?.line == 2, "\(String(describing: error))")
        #expect(
            error?.description.contains("old report template form") == true
                && error?.description.contains("Templates/report.yaml") == true, "\(String(describing: error))")
    }

    @Test func nothingIsPrintedThatTheTemplateDoesNotSay() throws {
        let template = try Template(
            yaml: """
                page: a6
                data: {rows: []}
                flow:
                  - table: {rows: rows, columns: [{title: 品名, value: "{{row.name}}"}]}
                """, file: "t.yaml")
        let rows: TemplateValue = .list([.record(TemplateRecord([("name", .text("コーヒー"))]))])
        let document = try template.document(data: ["rows": rows], options: TemplateRenderOptions(fonts: .shared))
        #expect(document.pages.flatMap(Self.texts).sorted() == ["コーヒー", "品名"])
    }

    // MARK: Data, let, for, if

    @Test func forAndIfPlaceOneElementPerItem() throws {
        let template = try Template(
            yaml: """
                page: {width: 300pt, height: 200pt}
                data:
                  items:
                    - {name: ブレンド豆, price: 1200, rate: 8}
                    - {name: マグカップ, price: 2400, rate: 10}
                    - {name: 焼菓子, price: 1600, rate: 8}
                let:
                  total: "items | sum('price')"
                palette: {ink: {stroke: "#000000"}}
                elements:
                  - for:
                      each: item
                      in: items
                      dy: 20
                      elements:
                        - text: {role: ink, text: "{{loop.index}}. {{item.name}} {{ item.price | yen }}", size: 10, x: 10, y: 10}
                        - if: {test: "item.rate == 8", then: [{text: {role: ink, text: ※, size: 10, x: 200, y: 10}}]}
                  - text: {role: ink, text: "合計 {{ total | yen }}", size: 10, x: 10, y: 100}
                """, file: "t.yaml")
        let page = try template.render(options: TemplateRenderOptions(fonts: .shared))
        let texts = page.commands.compactMap { command -> (String, Double)? in
            if case .text(let text) = command { (text.string, text.origin.y) } else { nil }
        }
        #expect(
            texts.map(\.0) == [
                "1. ブレンド豆 ¥1,200", "※", "2. マグカップ ¥2,400", "3. 焼菓子 ¥1,600", "※",
                "合計 ¥5,200"
            ])
        #expect(texts.map(\.1) == [10, 10, 30, 50, 50, 100])
    }

    @Test func defaultsKeepTheirTypeAndGivenTextReplacesThem() throws {
        let template = try Template(
            yaml: """
                page: a6
                data: {paid: false, fee: 1200}
                palette: {ink: {stroke: "#000000"}}
                elements:
                  - if: {test: paid, then: [{text: {role: ink, text: 支払済, size: 10, x: 10, y: 10}}]}
                  - text: {role: ink, text: "{{ (fee * 2) | yen }}", size: 10, x: 10, y: 30}
                """, file: "t.yaml")
        #expect(Self.texts(try template.render()) == ["¥2,400"])
        #expect(Self.texts(try template.render(values: ["paid": "yes", "fee": "1,500"])) == ["支払済", "¥3,000"])
    }

    @Test func aRequiredInputWithoutValueIsAMissingValue() throws {
        let template = try Template(
            yaml: """
                page: a6
                data: {customer: null}
                palette: {ink: {stroke: "#000000"}}
                elements:
                  - text: {role: ink, text: "{{customer}} 様", size: 10, x: 10, y: 10}
                """, file: "t.yaml")
        let error = #expect(throws: TemplateError.self) { try template.render() }
        #expect(error?.reason == .missingValue(placeholder: "customer") && error?.line == 5)
        #expect(try template.render(values: ["customer": "髙橋"]).commands.count == 1)
        let unknown = #expect(throws: TemplateError.self) { try template.render(values: ["custmer": "x"]) }
        #expect(unknown?.description.contains("did you mean `customer`?") == true, "\(String(describing: unknown))")
    }

    // MARK: Flow

    @Test func aLongTableFlowsOntoPagesWithItsHeaderRepeated() throws {
        let template = try Template(
            yaml: """
                page: a6
                title: 会員一覧
                data: {rows: []}
                header: "{{title}}"
                footer: "{{page}} / {{pages}}"
                flow:
                  - heading: "{{title}}"
                  - table:
                      rows: rows
                      columns:
                        - {title: 番号, value: "{{loop.index}}", align: right}
                        - {title: 氏名, value: "{{row.name}}", width: 1fr}
                        - {title: 年会費, value: "{{ row.fee | yen }}", align: right}
                      footer:
                        - {氏名: "合計 {{ rows | count }}名", 年会費: "{{ rows | sum('fee') | yen }}"}
                """, file: "t.yaml")
        let rows = TemplateValue.list(
            (1...60).map { index in
                .record(
                    TemplateRecord([
                        ("name", .text("髙橋 一郎 \(index)")), ("fee", .text(index % 2 == 0 ? "12000" : "8,000.5"))
                    ]))
            })
        let error = #expect(throws: TemplateError.self) {
            try template.document(data: ["rows": rows], options: TemplateRenderOptions(fonts: .shared))
        }
        #expect(
            error?.description.contains("round(0") == true && error?.record == "row 1 of `rows`",
            "\(String(describing: error))")
        let whole = TemplateValue.list(
            (1...60).map { index in
                .record(
                    TemplateRecord([
                        ("name", .text("髙橋 一郎 \(index)")), ("fee", .text(index % 2 == 0 ? "12000" : "8,000"))
                    ]))
            })
        let document = try template.document(data: ["rows": whole], options: TemplateRenderOptions(fonts: .shared))
        #expect(document.pages.count >= 3, "\(document.pages.count) pages")
        #expect(document.metadata.title == "会員一覧")
        for (index, page) in document.pages.enumerated() {
            let texts = Self.texts(page)
            #expect(texts.contains("氏名") && texts.contains("年会費"), "header on page \(index + 1)")
            #expect(
                texts.contains("\(index + 1) / \(document.pages.count)"), "page number on page \(index + 1): \(texts)")
        }
        let all = document.pages.flatMap(Self.texts)
        #expect(all.contains("合計 60名") && all.contains("¥600,000"), "\(all.suffix(4))")
    }

    // MARK: Parts

    @Test func aPartIsAnotherTemplateFilledFromThisOnesNames() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mkpdf-part-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try """
        page: {width: 60pt, height: 60pt}
        data: {name: null}
        palette: {seal: {stroke: "#C8102E"}}
        elements:
          - text: {role: seal, text: "{{name}}", size: 12, x: 5, y: 5, w: 50, h: 50, fit: [wrap, shrink, error]}
        """.write(to: folder.appendingPathComponent("seal.yaml"), atomically: true, encoding: .utf8)
        let template = try Template(
            contentsOf: folder.appendingPathComponent("t.yaml").writing(
                """
                page: a6
                data: {shop: 喫茶 髙田珈琲店}
                elements:
                  - part: {file: seal.yaml, x: 200, y: 20, w: 30, h: 30, data: {name: "{{shop}}"}}
                """))
        let page = try template.render(options: TemplateRenderOptions(fonts: .shared))
        guard case .part(let part) = page.commands.first else {
            Issue.record("expected a part, got \(page.commands)")
            return
        }
        #expect(part.rect == Rect(x: 200, y: 20, width: 30, height: 30))
        #expect(Self.texts(part.drawing) == ["喫茶 髙田珈琲店"])

        // A misspelt input of the part is named with the nearest one, at this template's line.
        let misspelt = #expect(throws: TemplateError.self) {
            try Template(
                contentsOf: folder.appendingPathComponent("u.yaml").writing(
                    """
                    page: a6
                    elements:
                      - part: {file: seal.yaml, x: 0, y: 0, w: 30, h: 30, data: {nmae: x}}
                    """))
        }
        #expect(
            misspelt?.line == 3 && misspelt?.description.contains("did you mean `name`?") == true,
            "\(String(describing: misspelt))")
        // A part that includes itself is refused, not recursed into.
        let loop = #expect(throws: TemplateError.self) {
            try Template(
                contentsOf: folder.appendingPathComponent("loop.yaml").writing(
                    """
                    page: a6
                    elements:
                      - part: {file: loop.yaml, x: 0, y: 0, w: 30, h: 30}
                    """))
        }
        #expect(loop?.description.contains("may not include itself") == true, "\(String(describing: loop))")
    }
}

extension URL {
    /// Writes `text` to this file and returns the URL, for templates made inside a test.
    fileprivate func writing(_ text: String) throws -> URL {
        try text.write(to: self, atomically: true, encoding: .utf8)
        return self
    }
}
