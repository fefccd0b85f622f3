import DrawingModule
import Foundation

/// Ready-made drawings the renderers, the CLI and their tests share, so every engineer checks the same pictures.
public enum Samples {
    /// The admission ticket 入場整理券 in its original layout, 400 × 150 pt, decorations included.
    ///
    /// Written in the house style: colours registered once and named by role, one short line per element,
    /// groups separated by a comment line. The page is opaque white, since the ticket is printed.
    public static func admissionTicket(
        member: String = "GCG-40167", ticket: String = "FN-579-413",
        date: String = "2014年12月20日"
    ) throws(CanvasError) -> Drawing {
        var c = Canvas()
        try c.start(width: 400, height: 150, opaque: true)
        // Colours, each named by its role
        try c.addSlot(role: "main", stroke: Color(0.1, 0.1, 1.0), fill: Color(0.9, 0.9, 1.0))
        try c.addSlot(role: "mainLight")
        try c.addSlot(role: "textDark", stroke: Color(0.1, 0.1, 0.1))
        try c.addSlot(role: "textLight", stroke: Color(0.5, 0.5, 0.5))
        try c.addSlot(role: "textSpecial", stroke: Color(1.0, 0.0, 0.0))
        try c.addSlot(role: "lineStrong", stroke: Color(0.1, 0.1, 1.0))
        try c.addSlot(role: "lineWeak", stroke: Color(0.7, 0.7, 1.0))
        try c.addSlot(role: "decoLine", stroke: Color(0.1, 0.1, 1.0))
        try c.addSlot(role: "decoBox", fill: Color(0.1, 0.1, 1.0, 0.5))
        try c.addSlot(role: "decoCircle", fill: Color(0.3, 1.0, 0.3, 0.5))
        // Ticket number
        try c.drawRect("main", .both, width: 1, x: 10, y: 10, w: 170, h: 60)
        try c.drawText("textDark", "整理番号:", size: 16, x: 15, y: 13)
        try c.drawText("textDark", ticket, size: 30, x: 15, y: 33)
        for i in 0...24 {
            try c.drawLine("decoLine", width: 1, x1: 190 + 8 * Double(i), y1: 30, x2: 200 + 8 * Double(i), y2: 10)
        }
        // Title and date
        try c.drawText("textDark", "入場整理券", size: 16, x: 200, y: 35)
        try c.drawText("textDark", "  日付:" + date, size: 14, x: 200, y: 55)
        // Separator
        try c.drawLine("lineStrong", width: 3, x1: 10, y1: 80, x2: 380, y2: 80)
        for i in 0...23 { try c.drawCircle("decoCircle", .fill, width: 1, x: 20 + 15 * Double(i), y: 75, w: 10, h: 10) }
        // Member and venue
        try c.drawText("textDark", "会員番号:" + member, size: 14, x: 15, y: 90)
        try c.drawText("textSpecial", "開催場所:秘密(招待メール参照)", size: 14, x: 180, y: 90)
        // Issuer
        try c.drawText("textLight", "発行人:ガイガー・カウント・グループ", size: 12, x: 180, y: 115)
        try c.drawText("textLight", "watashida@gaigaigai.com", size: 12, x: 250, y: 130)
        for i in 0...17 {
            try c.drawLine("decoLine", width: 1, x1: 10 + 8 * Double(i), y1: 140, x2: 20 + 8 * Double(i), y2: 120)
        }
        for i in 0...7 { try c.drawRect("decoBox", .fill, width: 1, x: 165 + 10 * Double(i), y: 134, w: 8, h: 8) }
        return try c.stop()
    }

