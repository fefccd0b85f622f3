import Documents
import DrawingModule
import Foundation
import TestSupport

/// Drawings the Render tests add to the Drawing module's samples.
enum TestDrawings {
    /// A transparent page: translucent shapes over nothing, a part placed at a fractional position and scale,
    /// a group clip inside a part, and mincho and sans text with the hard Japanese characters.
    static func transparentLayers() throws -> Drawing {
        var c = Canvas()
        try c.start(width: 240, height: 160)
        try c.addSlot(role: "ink", stroke: Color(0.05, 0.05, 0.3), fill: Color(0.95, 0.4, 0.1, 0.35))
        try c.addSlot(role: "soft", stroke: Color(0.2, 0.5, 0.9, 0.5), fill: Color(0.2, 0.8, 0.4, 0.6))
        try c.drawRect("soft", .both, width: 5, x: 10, y: 10, w: 100, h: 60)
        try c.drawCircle("ink", .both, width: 2.5, x: 60, y: 30, w: 90, h: 70)
        try c.drawText("ink", "〜−‖①髙ﾊﾝｶｸ 明朝", font: "mincho", size: 15, x: 12, y: 112)
        try c.drawText(
            "soft", "Quartz jumps: 0.5 × 2", font: "sans", size: 11, x: 12, y: 135, boxWidth: 216, align: .right)
        var inner = Canvas()
        try inner.start(width: 40, height: 40, opaque: true)
        try inner.addSlot(role: "frame", stroke: Color(0.6, 0.1, 0.5), fill: Color(1, 0.95, 0.7))
        try inner.drawRect("frame", .both, width: 2, x: 1, y: 1, w: 38, h: 38)
        try inner.clip(x: 5, y: 5, w: 30, h: 15) { c in
            try c.drawCircle("frame", .fill, width: 1, x: 0, y: 0, w: 40, h: 40)
        }
        try inner.drawText("frame", "部品", font: "gothic", size: 10, x: 10, y: 24)
        let part = try inner.stop()
        try c.drawPart(part, x: 162.5, y: 20.25, w: 60, h: 60)
        try c.drawImage(Samples.tinyPNG, x: 120, y: 90, w: 24, h: 24)
        return try c.stop()
    }
}

extension TestDrawings {
    /// A part stretched twice as wide as tall, placed twice, plus lines with each cap inside a clip group.
    static func stretchedParts() throws -> Drawing {
        var c = Canvas()
        try c.start(width: 200, height: 120, opaque: true)
        try c.addSlot(role: "ink", stroke: Color(0.1, 0.3, 0.1), fill: Color(0.9, 0.95, 0.9))
        let badge = try Samples.badge()
        try c.drawPart(badge, x: 10, y: 10, w: 80, h: 40)
        try c.drawPart(badge, x: 100, y: 10, w: 30, h: 90)
        try c.clip(x: 140, y: 20, w: 50, h: 80) { c in
            try c.drawLine("ink", width: 8, x1: 130, y1: 30, x2: 200, y2: 90, cap: .round)
            try c.drawText("ink", "切り抜き", font: "gothic", size: 14, x: 135, y: 60)
        }
        try c.drawText("ink", "Stretch", font: "sans", size: 12, x: 10, y: 60, boxWidth: 80, align: .center)
        var label = Canvas()
        try label.start(width: 60, height: 20, opaque: true)
        try label.addSlot(role: "tag", stroke: Color(0.5, 0.1, 0.1), fill: Color(1, 0.9, 0.8))
        try label.drawRect("tag", .both, width: 1, x: 0.5, y: 0.5, w: 59, h: 19)
        try label.drawText("tag", "横長 wide", font: "gothic", size: 10, x: 4, y: 4)
        try c.drawPart(try label.stop(), x: 10, y: 80, w: 120, h: 30)
        return try c.stop()
    }
}

extension TestDrawings {
    /// The lines of `fontKinds()` with their logical fonts: a character above U+FFFF from the gothic chain's CFF
    /// fallback, ideographic variation sequences (葛󠄀 U+E0100 is in IPAexMincho's cmap 14; IPAmj Mincho has 葛's
    /// Moji_Joho variants from U+E0102), a TrueType bold, a CFF collection face and IPAmj Mincho.
    static let fontKindLines: [(text: String, font: String)] = [
        ("𠮷野家の牛丼 FN-579-413", "gothic"),
        ("葛\u{E0100}飾区 東京都", "mincho"),
        ("太字 Bold 入場整理券", "gothic-bold"),
        ("CFF ゴシック 123", "gothic-cjk"),
        ("明朝体 ttc Serif", "mincho-cjk"),
        ("IPAmj 葛\u{E0102}城", "mincho-ipamj")
    ]

    /// One line per font kind of `fontKindLines`, 16 pt.
    static func fontKinds() throws -> Drawing {
        var c = Canvas()
        try c.start(width: 300, height: 30 + 26 * Double(fontKindLines.count), opaque: true)
        try c.addSlot(role: "ink", stroke: Color(0.1, 0.1, 0.3))
        for (index, line) in fontKindLines.enumerated() {
            try c.drawText("ink", line.text, font: line.font, size: 16, x: 12, y: 12 + 26 * Double(index))
        }
        return try c.stop()
    }
}

extension TestDrawings {
    /// One line of `text` in `font` at (10, 10) on an opaque page `width` wide.
    static func line(_ text: String, font: String = "gothic", size: Double = 14, width: Double = 400) throws -> Drawing
    {
        var c = Canvas()
        try c.start(width: width, height: 40, opaque: true)
        try c.addSlot(role: "ink", stroke: Color(0.1, 0.1, 0.1))
        try c.drawText("ink", text, font: font, size: size, x: 10, y: 10)
        return try c.stop()
    }
}

extension TestDrawings {
    /// JPEG photos: RGB, gray and progressive as stored, and two turned by EXIF orientation (a quarter turn and a
    /// transpose), over a light page — the parity drawing for photos (CMYK is left out: poppler converts DeviceCMYK
    /// by its own curves, not the naive formula a PNG without colour management shows).
    static func photos() throws -> Drawing {
        var c = Canvas()
        try c.start(width: 240, height: 150, opaque: true)
        try c.drawImage(JPEGFixtures.data("rgb"), x: 10, y: 10, w: 96, h: 60)
        try c.drawImage(JPEGFixtures.data("gray"), x: 120, y: 10, w: 64, h: 40)
        try c.drawImage(JPEGFixtures.data("progressive"), x: 10, y: 80, w: 64, h: 40)
        try c.drawImage(JPEGFixtures.data("orientation-6"), x: 90, y: 80, w: 64, h: 40)
        try c.drawImage(JPEGFixtures.data("orientation-5"), x: 164.5, y: 70.25, w: 70, h: 70)
        return try c.stop()
    }
}

extension TestDrawings {
    /// The chart sample page (Templates/chart.yaml): bars, stacked bars, lines and a pie of wedges drawn as curves.
    static func charts() throws -> Drawing {
        let template = try Template(contentsOf: Repo.root.appendingPathComponent("Templates/chart.yaml"))
        return try template.render(options: TemplateRenderOptions(fonts: .shared))
    }
}
