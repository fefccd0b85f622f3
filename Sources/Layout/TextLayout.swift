import DrawingModule
import Fonts
import Support

/// One text command laid out for drawing: runs of glyphs shaped by HarfBuzz, each from the first font of the
/// command's chain (the font and its fallbacks) that has its characters, where each glyph goes, and the baseline.
///
/// Both renderers draw from this, so a line of text sits at the same place in the PDF and the PNG. Positions are
/// kept in whole thousandths of an em, the unit of a PDF font's `W` widths: a glyph whose shaped advance equals its
/// width needs no adjustment in the PDF, and the raster places glyphs at exactly the same points.
public struct TextLayout: Sendable {
    /// Consecutive glyphs from one font.
    package struct Run: Sendable {
        /// The font the glyphs come from.
        package var face: FontFace
        /// Glyph ids in `face`, in drawing order.
        package var glyphs: [UInt32]
        /// Each glyph's origin right of `start`, in thousandths of an em.
        package var offsets: [Int]
        /// The code points the run was shaped from.
        package var scalars: [Unicode.Scalar]
        /// For each glyph, the range of `scalars` its cluster covers when it is the cluster's first glyph, else nil.
        package var clusters: [Range<Int>?]
        /// The x of the run's start, in points, in the coordinates the text is drawn in.
        package var start: Double
    }

    /// The text drawn.
    package var string: String
    /// The logical font name (`gothic`).
    package var font: String
    /// The faces the runs were taken from: the font, then its fallbacks.
    package var chain: [FontFace]
    /// The font size in points.
    package var size: Double
    /// The runs, left to right.
    package var runs: [Run]
    /// The line's width in points, as its glyphs are placed (shaped advances, thousandths of an em).
    package var width: Double
    /// The y of the baseline, in points from the top (one ascent of the first font below the text's top).
    package var baseline: Double
    /// The top-left corner of the line box (before alignment) and the box width, for renderers that must measure
    /// with other metrics (the PDF's CID mode).
    package var origin: Point
    package var boxWidth: Double?
    package var alignment: TextAlignment
    /// True when shaped with the fonts' proportional widths (`palt`).
    package var proportional: Bool
    /// True for a cell of a vertical column (`Drawing.Command.Text.vertical`).
    package var vertical: Bool
    /// True for text marked as an artifact (`Drawing.Command.Text.artifact`: ruby).
    package var artifact: Bool
    /// The extra space after every glyph (`Drawing.Command.Text.characterSpacing`), in thousandths of an em: the
    /// offsets include it, and a PDF shows it as `Tc`.
    package var characterSpacing: Int
    /// The space after each character (`Drawing.Command.Text.adjustments`), for renderers that place characters
    /// with other metrics (the PDF's CID mode); already in the runs' offsets.
    package var adjustments: [Double]?
    /// For each run, what each glyph's widened program carries (`carriedSpacing(of:at:size:spacing:)`): found once
    /// per shaping, for the subsets and for drawing.
    package var carried: [[Int]]

    /// The text glyph `index` of `run` stands for: its whole cluster for the first glyph of a cluster, "" for the
    /// rest (made on demand: only the PDF's ToUnicode needs it, once per glyph and document).
    package static func text(of index: Int, in run: Run) -> String {
        guard let range = run.clusters[index] else { return "" }
        // Scalar by scalar: `append(contentsOf:)` of a slice runs unspecialised, at thousands of instructions per glyph.
        var text = String.UnicodeScalarView()
        for scalar in run.scalars[range] { text.append(scalar) }
        return String(text)
    }

    /// `units` of `face` in whole thousandths of an em, rounded as a PDF `W` entry is.
    package static func thousandths(_ units: Int, in face: FontFace) -> Int {
        Int(roundedClamping: Double(units) * 1000 / Double(face.unitsPerEm))
    }

    /// The `W` width of `glyph`: its nominal advance in thousandths of an em.
    package static func width(of glyph: UInt32, in face: FontFace) -> Int {
        thousandths(face.advance(ofGlyph: glyph), in: face)
    }

    /// A text shaped from x = 0, before it is placed: what a text's layout keeps wherever it is drawn, so a text
    /// drawn again (a column's names and dates, row after row; a batch's labels, record after record) is shaped once
    /// (`TextLayoutCache`).
    package struct Shaping: Sendable {
        /// The faces the runs were taken from: the font, then its fallbacks.
        package var chain: [FontFace]
        /// The runs, the first starting at 0.
        package var runs: [Run]
        /// The line's width in points.
        package var width: Double
        /// For each run, what each glyph's widened program carries.
        package var carried: [[Int]]
    }

    /// Lays out `text` with the first font of `chain` that has each character.
    /// - Throws: `RenderError.missingGlyph` naming the character and every font tried when none has it.
    package init(_ text: Drawing.Command.Text, chain: [FontFace], location: RenderLocation) throws(RenderError) {
        self.init(text, shaping: try Self.shaping(of: text, chain: chain, location: location))
    }