    /// A 300 × 220 pt page using every command, every paint, every cap and alignment, alpha, a clip group, a nested
    /// part at two scales, an image, a QR code, a path, a chart, and Latin and Japanese text in three fonts: the
    /// renderers' parity set.
    public static func everyCommand() throws -> Drawing {
        var c = Canvas()
        try c.start(width: 300, height: 220, opaque: true)
        // Colours
        try c.addSlot(role: "ink", stroke: Color(0.1, 0.1, 0.1), fill: Color(0.85, 0.85, 0.85))
        try c.addSlot(role: "accent", stroke: Color(0.8, 0.1, 0.1), fill: Color(1.0, 0.85, 0.2))
        try c.addSlot(role: "glass", stroke: Color(0.1, 0.1, 1.0, 0.6), fill: Color(0.1, 0.6, 0.1, 0.4))
        try c.addSlot(role: "code", fill: .black)
        // Lines with each cap
        try c.drawLine("ink", width: 6, x1: 15, y1: 15, x2: 85, y2: 15, cap: .butt)
        try c.drawLine("ink", width: 6, x1: 15, y1: 30, x2: 85, y2: 30, cap: .round)
        try c.drawLine("glass", width: 6, x1: 15, y1: 45, x2: 85, y2: 45, cap: .square)
        try c.drawLine("accent", width: 1, x1: 15, y1: 55, x2: 85, y2: 75)
        // Rectangles and ellipses, each paint
        try c.drawRect("accent", .stroke, width: 2, x: 100, y: 10, w: 40, h: 30)
        try c.drawRect("accent", .fill, width: 2, x: 150, y: 10, w: 40, h: 30)
        try c.drawRect("accent", .both, width: 4, x: 200, y: 10, w: 40, h: 30)
        try c.drawRect("accent", .none, width: 4, x: 250, y: 10, w: 40, h: 30)
        try c.drawCircle("ink", .both, width: 2, x: 100, y: 50, w: 30, h: 30)
        try c.drawCircle("glass", .both, width: 3, x: 120, y: 55, w: 60, h: 30)
        try c.drawRect("glass", .fill, width: 1, x: 160, y: 45, w: 50, h: 40)
        // Text: Latin, Japanese, box alignment
        try c.drawText("ink", "Hello, mkpdf! 0123", font: "sans", size: 14, x: 15, y: 90)
        try c.drawText("accent", "入場整理券 〜−‖①髙ﾊﾝｶｸ", font: "gothic", size: 16, x: 15, y: 110)
        try c.drawText("ink", "明朝の見出し", font: "mincho", size: 14, x: 15, y: 132)
        try c.drawRect("ink", .stroke, width: 0.5, x: 160, y: 130, w: 130, h: 54)
        try c.drawText("ink", "left", font: "sans", size: 12, x: 160, y: 131, boxWidth: 130, align: .left)
        try c.drawText("ink", "中央 center", font: "gothic", size: 12, x: 160, y: 149, boxWidth: 130, align: .center)
        try c.drawText("glass", "right align", font: "serif", size: 12, x: 160, y: 167, boxWidth: 130, align: .right)
        try c.drawTextBox(
            "accent", "枠に収める 〜−‖①髙ﾊﾝｶｸ", size: 12, x: 190, y: 190, w: 100, h: 26,
            fit: [.wrap, .shrink, .error])
        // Image, clip group, nested part
        try c.drawImage(tinyPNG, x: 220, y: 55, w: 40, h: 40)
        try c.clip(x: 15, y: 155, w: 60, h: 40) { c in
            try c.drawCircle("accent", .both, width: 2, x: 5, y: 145, w: 80, h: 80)
        }
        let part = try badge()
        try c.drawPart(part, x: 85, y: 155, w: 30, h: 30)
        try c.drawPart(part, x: 120, y: 150, w: 60, h: 60)
        // A barcode (encoded when rendered)
        try c.drawBarcode("code", .qr, "mkpdf ¥", x: 262, y: 92, w: 36, h: 36, options: .init(quietZone: 2))
        // A form field: a ticked check box
        try c.drawFormField(
            .init(
                type: .checkBox, name: "sample", rect: Rect(x: 95, y: 195, width: 12, height: 12),
                value: Drawing.Command.FormField.checkedValue))
        // A path with a curve, and a chart (laid out when rendered) of exact decimals
        try c.drawPath(
            "accent", .both, width: 1,
            [
                .move(Point(x: 255, y: 38)), .line(Point(x: 270, y: 12)),
                .curve(Point(x: 280, y: 20), Point(x: 290, y: 30), Point(x: 286, y: 38)), .close
            ])
        try c.drawChart(
            "ink", .bar, categories: ["春", "夏", "秋"],
            series: [.init(name: "件数", values: [Decimal(string: "1.5")!, 3, Decimal(string: "2.25")!])],
            roles: ["accent"],
            x: 15, y: 196, w: 70, h: 22, size: 3, legend: false, values: false)
        return try c.stop()
    }

    /// A template that takes long to render: a text box set once per item of `items` (see `slowData`), for tests
    /// of time limits, queues and draining.
    public static let slowTemplate = """
        page: {width: 400, height: 300}
        data: {items: []}
        palette: {ink: {stroke: "#1A1A1A"}}
        elements:
          - for: {each: item, in: items, elements: [{text: {role: ink, text: "{{item}} 東京国際展示場 西ホール 特設会場",
                   size: 12, x: 10, y: 10, w: 60, h: 40, fit: [wrap, shrink, error], minSize: 4}}]}
        """

    /// Data for `slowTemplate`, one JSON object: `count` items.
    public static func slowData(_ count: Int) -> String {
        "{\"items\": [" + (0..<count).map { "\"\($0)\"" }.joined(separator: ",") + "]}"
    }

    /// A 4 × 4 RGBA PNG (99 bytes): diagonal red, green, blue, yellow, bottom half at 50 % alpha.
    public static let tinyPNG =
        Data(
            base64Encoded:
                "iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAYAAACp8Z5+AAAAKklEQVR42mP4z8Dwn2EBA4j6//8EiEbigCWBuAHIaQCyGoCSDQwoHKAkACtiHY3lRJtJAAAAAElFTkSuQmCC"
        ) ?? Data()

    /// A reusable part: a 20 × 20 pt transparent badge, a triangle of lines over a translucent disc.
    public static func badge() throws(CanvasError) -> Drawing {
        var c = Canvas()
        try c.start(width: 20, height: 20)
        try c.addSlot(role: "edge", stroke: Color(0.1, 0.1, 0.6), fill: Color(0.2, 0.8, 0.9, 0.5))
        try c.drawCircle("edge", .fill, width: 1, x: 0, y: 0, w: 20, h: 20)
        try c.drawLine("edge", width: 1.5, x1: 10, y1: 3, x2: 17, y2: 16, cap: .round)
        try c.drawLine("edge", width: 1.5, x1: 17, y1: 16, x2: 3, y2: 16, cap: .round)
        try c.drawLine("edge", width: 1.5, x1: 3, y1: 16, x2: 10, y2: 3, cap: .round)
        return try c.stop()
    }
}
