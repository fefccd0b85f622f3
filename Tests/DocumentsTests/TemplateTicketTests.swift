import Barcodes
import Documents
import DrawingModule
import Foundation
import TestSupport
import Testing

/// `Templates/seed-ticket.yaml` gives the seed's ticket: its texts, colours, decoration rows and a readable QR code.
/// (The redesigned `Templates/ticket.yaml` has its own tests: TicketDesignTests.)
@Suite struct TemplateTicketTests {
    static let url = Repo.root.appendingPathComponent("Templates/seed-ticket.yaml")

    @Test func theTemplateGivesTheSeedsTicket() throws {
        let template = try Template(contentsOf: Self.url)
        #expect(template.placeholderNames == ["date", "email", "issuer", "member", "ticket", "title", "venue"])
        let drawing = try template.render()
        #expect(drawing.size == Size(width: 400, height: 150))
        #expect(drawing.background == .white)
        #expect(
            drawing.texts.map(\.string) == [
                "整理番号:", "FN-579-413", "入場整理券", "  日付:2014年12月20日", "会員番号:GCG-40167",
                "開催場所:秘密(招待メール参照)", "発行人:ガイガー・カウント・グループ", "watashida@gaigaigai.com"
            ])
        let venue = try #require(drawing.texts.first { $0.string.hasPrefix("開催場所") })
        #expect(venue.color == Color(hex: "#FF0000") && venue.size == 14 && venue.origin == Point(x: 180, y: 90))
        let issuer = try #require(drawing.texts.first { $0.string.hasPrefix("発行人") })
        #expect(issuer.color == Color(hex: "#808080"))
        // The seed's decorations: the diagonal rows (19 at the top beside the QR code, 18 at the bottom) and the
        // separator, 24 translucent green dots, 8 translucent squares.
        let lines = drawing.commands.compactMap { if case .line(let line) = $0 { line } else { nil } }
        #expect(lines.count == 19 + 1 + 18)
        #expect(lines.first?.from == Point(x: 190, y: 30) && lines.first?.to == Point(x: 200, y: 10))
        #expect(lines.contains { $0.width == 3 && $0.from == Point(x: 10, y: 80) && $0.to == Point(x: 380, y: 80) })
        let dots = drawing.commands.compactMap { if case .ellipse(let shape) = $0 { shape } else { nil } }
        #expect(dots.count == 24)
        #expect(dots.last?.rect == Rect(x: 365, y: 75, width: 10, height: 10))
        #expect(dots.allSatisfy { $0.paint == .fill && $0.fill.alpha < 1 })
        let squares = drawing.commands.compactMap { command -> Drawing.Command.Shape? in
            if case .rect(let shape) = command, shape.rect.size == Size(width: 8, height: 8) { shape } else { nil }
        }
        #expect(squares.count == 8 && squares.allSatisfy { $0.fill.alpha < 1 })
    }

    @Test func valuesReplaceDefaultsEverywhere() throws {
        let drawing = try Template(contentsOf: Self.url).render(values: [
            "member": "ABC-1", "ticket": "T-2", "date": "2026年11月21日", "venue": "東京ドーム"
        ])
        let strings = drawing.texts.map(\.string)
        #expect(strings.contains("会員番号:ABC-1") && strings.contains("T-2"))
        #expect(strings.contains("  日付:2026年11月21日") && strings.contains("開催場所:東京ドーム"))
        #expect(try Self.scanQR(in: drawing) == "T-2/ABC-1")
    }

    @Test func theQRCodeInTheDrawingScansToTicketSlashMember() throws {
        let drawing = try Template(contentsOf: Self.url).render()
        #expect(try Self.scanQR(in: drawing) == "FN-579-413/GCG-40167")
        // It sits in the free top-right corner, clear of the title, the date and the diagonal row.
        let modules = Self.blackRects(drawing)
        let left = modules.map(\.x).min() ?? 0
        let right = modules.map(\.maxX).max() ?? 0
        let top = modules.map(\.y).min() ?? 0
        let bottom = modules.map(\.maxY).max() ?? 0
        #expect(left > 350 && right < 400 && top > 2 && bottom < 55, "QR at \(left)…\(right) × \(top)…\(bottom)")
    }

    @Test func jsonIsATemplateTooAndRepeatMovesByDxAndDy() throws {
        let json = """
            {"size": {"width": 100, "height": 80}, "background": "none", "palette": {"ink": {"fill": "#00000080"}},
             "elements": [{"rect": {"role": "ink", "paint": "fill", "x": 1, "y": 2, "w": 3, "h": 4,
                                    "repeat": {"count": 3, "dx": 10, "dy": 5}}}]}
            """
        let drawing = try Template(yaml: json, file: "t.json").render()
        #expect(drawing.background == nil)
        let rects = drawing.commands.compactMap { if case .rect(let shape) = $0 { shape.rect } else { nil } }
        #expect(rects.map(\.origin) == [Point(x: 1, y: 2), Point(x: 11, y: 7), Point(x: 21, y: 12)])
        let zero = #expect(throws: TemplateError.self) {
            try Template(yaml: json.replacingOccurrences(of: "\"count\": 3", with: "\"count\": 0"), file: "t.json")
        }
        #expect(zero?.reason == .badValue(key: "count", value: "0", expected: "a whole number from 1 to 10000"))
        #expect(zero?.line == 3)
    }

    /// The black rectangles of the drawing's barcodes as placed at 2 pixels per point: the QR modules.
    static func blackRects(_ drawing: Drawing) -> [Rect] {
        drawing.commands.flatMap { command -> [Rect] in
            guard case .barcode(let barcode) = command, barcode.dark == .black,
                let layout = try? BarcodeLayout(barcode, pixelsPerPoint: 2)
            else { return [] }
            return layout.bars
        }
    }

    /// Paints the drawing's black rectangles at 2 pixels per point into a PGM and asks zbarimg to read it.
    static func scanQR(in drawing: Drawing) throws -> String {
        let width = Int(drawing.size.width * 2)
        let height = Int(drawing.size.height * 2)
        var pixels = [UInt8](repeating: 255, count: width * height)
        for rect in blackRects(drawing) {
            for y in Int(rect.y * 2)..<Int(rect.maxY * 2) {
                for x in Int(rect.x * 2)..<Int(rect.maxX * 2) { pixels[y * width + x] = 0 }
            }
        }
        let scratch = try Scratch("ticket-qr")
        let file = scratch.file("qr.pgm")
        try (Data("P5\n\(width) \(height)\n255\n".utf8) + pixels).write(to: file)
        let result = try Oracle.run("zbarimg", ["--raw", "-q", file.path])
        #expect(result.status == 0, "zbarimg: \(result.stderr)")
        return result.stdout.trimmingCharacters(in: .newlines)
    }
}
