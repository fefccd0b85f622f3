import Barcodes
import Documents
import DrawingModule
import Foundation
import TestSupport
import Testing

/// The redesigned `Templates/ticket.yaml` keeps its design rules: every text in a box inside the 16 pt margins and on
/// the 8 pt grid's columns, a QR code with a quiet zone of at least 4 modules that nothing else enters, a clear order
/// of sizes (title, number, fields, issuer), full-width punctuation in Japanese text, and decoration only in the band
/// along the top edge.
@Suite struct TicketDesignTests {
    static let url = Repo.root.appendingPathComponent("Templates/ticket.yaml")
    static let margin = 16.0

    /// The ticket with its defaults, and with the longest values the tests of `mkpdf ticket` use.
    static func drawings() throws -> [Drawing] {
        let template = try Template(contentsOf: url)
        return [
            try template.render(),
            try template.render(values: [
                "ticket": "ABCDEFGHIJ-0123456789-KLMNOPQRST",
                "member": "ABCDEFGHIJ-0123456789-KLMNOPQRST",
                "venue": "会場〜東京−‖①髙ﾊﾝｶｸ（株）国際展示場西ホール特設会場アネックス棟三階大会議"
            ])
        ]
    }

    static func textBoxes(_ drawing: Drawing) -> [Drawing.Command.TextBox] {
        drawing.commands.compactMap { if case .textBox(let box) = $0 { box } else { nil } }
    }

