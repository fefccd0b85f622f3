import Barcodes
import DrawingModule
import Foundation
import Render
import TestSupport
import Testing

/// Every symbology drawn by mkpdf — as a PNG and as a PDF rasterised by poppler — read back by independent readers
/// (zbarimg where zbar knows the symbology, zxing-cpp for all), with the exact payload.
@Suite struct BarcodeScanTests {
    /// One symbology's case: what is drawn and what a reader must return.
    struct Case: Sendable, CustomTestStringConvertible {
        var symbology: Drawing.Command.Barcode.Symbology
        var data: String
        /// The text zxing-cpp returns (GS1 data in its `(AI)value` form, UPC as EAN-13).
        var zxing: String
        /// The text `zbarimg --raw` returns, or nil when zbar does not read this symbology.
        var zbar: String?
        var testDescription: String { symbology.rawValue }
    }

    static let cases: [Case] = [
        Case(symbology: .qr, data: "料金¥1,000〜 髙橋 ﾊﾝｶｸ①", zxing: "料金¥1,000〜 髙橋 ﾊﾝｶｸ①", zbar: "料金¥1,000〜 髙橋 ﾊﾝｶｸ①"),
        Case(symbology: .microQR, data: "12345", zxing: "12345"),
        Case(symbology: .dataMatrix, data: "会員 GCG-40167 ¥500", zxing: "会員 GCG-40167 ¥500"),
        Case(symbology: .gs1DataMatrix, data: "[01]04912345678904[10]ABC123", zxing: "(01)04912345678904(10)ABC123"),
        Case(symbology: .pdf417, data: "PDF417 〜 チケット 42", zxing: "PDF417 〜 チケット 42"),
        Case(symbology: .aztec, data: "Aztec ¥7", zxing: "Aztec ¥7"),
        Case(symbology: .ean13, data: "490123456789", zxing: "4901234567894", zbar: "4901234567894"),
        Case(symbology: .ean8, data: "49012347", zxing: "49012347", zbar: "49012347"),
        Case(symbology: .upcA, data: "01234567890", zxing: "0012345678905", zbar: "0012345678905"),
        Case(symbology: .upcE, data: "0123456", zxing: "0012345000065", zbar: "0012345000065"),
        Case(symbology: .code128, data: "mkpdf-128 Abc", zxing: "mkpdf-128 Abc", zbar: "mkpdf-128 Abc"),
        Case(
            symbology: .gs1128, data: "[01]04912345678904[3103]000123", zxing: "(01)04912345678904(3103)000123",
            zbar: "01049123456789043103000123"),
        Case(symbology: .code39, data: "MKPDF-39", zxing: "MKPDF-39", zbar: "MKPDF-39"),
        Case(symbology: .codabar, data: "A1234567B", zxing: "A1234567B", zbar: "A1234567B"),
        Case(symbology: .itf14, data: "1490123456789", zxing: "14901234567891", zbar: "14901234567891")
    ]

    /// A page holding one barcode of `symbology` in a box shaped for it.
    static func drawing(
        _ symbology: Drawing.Command.Barcode.Symbology, _ data: String,
        options: Drawing.Command.Barcode.Options = .init()
    ) -> Drawing {
        let box: Rect =
            switch symbology {
            case .pdf417: Rect(x: 10, y: 10, width: 300, height: 120)
            case .japanPost: Rect(x: 10, y: 10, width: 300, height: 30)
            case _ where symbology.isTwoDimensional: Rect(x: 10, y: 10, width: 200, height: 200)
            default: Rect(x: 10, y: 10, width: 300, height: 110)
            }
        return Drawing(
            size: Size(width: box.width + 20, height: box.height + 20), background: .white,
            commands: [
                .barcode(
                    .init(
                        symbology: symbology, data: data, rect: box, dark: .black,
                        options: options))
            ])
    }

    /// The texts zxing-cpp reads from an image file.
    static func zxing(_ file: URL) throws -> [String] {
        let script = """
            import sys, json, zxingcpp
            from PIL import Image
            print(json.dumps([r.text for r in zxingcpp.read_barcodes(Image.open(sys.argv[1]).convert("L"))]))
            """
        let result = try Oracle.run("python3", ["-c", script, file.path])
        #expect(result.status == 0, "zxing-cpp: \(result.stderr)")
        return try JSONDecoder().decode([String].self, from: Data(result.stdout.utf8))
    }

    /// The texts zbarimg reads from an image file, one per line.
    static func zbar(_ file: URL) throws -> [String] {
        let result = try Oracle.run("zbarimg", ["--raw", "-q", file.path])
        return result.stdout.split(separator: "\n").map(String.init)
    }

    /// The PNG at 2 px/pt and the PDF rasterised at 144 dpi.
    static func images(of drawing: Drawing, in scratch: Scratch) throws -> [URL] {
        let png = scratch.file("code.png")
        let pdf = scratch.file("code.pdf")
        try render(drawing, options: OutputOptions(format: .png, scale: .factor(2))).write(to: png)
        try render(drawing, options: OutputOptions()).write(to: pdf)
        let result = try Oracle.run(
            "pdftoppm",
            [
                "-r", "144", "-png", "-singlefile", pdf.path,
                scratch.file("raster").path
            ])
        #expect(result.status == 0, "pdftoppm: \(result.stderr)")
        return [png, scratch.file("raster.png")]
    }

    @Test(arguments: cases) func readersGetTheExactPayloadBack(_ item: Case) throws {
        let scratch = try Scratch("barcode-\(item.symbology.rawValue)")
        for image in try Self.images(of: Self.drawing(item.symbology, item.data), in: scratch) {
            #expect(try Self.zxing(image) == [item.zxing], "\(image.lastPathComponent)")
            if let expected = item.zbar {
                #expect(try Self.zbar(image) == [expected], "\(image.lastPathComponent)")
            }
        }
    }

    @Test func thePDFDrawsBarsAsVectorRectanglesAndTheDigitsAsEmbeddedText() throws {
        let scratch = try Scratch("barcode-vector")
        let pdf = scratch.file("jan.pdf")
        try render(Self.drawing(.ean13, "490123456789"), options: OutputOptions()).write(to: pdf)
        #expect(try Oracle.qpdfCheck(pdf).status == 0)
        let images = try Oracle.run("pdfimages", ["-list", pdf.path]).stdout.split(separator: "\n")
        #expect(images.count == 2, "no raster image: \(images)")
        let text = try Oracle.pdftotext(pdf)
        #expect(text.contains("4") && text.contains("901234") && text.contains("567894"), "\(text)")
        #expect(try Oracle.pdffonts(pdf).allSatisfy { $0.embedded })
    }
}
