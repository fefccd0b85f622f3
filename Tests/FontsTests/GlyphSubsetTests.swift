import Foundation
import TestSupport
import Testing

@testable import Fonts

/// A subset HarfBuzz is asked for by characters (its fast way, taken when every glyph is a character's nominal
/// glyph) is the subset asked for by glyph ids, byte for byte, in TrueType and CFF faces.
@Suite("Glyph subsets")
struct GlyphSubsetTests {
    static let registry = FontRegistry(environment: [:])
    static let text = "整理番号:FN-579-413 入場整理券 〜−‖①髙ﾊﾝｶｸ 𠮷 watashida@gaigaigai.com 0123456789"

    /// Each character's nominal glyph in `face` → the character, as the PDF renderer records them.
    static func texts(in face: FontFace) -> [UInt32: String] {
        var texts: [UInt32: String] = [:]
        for scalar in text.unicodeScalars {
            if let glyph = face.glyph(for: scalar) { texts[glyph] = String(scalar) }
        }
        return texts
    }

    @Test(
        "Asked for by characters or by glyph ids, a subset is the same program with the same codes",
        arguments: ["gothic", "mincho", "sans", "gothic-cjk", "mincho-ipamj"])
    func charactersAndGlyphIDsAgree(font: String) throws {
        let face = try Self.registry.face(named: font)
        let texts = Self.texts(in: face)
        let glyphs = Set(texts.keys)
        #expect(glyphs.count > 20, "\(font) draws most of the text")
        let characters = try #require(face.nominalCharacters(of: glyphs, texts: texts))
        let byCharacters = try face.makeSubset(glyphs: glyphs, characters: characters)
        let byGlyphIDs = try face.makeSubset(glyphs: glyphs, characters: nil)
        #expect(byCharacters.kind == byGlyphIDs.kind)
        #expect(byCharacters.data == byGlyphIDs.data)
        #expect(byCharacters.codes == byGlyphIDs.codes)
        #expect(Set(byCharacters.codes.keys) == glyphs.union([0]), "every glyph asked for is kept, and .notdef")
    }

    @Test("A glyph that is not its text's nominal glyph makes the subset ask by glyph id")
    func otherGlyphsAreAskedForByID() throws {
        let face = try Self.registry.face(named: "gothic")
        let glyph = try #require(face.glyph(for: "葛"))
        let other = try #require(face.glyph(for: "萬"))
        let scalar = try #require("葛".unicodeScalars.first)
        #expect(face.nominalCharacters(of: [glyph], texts: [glyph: "葛"]) == [scalar.value])
        #expect(face.nominalCharacters(of: [glyph], texts: [glyph: "葛\u{E0100}"]) == nil, "a variation sequence")
        #expect(face.nominalCharacters(of: [other], texts: [other: "葛"]) == nil, "another character's glyph")
        #expect(face.nominalCharacters(of: [glyph], texts: [:]) == nil, "no text")
        #expect(face.nominalCharacters(of: [0], texts: [:]) == [], ".notdef needs no character")
    }

    /// A CFF subset carries its charstrings with the subroutines inlined: HarfBuzz is not asked to subroutinize
    /// (which parses every subroutine of a CJK face), so the program's global subroutine INDEX is empty.
    @Test("CFF subsets inline their subroutines", arguments: ["gothic-bold", "gothic-cjk"])
    func cffSubsetsHaveNoGlobalSubroutines(font: String) throws {
        let face = try Self.registry.face(named: font)
        let texts = Self.texts(in: face)
        let subset = try face.subset(glyphs: Set(texts.keys), texts: texts)
        #expect(subset.kind == .cff)
        let bytes = [UInt8](subset.data)
        let headerSize = Int(try #require(bytes.count > 4 ? bytes[2] : nil))
        // Header, then the Name, Top DICT and String INDEXes, then the Global Subr INDEX.
        var offset = headerSize
        for _ in 0..<3 { offset = try #require(CFFCharset.index(bytes, at: offset)).end }
        let globalSubroutines = try #require(CFFCharset.index(bytes, at: offset))
        #expect(globalSubroutines.items.isEmpty, "\(font): \(globalSubroutines.items.count) global subroutines")
    }
}