    /// `text` placed as `shaping` (the shaping of `text`, or of a text differing only in place and colour) sets it.
    package init(_ text: Drawing.Command.Text, shaping: Shaping) {
        var runs = shaping.runs
        let start =
            text.origin.x + Self.alignmentOffset(width: shaping.width, box: text.boxWidth, alignment: text.alignment)
        for index in runs.indices { runs[index].start += start }
        self.string = text.string
        self.font = text.font
        self.chain = shaping.chain
        self.size = text.size
        self.width = shaping.width
        self.runs = runs
        self.baseline = text.origin.y + shaping.chain[0].ascent(size: text.size)
        self.origin = text.origin
        self.boxWidth = text.boxWidth
        self.alignment = text.alignment
        self.proportional = text.proportional == true
        self.vertical = text.vertical == true
        self.artifact = text.artifact == true
        self.adjustments = text.adjustments
        self.characterSpacing = Self.spacing(text)
        self.carried = shaping.carried
    }

    /// `text` shaped with the first font of `chain` that has each character, from x = 0.
    /// - Throws: `RenderError.missingGlyph` naming the character and every font tried when none has it.
    package static func shaping(
        of text: Drawing.Command.Text, chain: [FontFace], location: RenderLocation
    ) throws(RenderError) -> Shaping {
        let features =
            (text.verticalAlternates == true ? FontFace.verticalFeatures : [])
            + (text.proportional == true ? ["palt"] : []) + (text.features ?? [])
        let spacing = Self.spacing(text)
        var (runs, width) = try Self.runs(
            of: text.string, font: text.font, chain: chain, features: features, size: text.size, spacing: spacing,
            location: location)
        if let adjustments = text.adjustments {
            width += Self.adjust(&runs, of: text.string, by: adjustments, size: text.size)
        }
        let carried = runs.indices.map { carriedSpacing(of: runs, at: $0, size: text.size, spacing: spacing) }
        return Shaping(chain: chain, runs: runs, width: width, carried: carried)
    }

    /// `text`'s character spacing in whole thousandths of an em, the unit glyphs are placed in (0 for none).
    package static func spacing(_ text: Drawing.Command.Text) -> Int {
        guard let points = text.characterSpacing, points.isFinite, text.size > 0 else { return 0 }
        return Int(roundedClamping: points * 1000 / text.size)
    }

    /// `string` shaped with the first font of `chain` that has each character, in runs starting at 0, and its width
    /// in points; `spacing` thousandths of an em go after every glyph but the last.
    /// - Throws: `RenderError.missingGlyph` naming the character and every font tried when none has it.
    package static func runs(
        of string: String, font name: String, chain: [FontFace], features: [String], size: Double,
        spacing: Int = 0, location: RenderLocation
    ) throws(RenderError) -> (runs: [Run], width: Double) {
        let primary = chain[0]
        // Characters → the index in `chain` of the font drawing them, grouped into runs.
        var pieces: [(font: Int, scalars: [Unicode.Scalar])] = []
        let scalars = Array(string.unicodeScalars)
        // Common case first: the first font has every code point (no variation selector, no fallback needed).
        if scalars.allSatisfy({ primary.glyph(for: $0) != nil }) {
            pieces = [(0, scalars)]
        } else {
            for (position, character) in string.enumerated() {
                guard let font = FontCoverage.face(for: character, in: chain) else {
                    let coverage = FontCoverage(of: String(character), chain: chain, font: name)
                    let shown = string.count > 80 ? String(string.prefix(80)) + "…" : string
                    var missing =
                        coverage.missing.first
                        ?? MissingGlyph(scalar: character.unicodeScalars.first!, characterIndex: 0, font: name)
                    missing.character = String(character)
                    missing.characterIndex = position
                    throw .missingGlyph(missing, text: shown, location: location)
                }
                if let last = pieces.last, last.font == font {
                    pieces[pieces.count - 1].scalars.append(contentsOf: character.unicodeScalars)
                } else {
                    pieces.append((font, Array(character.unicodeScalars)))
                }
            }
        }
        var runs: [Run] = []
        var pen = 0.0
        for piece in pieces {
            let face = chain[piece.font]
            let shaped = face.shape(piece.scalars, features: features)
            var offsets: [Int] = []
            var glyphs: [UInt32] = []
            var clusters: [Range<Int>?] = []
            offsets.reserveCapacity(shaped.count)
            glyphs.reserveCapacity(shaped.count)
            clusters.reserveCapacity(shaped.count)
            var runPen = 0
            // Clusters are monotone (left to right, MONOTONE_CHARACTERS): a cluster ends where the next one starts.
            var index = 0
            while index < shaped.count {
                let cluster = shaped[index].cluster
                var next = index + 1
                while next < shaped.count, shaped[next].cluster == cluster { next += 1 }
                let end = next < shaped.count ? max(shaped[next].cluster, cluster) : piece.scalars.count
                for position in index..<next {
                    let glyph = shaped[position]
                    glyphs.append(glyph.glyph)
                    offsets.append(runPen + Self.thousandths(glyph.xOffset, in: face))
                    runPen += Self.thousandths(glyph.advance, in: face) + spacing
                    clusters.append(position == index ? cluster..<min(end, piece.scalars.count) : nil)
                }
                index = next
            }
            runs.append(
                Run(
                    face: face, glyphs: glyphs, offsets: offsets, scalars: piece.scalars, clusters: clusters,
                    start: pen))
            pen += Double(runPen) * size / 1000
        }
        // No spacing after the last glyph: the text ends where its last glyph does.
        if runs.contains(where: { !$0.glyphs.isEmpty }) { pen -= Double(spacing) * size / 1000 }
        return (runs, pen)
    }

