import Documents
import DrawingModule
import Fonts
import Foundation
import Render
import TestSupport
import Testing

/// A template's fixed elements (no `{{…}}`) are made once per loaded template and their commands reused for every
/// record of the same owner (its `RenderContext`), and a ticket batch's first pages get their shared beginning back:
/// neither may change what a document is. Each test owns its context; a document made with none keeps nothing.
@Suite struct TemplateFixedElementTests {
    /// A small ticket: fixed frame, rules, circles and labels, the member's number in a box between them.
    static func yaml(frameWidth: Int = 170) -> String {
        """
        size: {width: 400, height: 150}
        font: gothic
        placeholders: {member: GCG-00000}
        palette:
          main: {stroke: "#1A1AFF", fill: "#E6E6FF"}
          dot: {fill: "#4DFF4D80"}
        elements:
          - rect: {role: main, paint: both, width: 1, x: 10, y: 10, w: \(frameWidth), h: 60}
          - text: {role: main, text: "整理番号: 髙橋 〜 ①", size: 16, x: 15, y: 13}
          - line: {role: main, width: 1, x1: 190, y1: 30, x2: 200, y2: 10, repeat: {count: 10, dx: 8}}
          - circle: {role: dot, paint: fill, x: 20, y: 75, w: 10, h: 10, repeat: {count: 8, dx: 15}}
          - text: {role: main, text: "会員番号:{{member}}", size: 14, x: 15, y: 90, w: 200, h: 20, minSize: 7}
          - text: {role: main, text: "開催場所:秘密", size: 12, x: 180, y: 115}
        """
    }

