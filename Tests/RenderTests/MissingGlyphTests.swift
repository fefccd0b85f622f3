import DrawingModule
import Fonts
import Foundation
import Render
import TestSupport
import Testing

/// A character the font lacks is a typed error naming it, its code point, the font and the command — from both
/// renderers, before anything is written — never an empty box.
@Suite struct MissingGlyphTests {
    static func page(_ text: String, font: String = "gothic", nested: Bool = false) throws -> Drawing {
        var c = Canvas()
        try c.start(width: 200, height: 60, opaque: true)
        try c.addSlots(1)
        try c.drawRect(0, .stroke, width: 1, x: 2, y: 2, w: 196, h: 56)
        if nested {
            var inner = Canvas()
            try inner.start(width: 100, height: 30)
            try inner.addSlots(1)
            try inner.drawText(0, text, font: font, size: 12, x: 0, y: 0)
            try c.drawPart(try inner.stop(), x: 10, y: 10, w: 100, h: 30)
        } else {
            try c.drawText(0, text, font: font, size: 12, x: 10, y: 10)
        }
        return try c.stop()
    }

    static func missing(_ error: any Error) -> (glyph: MissingGlyph, location: RenderLocation)? {
        guard case .missingGlyph(let missing, _, let location) = error as? RenderError else { return nil }
        return (missing, location)
    }

    /// `mono` (DejaVu Sans Mono) has no fallback; `gothic` falls back to Noto Sans CJK JP, which has 𠮷 but no emoji,
    /// so the error names both fonts tried.
    @Test(arguments: [
        ("ABC𠮷", "mono", "𠮷", "U+20BB7", 3, "DejaVuSansMono.ttf", ["mono"]),
        ("チケット😀", "gothic", "😀", "U+1F600", 4, "ipaexg.ttf", ["gothic", "gothic-cjk"])
    ])
    func bothRenderersNameTheCharacter(
        _ text: String, _ font: String, _ character: String, _ code: String,
        _ index: Int, _ file: String, _ tried: [String]
    ) throws {
        let drawing = try Self.page(text, font: font)
        let scratch = try Scratch("render-missing")
        var errors: [any Error] = []
        do { try render(drawing, options: OutputOptions()).write(to: scratch.file("out.pdf")) } catch {
            errors.append(error)
        }
        do {
            try render(drawing, options: OutputOptions(format: .png, scale: .factor(2))).write(
                to: scratch.file("out.png"))
        } catch {
            errors.append(error)
        }
        #expect(errors.count == 2)
        for error in errors {
            let missing = try #require(Self.missing(error), "\(error)")
            #expect(missing.glyph.character == character)
            #expect(missing.glyph.codePoint == code)
            #expect(missing.glyph.font == font)
            #expect(missing.glyph.fontFile.hasSuffix(file))
            #expect(missing.glyph.tried.map { String($0.prefix { $0 != " " }) } == tried, "\(missing.glyph.tried)")
            #expect(missing.glyph.characterIndex == index)
            #expect(missing.location == RenderLocation(page: 1, path: "commands[1]"))
            let message = "\(error)"
            #expect(
                message.contains("page 1, commands[1]") && message.contains(code) && message.contains(font),
                "\(message)")
            for name in tried where tried.count > 1 { #expect(message.contains(name + " ("), "\(message)") }
        }
        #expect(try scratch.contents().isEmpty, "nothing is written when rendering fails")
    }

    @Test func aCharacterInsideAPartIsLocatedThroughIt() throws {
        let drawing = try Self.page("吉と😀", nested: true)
        #expect {
            try RasterRenderer().bitmap(for: drawing)
        } throws: { error in
            Self.missing(error)?.location == RenderLocation(page: 1, path: "commands[1].drawing.commands[0]")
        }
    }

    @Test func latinFontsLackKanji() throws {
        #expect {
            try PDFRenderer().data(for: try Self.page("right 右", font: "serif"))
        } throws: { error in
            guard let missing = Self.missing(error) else { return false }
            return missing.glyph.font == "serif" && missing.glyph.character == "右"
                && missing.glyph.codePoint == "U+53F3"
        }
    }

    @Test func unknownFontIsAFontError() throws {
        let drawing = try Self.page("abc", font: "fraktur")
        #expect {
            try RasterRenderer().bitmap(for: drawing)
        } throws: { error in
            guard case .font(let location, let font, let reason) = error as? RenderError else { return false }
            return location.path == "commands[1]" && font == "fraktur" && reason.contains("unknown font")
        }
    }
}
