import DrawingModule
import Fonts
import Foundation
import PNG
import Render
import TestSupport
import Testing

/// The PNG at 2× and the PDF rasterised by `pdftoppm -r 144` must show the same picture.
///
/// Bounds: the mean absolute difference of each channel over the page must be at most 2 % (5.1 of 255); measured
/// 0.5–1.8 on these drawings. Per 8 × 8 block (64 pixels) the mean difference over R, G, B must be at most 25 %
/// (63.75 of 255). Why 25 %: shapes, images and glyph origins are placed alike (the raster rounds glyph origins
/// down to whole pixels in y as poppler's Splash does, and in x to the whole pixel nearest Splash's quarter pixel),
/// so what remains is anti-aliasing. Splash and cairo cover edge pixels differently (Splash also snaps thin strokes
/// to pixels), and text differs most: on saturated colours every glyph edge pixel counts fully in two channels.
/// Measured worst blocks: 22 (stretchedParts), 24 (transparentLayers), 35 (everyCommand), 50 (admissionTicket, the
/// red 14 pt 開催場所 line), 53 (fontKinds), 58 (verticalText), 60 = 24 % (charts, its 11 pt black headings). A
/// glyph missing or misplaced, a wrong colour, a missing shape or a y-flip error changes a block by well over 25 %
/// and usually moves the page means too.
@Suite struct ParityTests {
    static let channelBound = 0.02 * 255
    static let blockBound = 0.25 * 255

    static let drawings: [String] = [
        "everyCommand", "admissionTicket", "transparentLayers", "stretchedParts",
        "fontKinds", "textBoxes", "photos", "verticalText", "charts", "japaneseTypesetting"
    ]

    static func drawing(named name: String) throws -> Drawing {
        switch name {
        case "everyCommand": try Samples.everyCommand()
        case "admissionTicket": try Samples.admissionTicket()
        case "stretchedParts": try TestDrawings.stretchedParts()
        case "fontKinds": try TestDrawings.fontKinds()
        case "textBoxes": try TestDrawings.textBoxes()
        case "photos": try TestDrawings.photos()
        case "verticalText": try TestDrawings.verticalText()
        case "charts": try TestDrawings.charts()
        case "japaneseTypesetting": try TestDrawings.japaneseTypesetting()
        default: try TestDrawings.transparentLayers()
        }
    }

    @Test(arguments: drawings)
    func rasterMatchesThePDFAsPopplerDrawsIt(_ name: String) throws {
        let drawing = try Self.drawing(named: name)
        let scratch = try Scratch("parity-\(name)")
        let pdf = scratch.file("\(name).pdf")
        try render(drawing, options: OutputOptions()).write(to: pdf)
        let prefix = scratch.file("poppler").path
        let result = try Oracle.run("pdftoppm", ["-r", "144", "-png", "-singlefile", pdf.path, prefix])
        #expect(result.status == 0, "pdftoppm: \(result.stderr)")
        let poppler = try PNGDecoder().decode(contentsOf: URL(fileURLWithPath: prefix + ".png"))
        let raster = try RasterRenderer().bitmap(for: drawing, scale: .factor(2))

        #expect(
            raster.width == poppler.width && raster.height == poppler.height,
            "raster \(raster.width)×\(raster.height), pdftoppm \(poppler.width)×\(poppler.height)")
        guard raster.width == poppler.width, raster.height == poppler.height else { return }
        let comparison = ImageComparison(raster, poppler)
        let passes =
            comparison.channelMeans.allSatisfy { $0 <= Self.channelBound }
            && comparison.worstBlock <= Self.blockBound
        let summary =
            "\(name): channel means \(comparison.channelMeans.map { String(format: "%.2f", $0) }) "
            + "(bound \(Self.channelBound)), worst 8×8 block \(String(format: "%.1f", comparison.worstBlock)) at "
            + "\(comparison.worstBlockOrigin) (bound \(Self.blockBound))"
        // MKPDF_KEEP_PARITY_IMAGES=1 keeps the images of passing drawings too, for looking at them.
        if !passes || ProcessInfo.processInfo.environment["MKPDF_KEEP_PARITY_IMAGES"] == "1" {
            let kept = FileManager.default.temporaryDirectory.appendingPathComponent("mkpdf-parity/\(name)")
            try? FileManager.default.removeItem(at: kept)
            try FileManager.default.createDirectory(at: kept, withIntermediateDirectories: true)
            let encoder = PNGEncoder(compression: .fast)
            try encoder.encode(raster).write(to: kept.appendingPathComponent("raster.png"))
            try encoder.encode(poppler).write(to: kept.appendingPathComponent("pdftoppm.png"))
            try encoder.encode(ImageComparison.diff(raster, poppler)).write(to: kept.appendingPathComponent("diff.png"))
            try FileManager.default.copyItem(at: pdf, to: kept.appendingPathComponent("\(name).pdf"))
            if !passes { Issue.record("\(summary); images kept in \(kept.path)") }
        }
        print(summary)
    }
}
