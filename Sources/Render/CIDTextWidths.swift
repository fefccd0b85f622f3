import DrawingModule
import Fonts

/// The widths the PDF's CID mode draws gothic and mincho at, for layout: each character with a CID at the advance
/// its `W` entry states (`PDFFontSet.cidFont(named:)`: the first face of the width chain that has it, else
/// MS-PGothic's or MS-PMincho's width), the rest shaped from the chain's embedded faces as they are drawn.
struct CIDTextWidths: TextWidths {
    /// Where the width faces (`PDFFontSet.cidWidthFonts`) are opened.
    let fonts: FontRegistry

    func measure(font name: String, chain: [FontFace]) throws -> (@Sendable (String, Double) -> Double?)? {
        guard let japanese = PDFFontSet.cidFonts[name] else { return nil }
        let metrics = try AdobeJapan1.shared.metrics(of: japanese)
        let widthChain = [PDFFontSet.cidWidthFonts[name].flatMap { try? fonts.face(named: $0) }].compactMap { $0 }
            + chain
        // nil (the files' widths) only where drawing fails too, loudly.
        return { string, size in
            guard let pieces = try? PDFFontSet.cidPieces(of: string) else { return nil }
            var width = 0.0
            for piece in pieces {
                if let cids = piece.cids {
                    var units = 0
                    for (scalar, cid) in zip(piece.text.unicodeScalars, cids) {
                        if let face = widthChain.first(where: { $0.glyph(for: scalar) != nil }),
                            let glyph = face.glyph(for: scalar)
                        {
                            units += TextLayout.width(of: glyph, in: face)
                        } else {
                            units += metrics.width(of: cid)
                        }
                    }
                    width += Double(units) * size / 1000
                } else {
                    guard
                        let runs = try? TextLayout.runs(
                            of: String(piece.text), font: name, chain: chain, features: [], size: size,
                            location: RenderLocation(page: 1))
                    else { return nil }
                    width += runs.width
                }
            }
            return width
        }
    }
}
