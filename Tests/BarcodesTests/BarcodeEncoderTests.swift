import Barcodes
import Documents
import DrawingModule
import Foundation
import Render
import TestSupport
import Testing

@Suite struct BarcodeEncoderTests {
    typealias Barcode = Drawing.Command.Barcode

    @Test func qrVersion1IsTwentyOneModulesPlusTheQuietZoneInLibzintsVectorUnits() throws {
        let barcode = Barcode(
            symbology: .qr, data: "hello", rect: Rect(x: 0, y: 0, width: 100, height: 100),
            dark: .black, options: .init(quietZone: 2))
        let geometry = try BarcodeEncoder.geometry(for: barcode)
        #expect(geometry.width == 25 && geometry.height == 25)
        // The standard quiet zone (4 modules) when none is given.
        var standard = barcode
        standard.options.quietZone = nil
        #expect(try BarcodeEncoder.geometry(for: standard).width == 29)
    }

    @Test func everyModuleEdgeIsOnThePixelGridAndTheCodeIsCentred() throws {
        let barcode = Barcode(
            symbology: .qr, data: "T-2/ABC-1", rect: Rect(x: 10.3, y: 20.7, width: 50, height: 50),
            dark: .black, options: .init(quietZone: 2))
        for scale in [1.0, 2, 3] {
            let layout = try BarcodeLayout(barcode, pixelsPerPoint: scale)
            for bar in layout.bars {
                for edge in [bar.x, bar.y, bar.maxX, bar.maxY] {
                    #expect(abs(edge * scale - (edge * scale).rounded()) < 1e-9, "edge \(edge) at \(scale)")
                }
            }
            #expect(
                layout.area.x >= 10.3 && layout.area.maxX <= 60.3 && layout.area.y >= 20.7
                    && layout.area.maxY <= 70.7)
        }
    }

    @Test func checkDigitsAreComputedOrVerifiedAsAsked() throws {
        func layout(_ kind: Barcode.Symbology, _ data: String, _ check: Barcode.CheckDigit? = nil) throws
            -> BarcodeLayout
        {
            try BarcodeLayout(
                Barcode(
                    symbology: kind, data: data, rect: Rect(x: 0, y: 0, width: 300, height: 100),
                    dark: .black, options: .init(checkDigit: check)), pixelsPerPoint: 2)
        }
        #expect(try layout(.ean13, "490123456789").labels.map(\.text) == ["4", "901234", "567894"])
        #expect(try layout(.ean13, "4901234567894").labels.map(\.text) == ["4", "901234", "567894"])
        let wrong = #expect(throws: BarcodeError.self) { try layout(.ean13, "4901234567890") }
        #expect(wrong?.cause == .checkDigit && wrong?.field == "data")
        let short = #expect(throws: BarcodeError.self) { try layout(.ean13, "490123456789", .verify) }
        #expect(short?.cause == .wrongLength)
        #expect(try layout(.itf14, "1490123456789").labels.map(\.text) == ["14901234567891"])
        // Code 39's mod-43 and NW-7's mod-16 check characters.
        #expect(try layout(.code39, "MKPDF-39", .compute).labels.first?.text.contains("MKPDF-39") == true)
        let badCode39 = #expect(throws: BarcodeError.self) { try layout(.code39, "MKPDF-39X", .verify) }
        #expect(badCode39?.cause == .checkDigit)
        // A=16, 1…5, B=17 sum to 48, a multiple of 16: 5 is the right check character of A1234B.
        _ = try layout(.codabar, "A12345B", .verify)
        let badCodabar = #expect(throws: BarcodeError.self) { try layout(.codabar, "A12346B", .verify) }
        #expect(badCodabar?.cause == .checkDigit)
        let none = #expect(throws: BarcodeError.self) { try layout(.code128, "ABC", .compute) }
        #expect(none?.field == "options.checkDigit")
    }

    @Test func theJSONFormLeavesOptionsOutAndRoundTrips() throws {
        let json = """
            {"size": {"width": 200, "height": 100}, "commands": [{"kind": "barcode", "symbology": "codabar",
             "data": "A1234B", "rect": {"x": 0, "y": 0, "width": 200, "height": 100}, "dark": "#000000"}]}
            """
        let drawing = try Drawing(jsonData: Data(json.utf8), source: "t.json")
        guard case .barcode(let barcode) = drawing.commands.first else {
            Issue.record("no barcode")
            return
        }
        #expect(barcode.symbology == .codabar && barcode.options == Barcode.Options() && barcode.light == nil)
        #expect(try Drawing(jsonData: drawing.jsonData(), source: "again") == drawing)
        let unknown = #expect(throws: DescriptionFormatError.self) {
            try Drawing(jsonData: Data(json.replacingOccurrences(of: "codabar", with: "nw8").utf8), source: "t.json")
        }
        #expect(unknown?.path.contains("symbology") == true)
    }

    @Test func theCanvasDrawsABarcodeInTheSlotsFillColour() throws {
        var canvas = Canvas()
        let code = try canvas.addSlot(role: "code", fill: .black)
        try canvas.start(width: 200, height: 100, opaque: true)
        try canvas.drawBarcode(.index(code), .ean8, "4901234", x: 10, y: 10, w: 180, h: 80)
        let drawing = try canvas.stop()
        guard case .barcode(let barcode) = drawing.commands.first else {
            Issue.record("no barcode")
            return
        }
        #expect(barcode.dark == .black && barcode.symbology == .ean8 && barcode.data == "4901234")
        let png = try RasterRenderer().pngData(for: drawing, scale: .factor(2))
        let scratch = try Scratch("canvas-barcode")
        try png.write(to: scratch.file("c.png"))
        #expect(try Oracle.run("zbarimg", ["--raw", "-q", scratch.file("c.png").path]).stdout == "49012347\n")
    }

    @Test func theVoucherSampleCarriesAQRAJANAndAnNW7CodeThatScan() throws {
        let template = try Template(contentsOf: Repo.root.appendingPathComponent("Templates/voucher.yaml"))
        let drawing = try template.render(values: ["member": "00987654"])
        let scratch = try Scratch("voucher")
        let png = scratch.file("v.png")
        try render(drawing, options: OutputOptions(format: .png, scale: .factor(2))).write(to: png)
        let read = Set(try BarcodeScanTests.zxing(png))
        #expect(read == ["KG-2026-0815 ¥1,000 2026年12月31日まで 髙島屋 横浜店", "4901234567894", "A00987654B"])
    }
}
