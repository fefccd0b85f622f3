import Documents
import DrawingModule
import Fonts
import Foundation
import Render
import TestSupport
import Testing

/// A template's fixed elements (no `{{…}}`) are made once per loaded template and their commands reused for every
/// record, and a ticket batch's first pages get their shared beginning back: neither may change what a document is.
@Suite struct TemplateFixedElementTests {
    static let anchor = Repo.root.appendingPathComponent("Templates/anchor-ticket.yaml")

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

    @Test func aBatchGivesTheBytesOfEachTicketRenderedAlone() throws {
        let job = TicketJob(template: try Template(contentsOf: Self.anchor), rules: try TicketRules())
        let members = ["GCG-00000", "GCG-00001", "GCG-66668", "GCG-00002", "GCG-80086", "GCG-40167"]
        var batch: [Data] = []
        for member in members {
            batch.append(try #require(try render(try job.drawing(values: ["member": member])).files.first))
        }
        for (member, warm) in zip(members, batch) {
            // Nothing kept applies: the template loaded again and a registry of its own, which every cache keys by.
            let fonts = FontRegistry()
            let alone = TicketJob(
                template: try Template(contentsOf: Self.anchor), rules: try TicketRules(), fonts: fonts)
            var options = OutputOptions()
            options.fonts = fonts
            let cold = try #require(
                try render(try alone.drawing(values: ["member": member]), options: options).files.first)
            #expect(warm == cold, "\(member): the batch's PDF differs from the one rendered alone")
        }
    }

    @Test func fixedCommandsAreThoseMadeAfresh() throws {
        let template = try Template(yaml: Self.yaml())
        let first = try template.render(values: ["member": "GCG-00001"])
        let second = try template.render(values: ["member": "GCG-00002"])
        // Loaded again, the template keeps nothing yet.
        let fresh = try Template(yaml: Self.yaml()).render(values: ["member": "GCG-00002"])
        #expect(second == fresh)
        #expect(first.commands.count == second.commands.count)
        #expect(first.texts.first?.string == "整理番号: 髙橋 〜 ①" && first.texts.last?.string == "開催場所:秘密")
        #expect(second.texts.contains { $0.string.contains("GCG-00002") })
    }

    @Test func aChangedFixedElementIsDrawnChanged() throws {
        _ = try Template(yaml: Self.yaml()).render(values: ["member": "GCG-00001"])
        let changed = try Template(yaml: Self.yaml(frameWidth: 120)).render(values: ["member": "GCG-00001"])
        let frame = try #require(
            changed.commands.lazy.compactMap { if case .rect(let shape) = $0 { shape } else { nil } }.first)
        #expect(frame.rect.width == 120)
    }

    @Test func aFixedElementsErrorComesEveryTime() throws {
        let yaml = Self.yaml().replacingOccurrences(of: "開催場所:秘密", with: "開催場所:\u{10FFFD}")
        let template = try Template(yaml: yaml)
        for member in ["GCG-00001", "GCG-00002"] {
            #expect(throws: TemplateError.self) {
                try template.render(values: ["member": member], options: TemplateRenderOptions(fonts: .shared))
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
        let fits = try template.render(data: ["items": .list([.text("a"), .text("b"), .text("c")])])
        #expect(fits.commands.count == 23)
        let error = try #require(throws: TemplateError.self) {
            try template.render(data: ["items": .list([.text("a"), .text("b"), .text("c"), .text("d"), .text("e")])])
        }
        let limit = try #require({ if case .limit(let limit) = error.reason { limit } else { nil } }())
        #expect(limit.limit == "elements-per-page" && limit.maximum == 24)
    }
}