    @Test func everyTextIsABoxInsideTheMarginsOnTheGridsColumns() throws {
        for drawing in try Self.drawings() {
            #expect(drawing.size == Size(width: 400, height: 150))
            #expect(
                !drawing.commands.contains { if case .text = $0 { true } else { false } },
                "no free-standing line of text: every text is a box")
            let boxes = Self.textBoxes(drawing)
            #expect(boxes.count == 12)
            for box in boxes {
                let frame = box.frame
                #expect(
                    frame.x >= Self.margin && frame.y >= Self.margin && frame.maxX <= 400 - Self.margin
                        && frame.maxY <= 150 - Self.margin, "\(box.string) at \(frame) is inside the margins")
                #expect(frame.x.truncatingRemainder(dividingBy: 8) == 0, "\(box.string) starts on the 8 pt grid")
                #expect(
                    box.runs.allSatisfy { $0.string.first?.isWhitespace != true },
                    "\(box.string): aligned by its box, not by leading spaces")
            }
        }
    }

    @Test func theHierarchyIsTitleThenNumberThenFieldsThenIssuer() throws {
        let boxes = Self.textBoxes(try Template(contentsOf: Self.url).render())
        func box(_ field: String) throws -> Drawing.Command.TextBox {
            try #require(boxes.first { $0.field == field }, "a box for {{\(field)}}")
        }
        let title = try box("title")
        let ticket = try box("ticket")
        let issuer = try box("issuer")
        let email = try box("email")
        #expect(title.string == "入場整理券" && title.runs.allSatisfy { $0.weight == .bold })
        #expect(title.largestSize == 22 && ticket.largestSize == 20)
        for field in ["member", "venue", "date"] { #expect(try box(field).largestSize == 12, "\(field)") }
        #expect(issuer.largestSize == 8 && email.largestSize == 8)
        let labels = boxes.filter { $0.field == nil && $0.string != "入場整理券" }
        #expect(labels.map(\.string).sorted() == ["会員番号", "整理番号", "日付", "発行", "開催場所"].sorted())
        #expect(labels.allSatisfy { $0.largestSize < issuer.largestSize }, "labels are the quietest text")
        // The title stands alone at the top-left; every label sits above (or beside) its value.
        #expect(title.frame.origin == Point(x: 16, y: 16))
    }

    @Test func theQRCodeHasAQuietZoneOfFourModulesThatNothingEnters() throws {
        for drawing in try Self.drawings() {
            let codes = drawing.commands.compactMap { if case .barcode(let code) = $0 { code } else { nil } }
            let code = try #require(codes.first)
            #expect(codes.count == 1 && code.light == .white)
            for pixelsPerPoint in [1.0, 2.0] {
                let layout = try BarcodeLayout(code, pixelsPerPoint: pixelsPerPoint)
                let module = layout.moduleWidth
                let left = layout.bars.map(\.x).min()!
                let right = layout.bars.map(\.maxX).max()!
                let top = layout.bars.map(\.y).min()!
                let bottom = layout.bars.map(\.maxY).max()!
                let quiet = 4 * module
                let zone = Rect(
                    x: left - quiet, y: top - quiet, width: right - left + 2 * quiet,
                    height: bottom - top + 2 * quiet)
                // The painted light square covers the quiet zone, and stays the margin away from the page edges.
                #expect(
                    code.rect.x <= zone.x && code.rect.y <= zone.y && code.rect.maxX >= zone.maxX
                        && code.rect.maxY >= zone.maxY, "the white square \(code.rect) holds the zone \(zone)")
                #expect(
                    code.rect.x >= Self.margin && code.rect.y >= Self.margin
                        && code.rect.maxX <= 400 - Self.margin && code.rect.maxY <= 150 - Self.margin)
                // No other element's bounds come into the zone.
                for command in drawing.commands {
                    let bounds: Rect? =
                        switch command {
                        case .textBox(let box): box.frame
                        case .line(let line):
                            Rect(
                                x: min(line.from.x, line.to.x) - line.width / 2,
                                y: min(line.from.y, line.to.y) - line.width / 2,
                                width: abs(line.to.x - line.from.x) + line.width,
                                height: abs(line.to.y - line.from.y) + line.width)
                        case .rect(let shape), .ellipse(let shape): shape.rect
                        default: nil
                        }
                    guard let bounds else { continue }
                    let overlaps =
                        bounds.x < zone.maxX && zone.x < bounds.maxX && bounds.y < zone.maxY && zone.y < bounds.maxY
                    #expect(!overlaps, "\(command) enters the QR quiet zone \(zone) (module \(module) pt)")
                }
            }
        }
    }

    @Test func decorationStaysInTheTopBandAndIsLighterThanAnyText() throws {
        let drawing = try Template(contentsOf: Self.url).render()
        func lightness(_ color: Color) -> Double {
            (color.red + color.green + color.blue) / 3 * color.alpha + (1 - color.alpha)
        }
        let lightestText =
            drawing.commands.compactMap { command -> Double? in
                guard case .textBox(let box) = command else { return nil }
                return box.runs.map { lightness($0.color) }.max()
            }.max() ?? 1
        for command in drawing.commands {
            switch command {
            case .ellipse(let shape):
                #expect(shape.rect.maxY <= 8, "dots in the band")
                #expect(lightness(shape.fill) > lightestText)
            case .line(let line) where line.from.y < Self.margin || line.to.y < Self.margin:
                #expect(max(line.from.y, line.to.y) <= 8, "hatching in the band")
                #expect(lightness(line.color) > lightestText)
            case .rect(let shape):
                #expect(shape.rect.maxY <= 8 && lightness(shape.fill) > 0.9, "the band's light fill")
            default: break
            }
        }
    }

    @Test func japaneseTextUsesFullWidthPunctuation() throws {
        func isJapanese(_ scalar: Unicode.Scalar) -> Bool {
            switch scalar.value {
            case 0x3000...0x30FF, 0x3400...0x9FFF, 0xFF00...0xFFEF, 0x20000...0x3FFFF: true
            default: false
            }
        }
        // The template's own text and default values, as written, and as drawn.
        let source = try String(contentsOf: Self.url, encoding: .utf8)
            .split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("#") }
            .map { line in line.split(separator: "#", maxSplits: 1).first.map(String.init) ?? "" }
        let drawn = Self.textBoxes(try Template(contentsOf: Self.url).render()).map(\.string)
        for line in source + drawn {
            let scalars = Array(line.unicodeScalars)
            for (index, scalar) in scalars.enumerated() where ":()".unicodeScalars.contains(scalar) {
                let neighbours = [
                    index > 0 ? scalars[index - 1] : nil, index + 1 < scalars.count ? scalars[index + 1] : nil
                ]
                #expect(
                    !neighbours.contains { $0.map(isJapanese) ?? false },
                    "half-width \"\(scalar)\" next to Japanese text in: \(line)")
            }
        }
        #expect(drawn.contains("秘密（招待メール参照）"))
    }
}
