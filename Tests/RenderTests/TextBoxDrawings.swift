import DrawingModule
import Foundation

extension TestDrawings {
    /// Every text-box feature on one page: a box turned 30°, bold and underlined runs, ruby over a name, letter
    /// spacing, a clipped box, a wrapped paragraph, a vertical column with the font's vertical brackets, ー and 。 (vert glyphs) and digits across, and a
    /// part turned 90°.
    static func textBoxes() throws -> Drawing {
        var c = Canvas()
        try c.start(width: 300, height: 200, opaque: true)
        try c.addSlot(role: "ink", stroke: Color(0.1, 0.1, 0.4), fill: Color(0.95, 0.95, 1))
        try c.addSlot(role: "alert", stroke: Color(0.8, 0.1, 0.1))
        try c.drawTextBox(.role("alert"), "回転〜髙ﾊﾝｶｸ①", size: 14, x: 20, y: 20, w: 110, h: 20, rotation: 30)
        let ink = Color(0.1, 0.1, 0.4)
        let red = Color(0.8, 0.1, 0.1)
        try c.drawTextBox(
            [
                TextRun("Name: ", font: "sans", size: 11, color: ink),
                TextRun("Bold", font: "sans", weight: .bold, size: 11, color: red, underline: true),
                TextRun(" 髙橋", font: "gothic", size: 11, color: ink, ruby: "たかはし")
            ], x: 150, y: 15, w: 140, h: 30)
        try c.drawTextBox(.role("ink"), "字間 − ‖", size: 12, x: 150, y: 55, w: 140, h: 16, letterSpacing: 4)
        try c.drawTextBox(
            .role("ink"), "切り取り指定のときだけ枠で切る長い文字列〜〜〜〜", size: 12, x: 150, y: 80, w: 80,
            h: 16, fit: [.clip])
        try c.drawTextBox(
            .role("ink"), "東京都千代田区丸の内一丁目、「髙橋」ビル。ﾊﾝｶｸ①〜−‖", size: 10, x: 20, y: 110, w: 110,
            h: 70, fit: [.wrap, .shrink, .error])
        try c.drawTextBox(
            .role("ink"), "「髙橋」ー令和7年11月23日。", size: 12, x: 250, y: 100, w: 20, h: 95,
            fit: [.shrink, .error], minSize: 6, writing: .vertical)
        var stub = Canvas()
        try stub.start(width: 60, height: 14, opaque: true)
        try stub.addSlot(role: "ink", stroke: Color(0.1, 0.4, 0.1), fill: Color(0.9, 1, 0.9))
        try stub.drawText("ink", "半券 No.7", font: "gothic", size: 10, x: 2, y: 1)
        try c.drawPart(try stub.stop(), x: 150, y: 140, w: 60, h: 14, rotation: 90)
        return try c.stop()
    }

    /// The vertical reproducers of issues 29 and 33 on one page: 〒150-0001, 1-12-3 and A4 each in one
    /// orientation, 第100回 with three digits set across, ﾊﾝｶｸ upright as full-width kana, mono ruby in a column
    /// starting at the box's top, the same postal code with upright words, and a letter-spaced postal code.
    static func verticalText() throws -> Drawing {
        var c = Canvas()
        try c.start(width: 260, height: 220, opaque: true)
        try c.addSlot(role: "ink", stroke: Color(0.1, 0.1, 0.1))
        let column = { (x: Double) in (x: x, y: 10.0, w: 20.0, h: 200.0) }
        for (index, text) in ["〒150-0001", "三丁目1-12-3", "A4判ﾊﾝｶｸ"].enumerated() {
            let at = column(230 - Double(index) * 28)
            try c.drawTextBox(
                .role("ink"), text, font: "mincho", size: 12, x: at.x, y: at.y, w: at.w, h: at.h,
                writing: .vertical)
        }
        try c.drawTextBox(
            .role("ink"), "第100回とSNSと第1回", font: "mincho", size: 12, x: 146, y: 10, w: 20, h: 200, writing: .vertical,
            words: VerticalWords(across: 3))
        try c.drawTextBox(
            [TextRun("東京", font: "mincho", size: 16, ruby: "とう きょう"), TextRun("の空", font: "mincho", size: 16)],
            x: 104, y: 10, w: 32, h: 200, writing: .vertical)
        try c.drawTextBox(
            .role("ink"), "〒150-0001", font: "mincho", size: 12, x: 76, y: 10, w: 20, h: 200, writing: .vertical,
            words: VerticalWords(longer: .upright))
        try c.drawTextBox(
            .role("ink"), "1000005", font: "gothic", size: 14, x: 10, y: 190, w: 150, h: 20, letterSpacing: 11.41)
        return try c.stop()
    }

    /// The Japanese typesetting rules on one page: closed-up brackets and 、。, a flush line-start bracket, 和欧間,
    /// a justified paragraph squeezed and spread, a hanging 。, and the same rules down justified vertical columns.
    static func japaneseTypesetting() throws -> Drawing {
        var c = Canvas()
        try c.start(width: 300, height: 300, opaque: true)
        try c.addSlot(role: "ink", stroke: Color(0.1, 0.1, 0.1), fill: Color(1, 1, 1))
        try c.drawTextBox(
            .role("ink"), "「ゴールド」「シルバー」、「ブロンズ」。会費はA4判で2024年度から。", size: 12, x: 10, y: 10,
            w: 280, h: 50, align: .justified, fit: [.wrap, .error])
        try c.drawTextBox(
            .role("ink"),
            "本名簿は2024年度の全会員を「ゴールド」「シルバー」のランク別に掲載し、年会費¥12,000の小計と総合計を示します。",
            size: 10, x: 10, y: 70, w: 170, h: 80, align: .justified, fit: [.wrap, .error])
        try c.drawTextBox(
            .role("ink"), "あいうえお。かきくけこ", size: 16, x: 200, y: 70, w: 80, h: 60, fit: [.wrap, .error],
            typesetting: Typesetting(hang: true))
        try c.drawTextBox(
            .role("ink"), "「ゴールド」「シルバー」、「ブロンズ」。会費はA4判で2024年度から改定します。", size: 12, x: 10,
            y: 160, w: 150, h: 130, align: .justified, fit: [.wrap, .error], writing: .vertical)
        try c.drawTextBox(
            .role("ink"), "あいうえお。かきくけこ「さしす」", size: 16, x: 200, y: 160, w: 80, h: 100,
            fit: [.wrap, .error], writing: .vertical)
        return try c.stop()
    }
}