    /// Records that differ in one value at a time (the member, or the venue and back) render to the bytes each
    /// gives alone: neither the kept fixed elements nor the boxes kept from the record before change a ticket.
    @Test(arguments: ["Templates/anchor-ticket.yaml", "Templates/seed-ticket.yaml"])
    func aBatchGivesTheBytesOfEachTicketRenderedAlone(path: String) throws {
        let url = Repo.root.appendingPathComponent(path)
        let context = RenderContext()
        var job = TicketJob(template: try Template(contentsOf: url), rules: try TicketRules())
        job.context = context
        var batchOptions = OutputOptions()
        batchOptions.context = context
        var records = ["GCG-00000", "GCG-00001", "GCG-66668", "GCG-00002", "GCG-80086", "GCG-40167"].map {
            ["member": $0]
        }
        if path.contains("seed") {
            records[2]["venue"] = "大阪・髙島屋〜①"
            records[4]["venue"] = "大阪・髙島屋〜①"
        }
        var batch: [Data] = []
        for values in records {
            batch.append(try #require(try render(try job.drawing(values: values), options: batchOptions).files.first))
        }
        for (values, warm) in zip(records, batch) {
            // Nothing kept: no context.
            let alone = TicketJob(template: try Template(contentsOf: url), rules: try TicketRules())
            let cold = try #require(try render(try alone.drawing(values: values)).files.first)
            #expect(warm == cold, "\(values): the batch's PDF differs from the one rendered alone")
        }
    }

    /// A ticket whose boxes read values: each record's boxes are kept, and the next record whose texts for a box are
    /// the same gets that box back.
    static let valueBoxes = """
        size: {width: 400, height: 150}
        font: gothic
        placeholders: {member: GCG-00000, venue: 東京・髙島屋〜①, date: 2026年11月27日}
        palette: {ink: {stroke: "#1A1A1A"}}
        elements:
          - text: {role: ink, text: "会員番号:{{member}}", size: 14, x: 15, y: 10, w: 160, h: 20, minSize: 7}
          - text: {role: ink, text: "開催場所:{{venue}}", size: 12, x: 15, y: 40, w: 200, h: 20, minSize: 6}
          - text: {role: ink, text: "{{date}}", size: 12, x: 15, y: 70, w: 200, h: 20, minSize: 6}
        """

    /// The strings of a drawing's text boxes, as UTF-8 bytes (`==` on strings takes canonically equal texts as one).
    static func boxBytes(_ drawing: Drawing) -> [[UInt8]] {
        drawing.commands.compactMap { if case .textBox(let box) = $0 { Array(box.string.utf8) } else { nil } }
    }

    @Test func boxesKeptFromTheLastRecordAreThoseMadeAfresh() throws {
        let template = try Template(yaml: Self.valueBoxes)
        let options = TemplateRenderOptions(fonts: .shared, context: RenderContext())
        let alone = TemplateRenderOptions(fonts: .shared)
        // One value changes at a time, and comes back: every record's page is the one a fresh load makes.
        let records: [[String: String]] = [
            ["member": "GCG-00001"], ["member": "GCG-00002"], ["member": "GCG-00002", "venue": "大阪〜ﾊﾝｶｸ"],
            ["member": "GCG-00002"], ["member": "GCG-00001", "date": "2026年12月1日"], ["member": "GCG-00001"]
        ]
        for values in records {
            let kept = try template.render(values: values, options: options)
            let fresh = try Template(yaml: Self.valueBoxes).render(values: values, options: alone)
            #expect(kept == fresh, "\(values)")
            #expect(Self.boxBytes(kept) == Self.boxBytes(fresh), "\(values)")
            #expect(Self.boxBytes(kept).count == 3)
        }
        let last = try template.render(values: ["venue": "京都"], options: options)
        #expect(Self.boxBytes(last)[1] == Array("開催場所:京都".utf8))
    }

    /// A value written with other code points (が as か + U+3099) is a changed text: its box is made from its bytes.
    @Test func aValueCanonicallyEqualButOtherBytesIsMadeAgain() throws {
        let template = try Template(yaml: Self.valueBoxes)
        let options = TemplateRenderOptions(fonts: .shared, context: RenderContext())
        let composed = try template.render(values: ["venue": "がっこう"], options: options)
        let decomposed = try template.render(values: ["venue": "か\u{3099}っこう"], options: options)
        #expect(Self.boxBytes(composed)[1] == Array("開催場所:がっこう".utf8))
        #expect(Self.boxBytes(decomposed)[1] == Array("開催場所:か\u{3099}っこう".utf8))
    }

    /// A record after one that passed is checked again for what changed: a glyph no font has and a text too long
    /// to fit fail with the field named, and the record after them passes.
    @Test func aChangedValueIsCheckedAgain() throws {
        let template = try Template(yaml: Self.valueBoxes)
        let options = TemplateRenderOptions(fonts: .shared, context: RenderContext())
        _ = try template.render(values: ["member": "GCG-00001"], options: options)
        let missing = try #require(throws: TemplateError.self) {
            try template.render(values: ["member": "GCG-\u{10FFFD}"], options: options)
        }
        let field = try #require({ if case .missingGlyph(let field, _) = missing.reason { field } else { nil } }())
        #expect(field == "member")
        let long = try #require(throws: TemplateError.self) {
            try template.render(values: ["member": String(repeating: "髙", count: 80)], options: options)
        }
        let fit = try #require({ if case .textFit(let error) = long.reason { error } else { nil } }())
        #expect(fit.field == "member")
        let again = try template.render(values: ["member": "GCG-00001"], options: options)
        #expect(Self.boxBytes(again)[0] == Array("会員番号:GCG-00001".utf8))
    }

    @Test func fixedCommandsAreThoseMadeAfresh() throws {
        let template = try Template(yaml: Self.yaml())
        let kept = TemplateRenderOptions(context: RenderContext())
        let first = try template.render(values: ["member": "GCG-00001"], options: kept)
        let second = try template.render(values: ["member": "GCG-00002"], options: kept)
        // With no context nothing is kept.
        let fresh = try Template(yaml: Self.yaml()).render(values: ["member": "GCG-00002"])
        #expect(second == fresh)
        #expect(first.commands.count == second.commands.count)
        #expect(first.texts.first?.string == "整理番号: 髙橋 〜 ①" && first.texts.last?.string == "開催場所:秘密")
        #expect(second.texts.contains { $0.string.contains("GCG-00002") })
    }

    @Test func aChangedFixedElementIsDrawnChanged() throws {
        let kept = TemplateRenderOptions(context: RenderContext())
        _ = try Template(yaml: Self.yaml()).render(values: ["member": "GCG-00001"], options: kept)
        let changed = try Template(yaml: Self.yaml(frameWidth: 120)).render(
            values: ["member": "GCG-00001"], options: kept)
        let frame = try #require(
            changed.commands.lazy.compactMap { if case .rect(let shape) = $0 { shape } else { nil } }.first)
        #expect(frame.rect.width == 120)
    }

    @Test func aFixedElementsErrorComesEveryTime() throws {
        let yaml = Self.yaml().replacingOccurrences(of: "開催場所:秘密", with: "開催場所:\u{10FFFD}")
        let template = try Template(yaml: yaml)
        let options = TemplateRenderOptions(fonts: .shared, context: RenderContext())
        for member in ["GCG-00001", "GCG-00002"] {
            #expect(throws: TemplateError.self) {
                try template.render(values: ["member": member], options: options)
            }
        }
    }
    /// The kept commands of a stretch of fixed elements count against the page's limit as when they were made: a
    /// second record whose loop draws more is stopped where a first render of it would be.
    @Test func keptFixedElementsCountAgainstThePageLimit() throws {
        let yaml = """
            size: {width: 400, height: 150}
            palette: {ink: {stroke: "#1A1A1A"}}
            data: {items: []}
            elements:
              - rect: {role: ink, x: 10, y: 10, w: 170, h: 60}
              - line: {role: ink, x1: 190, y1: 30, x2: 200, y2: 10, repeat: {count: 10, dx: 8}}
              - circle: {role: ink, x: 20, y: 75, w: 10, h: 10, repeat: {count: 8, dx: 15}}
              - for:
                  each: item
                  in: items
                  elements: [{rect: {role: ink, x: 20, y: 100, w: 5, h: 5}}]
              - line: {role: ink, x1: 10, y1: 140, x2: 380, y2: 140}
            """
        var limits = Limits()
        limits.elementsPerPage = 24
        let template = try Template(yaml: yaml, file: "limit.yaml", limits: limits)
        let options = TemplateRenderOptions(context: RenderContext())
        let fits = try template.render(data: ["items": .list([.text("a"), .text("b"), .text("c")])], options: options)
        #expect(fits.commands.count == 23)
        let error = try #require(throws: TemplateError.self) {
            try template.render(
                data: ["items": .list([.text("a"), .text("b"), .text("c"), .text("d"), .text("e")])], options: options)
        }
        let limit = try #require({ if case .limit(let limit) = error.reason { limit } else { nil } }())
        #expect(limit.limit == "elements-per-page" && limit.maximum == 24)
    }
}
