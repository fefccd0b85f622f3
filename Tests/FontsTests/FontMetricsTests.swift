import Fonts
import Foundation
import TestSupport
import Testing

/// Metrics read from the font files through HarfBuzz, checked against what the fonts are known to be.
@Suite("Font metrics and coverage")
struct FontMetricsTests {
    static let registry = FontRegistry(environment: [:])
    static func face(_ name: String) throws -> FontFace { try registry.face(named: name) }

    @Test("IPAexGothic: full-width kana and kanji advance exactly 1 em, half-width kana ½ em")
    func fullWidth() throws {
        let gothic = try Self.face("gothic")
        #expect(gothic.unitsPerEm == 2048)
        #expect(gothic.width(of: "入場整理券", size: 16) == 80)
        #expect(gothic.width(of: "会員番号:", size: 14) < 5 * 14, "the ASCII colon is proportional, narrower than 1 em")
        // U+2212 MINUS SIGN is a proportional glyph in IPAexGothic (1389/2048 em); its CP932 form U+FF0D is full-width.
        #expect(
            "〜−‖①髙－".unicodeScalars.map { gothic.advance(of: $0, size: 2048) } == [2048, 1389, 2048, 2048, 2048, 2048])
        #expect(gothic.width(of: "ﾊﾝｶｸ", size: 10) == 20)
        for scalar in "整理番号".unicodeScalars { #expect(gothic.advance(of: scalar, size: 1) == 1) }
    }

    @Test("Ascent and descent are plausible and scale with size")
    func verticalMetrics() throws {
        for name in ["gothic", "mincho", "sans", "serif", "mono"] {
            let face = try Self.face(name)
            #expect(face.ascender > 0 && face.descender < 0, "\(name)")
            let ascent = face.ascent(size: 10)
            let descent = face.descent(size: 10)
            #expect((7...11).contains(ascent), "\(name) ascent \(ascent)")
            #expect((1...3.5).contains(descent), "\(name) descent \(descent)")
            #expect(face.ascent(size: 20) == 2 * ascent)
            #expect(face.lineHeight(size: 10) >= ascent + descent)
        }
    }

    @Test("Latin widths are positive, plausible and additive")
    func latinWidths() throws {
        let sans = try Self.face("sans")
        let hello = sans.width(of: "Hello", size: 12)
        #expect((20...40).contains(hello), "\(hello)")
        #expect(
            sans.width(of: "Hello, world", size: 12) == sans.width(of: "Hello,", size: 12)
                + sans.width(of: " world", size: 12))
        #expect(sans.width(of: "iiii", size: 12) < sans.width(of: "WWWW", size: 12), "DejaVu Sans is proportional")
        let mono = try Self.face("mono")
        #expect(mono.width(of: "iiii", size: 12) == mono.width(of: "WWWW", size: 12), "DejaVu Sans Mono is fixed-width")
        #expect(sans.width(of: "", size: 12) == 0)
        let ticket = try Self.face("gothic").width(of: "FN-579-413", size: 30)
        #expect((100...300).contains(ticket), "\(ticket)")
    }

    @Test("𠮷 and 😀 are reported missing from IPAexGothic with their character positions")
    func missing() throws {
        let gothic = try Self.face("gothic")
        let missing = FontCoverage(of: "吉野家の𠮷野家😀", chain: [gothic]).missing
        #expect(missing.map(\.scalar) == ["\u{20BB7}", "\u{1F600}"] && missing.map(\.characterIndex) == [4, 7])
        #expect(missing.map(\.description) == ["\"𠮷\" (U+20BB7) at character 4", "\"😀\" (U+1F600) at character 7"])
        #expect(gothic.glyph(for: "\u{20BB7}") == nil)
        #expect(gothic.glyph(for: "吉") != nil)
        #expect(!FontCoverage(of: "𠮷", chain: [gothic]).isComplete)
        #expect(FontCoverage(of: "入場整理券 〜−‖①髙ﾊﾝｶｸ 会員番号:GCG-40167", chain: [gothic]).isComplete)
        #expect(try FontCoverage(of: "Aé入", chain: [Self.face("sans")]).missing.map(\.characterIndex) == [2])
    }

    @Test("Measuring from many threads at once gives the serial answers")
    func concurrentMeasuring() async throws {
        let gothic = try Self.face("gothic")
        let lines = (0..<64).map { "会員番号:GCG-\(40000 + $0) 入場整理券 \($0)" }
        let serial = lines.map { gothic.width(of: $0, size: 14) }
        let parallel = try await withThrowingTaskGroup(of: (Int, Double).self) { group in
            for (i, line) in lines.enumerated() {
                group.addTask { (i, try Self.face("gothic").width(of: line, size: 14)) }
            }
            return try await group.reduce(into: [Double](repeating: 0, count: lines.count)) { $0[$1.0] = $1.1 }
        }
        #expect(parallel == serial)
    }

    @Test("A subset keeps only the needed glyphs, opens as a font, and measures the same")
    func subset() throws {
        let gothic = try Self.face("gothic")
        let text = "入場整理券 会員番号:GCG-40167"
        let data = try gothic.subset(for: text)
        let full = try FileManager.default.attributesOfItem(atPath: gothic.url.path)[.size] as? Int ?? 0
        #expect(data.count < 40_000 && full > 1_000_000, "subset \(data.count) bytes of \(full)")
        #expect(data.prefix(4) == Data([0, 1, 0, 0]), "a TrueType outline font")
        #expect(try gothic.subset(for: String(text.reversed())) == data, "same code points, same (cached) bytes")
        let scratch = try Scratch("fonts-subset")
        let file = scratch.url.appendingPathComponent("subset.ttf")
        try data.write(to: file)
        let reopened = try FontFace(contentsOf: file, name: "gothic-subset")
        #expect(reopened.glyphCount < 40)
        #expect(reopened.width(of: text, size: 14) == gothic.width(of: text, size: 14))
        #expect(FontCoverage(of: text, chain: [reopened]).isComplete)
        #expect(reopened.glyph(for: "吉") == nil)
    }
}
