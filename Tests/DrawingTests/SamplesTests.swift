import DrawingModule
import TestSupport
import Testing

/// The shared samples hold what the seed drew, so renderer tests built on them test the real ticket.
@Suite("Samples")
struct SamplesTests {
    static func texts(_ drawing: Drawing) -> [Drawing.Command.Text] {
        drawing.commands.compactMap { if case .text(let text) = $0 { text } else { nil } }
    }

    @Test("The admission ticket has the seed's elements, positions and role colours")
    func admissionTicket() throws {
        let ticket = try Samples.admissionTicket(member: "GCG-40167", ticket: "FN-579-413")
        #expect(ticket.size == Size(width: 400, height: 150))
        #expect(ticket.background == .white)
        #expect(
            ticket.palette.roles == [
                "main", "mainLight", "textDark", "textLight", "textSpecial",
                "lineStrong", "lineWeak", "decoLine", "decoBox", "decoCircle"
            ])
        let texts = Self.texts(ticket)
        #expect(
            texts.map(\.string) == [
                "整理番号:", "FN-579-413", "入場整理券", "  日付:2014年12月20日",
                "会員番号:GCG-40167", "開催場所:秘密(招待メール参照)",
                "発行人:ガイガー・カウント・グループ", "watashida@gaigaigai.com"
            ])
        #expect(
            texts.map(\.origin)
                == [(15, 13), (15, 33), (200, 35), (200, 55), (15, 90), (180, 90), (180, 115), (250, 130)]
                .map { Point(x: $0.0, y: $0.1) })
        #expect(texts.map(\.size) == [16, 30, 16, 14, 14, 14, 12, 12])
        #expect(texts.first { $0.string.hasPrefix("開催場所") }?.color == Color(1, 0, 0))
        #expect(texts.last?.color == Color(0.5, 0.5, 0.5))
        // 1 box + 25 diagonals + 1 separator + 24 dots + 18 diagonals + 8 squares + 8 texts
        #expect(ticket.commands.count == 85)
        let dots = ticket.commands.compactMap { if case .ellipse(let e) = $0 { e } else { nil } }
        #expect(dots.count == 24 && dots.allSatisfy { $0.paint == .fill && $0.fill == Color(0.3, 1.0, 0.3, 0.5) })
        guard case .rect(let box) = ticket.commands[0] else {
            Issue.record("the ticket starts with its box")
            return
        }
        #expect(
            box
                == .init(
                    rect: Rect(x: 10, y: 10, width: 170, height: 60), paint: .both, lineWidth: 1,
                    stroke: Color(0.1, 0.1, 1.0), fill: Color(0.9, 0.9, 1.0), slot: "main"))
    }

    @Test("Member, ticket and date fill the ticket")
    func ticketParameters() throws {
        let ticket = try Samples.admissionTicket(member: "ABC-1", ticket: "T-2", date: "2026年1月2日")
        let strings = Self.texts(ticket).map(\.string)
        #expect(strings.contains("会員番号:ABC-1") && strings.contains("T-2") && strings.contains("  日付:2026年1月2日"))
    }

    @Test("everyCommand uses every command kind, paint, cap and alignment")
    func everyCommand() throws {
        let drawing = try Samples.everyCommand()
        var kinds = Set<Drawing.Command.Kind>()
        var paints = Set<Paint>()
        var caps = Set<LineCap>()
        var aligns = Set<TextAlignment>()
        var fonts = Set<String>()
        for command in drawing.commands {
            kinds.insert(command.kind)
            switch command {
            case .line(let line): caps.insert(line.cap)
            case .rect(let shape), .ellipse(let shape): paints.insert(shape.paint)
            case .text(let text):
                aligns.insert(text.alignment)
                fonts.insert(text.font)
            default: break
            }
        }
        #expect(kinds == Set(Drawing.Command.Kind.allCases))
        #expect(paints == Set(Paint.allCases))
        #expect(caps == Set(LineCap.allCases))
        // Justified spreads the lines of text boxes and paragraphs and automatic picks it for Japanese ones; a
        // one-line text set either way is flush left.
        #expect(aligns == Set(TextAlignment.allCases).subtracting([.justified, .automatic]))
        #expect(fonts == ["sans", "serif", "gothic", "mincho"])
        #expect(drawing.texts.count == 7)
        var outer = Canvas()
        try outer.start(width: 10, height: 10)
        try outer.addSlots(1)
        try outer.clip(x: 0, y: 0, w: 5, h: 5) { c in try c.drawPart(drawing, x: 0, y: 0, w: 5, h: 5) }
        try outer.drawText(0, "後", size: 5, x: 0, y: 0)
        #expect(
            try outer.stop().texts.map(\.string) == drawing.texts.map(\.string) + ["後"],
            "texts inside groups and parts are found, in drawing order")
        #expect(Samples.tinyPNG.count == 99)
    }
}