    /// True when an adjustment opens a gap of a tenth of an em or more (和欧間, a spread justified line), which
    /// extractors read as a word space, and the text can be given as /ActualText: pdfium drops a character beyond
    /// U+FFFF (𠮷) from an ActualText string, where it reads the glyph itself correctly.
    package var spreadsLikeWords: Bool {
        guard adjustments?.contains(where: { $0 >= size * 0.1 }) ?? false else { return false }
        return string.unicodeScalars.allSatisfy { $0.value <= 0xFFFF }
    }

    /// The least gap, in thousandths of an em, a font program carries instead of a TJ number, and the step carried
    /// gaps are floored to: the rest stays a TJ number below what any extractor reads as a word space (poppler and
    /// pdfium break words at a tenth of an em, MuPDF at less than a quarter, pypdf at a fraction of a space).
    package static let carriedStep = 50

    /// For each glyph of `runs[index]`, the advance past its nominal width, in thousandths of an em, that a font
    /// program widened by that much (`PDFFontSet.spacedFont`) carries so the PDF needs no TJ number wide enough to
    /// read as a word space: the letter spacing, and the gap the adjustments open after the glyph (和欧間, a
    /// justified line's spread) floored to `carriedStep`. 0 where nothing is carried: no gap, a gap narrower than a
    /// step, a closing-up (negative) adjustment.
    ///
    /// A run's last glyph carries the gap to the next run's first glyph (a character from a fallback face).
    package static func carriedSpacing(of runs: [Run], at index: Int, size: Double, spacing: Int) -> [Int] {
        let run = runs[index]
        var next: Int?
        if index + 1 < runs.count, let first = runs[index + 1].offsets.first, size > 0 {
            next = Int(roundedClamping: (runs[index + 1].start - run.start) * 1000 / size) + first
        }
        return run.glyphs.indices.map { glyph in
            guard let following = glyph + 1 < run.glyphs.count ? run.offsets[glyph + 1] : next else { return 0 }
            let extra = following - run.offsets[glyph] - width(of: run.glyphs[glyph], in: run.face) - spacing
            let carried = spacing + (extra >= carriedStep ? extra - extra % carriedStep : 0)
            return max(0, carried)
        }
    }

    /// Moves the glyphs of `runs` (shaped from `string`) right by the sum of `adjustments` (points after each
    /// character of `string`) before their character, in whole thousandths of an em as every offset is; returns the
    /// width added. Adjustments that are not one finite number per character are ignored.
    package static func adjust(_ runs: inout [Run], of string: String, by adjustments: [Double], size: Double) -> Double {
        guard adjustments.count == string.count, adjustments.allSatisfy(\.isFinite), size > 0 else { return 0 }
        // The shift of each code point: the adjustments of the characters before its own.
        var shifts: [Int] = []
        var total = 0.0
        for (character, adjustment) in zip(string, adjustments) {
            let shift = Int(roundedClamping: total * 1000 / size)
            for _ in character.unicodeScalars { shifts.append(shift) }
            total += adjustment
        }
        var first = 0
        for index in runs.indices {
            var cluster = 0
            for glyph in runs[index].offsets.indices {
                if let range = runs[index].clusters[glyph] { cluster = range.lowerBound }
                let scalar = min(first + cluster, shifts.count - 1)
                runs[index].offsets[glyph] += shifts[scalar]
            }
            first += runs[index].scalars.count
        }
        return Double(Int(roundedClamping: total * 1000 / size)) * size / 1000
    }

    /// `piece`, part of this line, shaped with the line's chain and no features, in runs starting at 0: the
    /// characters a CID-mode line shows from embedded fonts because Adobe-Japan1 has no CID for them.
    package func fallbackRuns(of piece: String, location: RenderLocation) throws(RenderError) -> (runs: [Run], width: Double) {
        try Self.runs(
            of: piece, font: font, chain: chain, features: [], size: size, spacing: characterSpacing,
            location: location)
    }

    /// The x of each glyph of `run`, in points.
    package func positions(of run: Run) -> [Double] {
        run.offsets.map { run.start + Double($0) * size / 1000 }
    }

    /// How far right of the box's left edge a line `width` wide starts.
    package static func alignmentOffset(width: Double, box: Double?, alignment: TextAlignment) -> Double {
        guard let box else { return 0 }
        switch alignment {
        case .left, .justified, .automatic: return 0
        case .center: return (box - width) / 2
        case .right: return box - width
        }
    }
}
