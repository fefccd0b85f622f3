import DrawingModule
import Fonts

extension LayoutFont {
    /// The blank a full-width bracket, 、。 or middle dot has before and after its ink, in points: what 約物の詰め
    /// may take away.
    ///
    /// Read from the font where it says: the glyph shaped with OpenType `halt` (its half-width alternate metrics)
    /// against the glyph as set — the blank is where the ink moved from. A font without `halt` (BIZ UD) is taken to
    /// draw its punctuation in the usual half of the em (JIS X 4051): an opening bracket's right half, a closing
    /// bracket's and 、。's left half, a middle dot in the middle. A glyph narrower than an em (proportional `palt`
    /// widths, Latin punctuation) has no blank to take.
    public func punctuationSpace(of character: Character) -> (leading: Double, trailing: Double) {
        punctuationSpace(of: character, kind: CharacterClass(character))
    }

    /// `punctuationSpace(of:)` of a character whose class is known.
    func punctuationSpace(of character: Character, kind: CharacterClass) -> (leading: Double, trailing: Double) {
        guard kind.hasPunctuationSpace else { return (0, 0) }
        let face = drawingFace(of: character)
        let scalars = Array(character.unicodeScalars)
        let set = face.shape(scalars, features: features)
        let em = Double(face.unitsPerEm)
        guard set.count == 1, Double(set[0].advance) >= em * 0.9 else { return (0, 0) }
        let scale = size / em
        let half = face.shape(scalars, features: features + ["halt"])
        if half.count == 1, half[0].advance < set[0].advance {
            let leading = max(0, Double(set[0].xOffset - half[0].xOffset))
            let trailing = max(0, Double(set[0].advance - half[0].advance) - leading)
            return (leading * scale, trailing * scale)
        }
        let blank = Double(set[0].advance) * scale / 2
        switch kind {
        case .openingBracket: return (blank, 0)
        case .middleDot: return (blank / 2, blank / 2)
        default: return (0, blank)
        }
    }
}

extension LayoutFont {
    /// The blank a bracket, 、。 or middle dot has before and after its ink down a vertical column, in points: what
    /// 約物の詰め may take away there.
    ///
    /// Read from the font where it says: the glyph shaped top to bottom with its vertical alternates (`vert`), and
    /// with `vhal` (alternate vertical half metrics) too — the blank is where the ink moved from. A font without
    /// `vhal` is taken to draw its vertical punctuation in the usual half, as across a line
    /// (`punctuationSpace(of:)`).
    public func verticalPunctuationSpace(of character: Character) -> (leading: Double, trailing: Double) {
        guard CharacterClass(character).hasPunctuationSpace else { return (0, 0) }
        let face = drawingFace(of: character)
        let scalars = Array(character.unicodeScalars)
        let set = face.shapeVertically(scalars, features: FontFace.verticalFeatures)
        let em = Double(face.unitsPerEm)
        guard set.count == 1, Double(set[0].advance) >= em * 0.9 else { return (0, 0) }
        let half = face.shapeVertically(scalars, features: FontFace.verticalFeatures + ["vhal"])
        guard half.count == 1, half[0].advance < set[0].advance else { return punctuationSpace(of: character) }
        let scale = size / em
        let leading = max(0, Double(half[0].yOffset - set[0].yOffset))
        let trailing = max(0, Double(set[0].advance - half[0].advance) - leading)
        return (leading * scale, trailing * scale)
    }
}

/// Which blank a line takes away first when it must be shorter than its natural width (追い込み), in jlreq's order
/// (3.8.3): Latin word spaces down to a quarter em, 和欧間 down to an eighth, middle dots' quarters, then the half
/// em beside brackets and 、。.
enum ShrinkStep: Int, CaseIterable {
    case wordSpace, autospace, middleDot, punctuation
}

/// Where a justified line puts its spare width, in jlreq's order (3.8.3): Latin word spaces up to half an em,
/// 和欧間 up to a quarter em, then between Japanese characters up to a quarter em each; what is still spare is
/// spread evenly over the word spaces and the gaps between Japanese characters without limit, so every line but a
/// paragraph's last reaches both edges, a narrow box's too. 和欧間 stays within its quarter em (a URL or a word among
/// kanji gets no hole beside it) unless the line has no other gap, when its 和欧間 share the rest; a line with no gap at
/// all is left short.
enum StretchStep: Int, CaseIterable {
    case wordSpace, autospace, solid, unlimited
}

/// One paragraph's characters with the jlreq spacing between them: each one's advance and class, the blank its
/// punctuation has, and for each gap between neighbours the space the rules set there and how far it may shrink
/// and stretch, step by step.
///
/// Lengths are in points. Built once per paragraph and size; `ranges` breaks it into lines and `place` sets each.
struct SpacedText {
    /// The space the rules set between two neighbours on one line, and how much of it each step may take or add.
    struct Gap {
        /// Added to the advance of the character before (negative closes up): adjacent punctuation, 和欧間.
        var natural = 0.0
        /// What each `ShrinkStep` may take away.
        var shrink = StepLengths()
        /// What each `StretchStep` may add; for `unlimited`, the share (a weight).
        var stretch = StepLengths()
        /// True for 和欧間: past its quarter em it takes spare width only on a line with no other gap that may.
        var isAutospace = false
    }

    /// A length for each of the four steps (`ShrinkStep`, `StretchStep`), by the step's raw value. Four doubles
    /// rather than a `SIMD4<Double>`, whose 32-byte alignment made every paragraph's gaps an aligned allocation
    /// (`posix_memalign`), which cost more than laying out a short line.
    struct StepLengths {
        private var lengths: (Double, Double, Double, Double) = (0, 0, 0, 0)

        subscript(step: Int) -> Double {
            get {
                switch step {
                case 0: lengths.0
                case 1: lengths.1
                case 2: lengths.2
                case 3: lengths.3
                default: preconditionFailure("there are four steps, not \(step + 1)")
                }
            }
            set {
                switch step {
                case 0: lengths.0 = newValue
                case 1: lengths.1 = newValue
                case 2: lengths.2 = newValue
                case 3: lengths.3 = newValue
                default: preconditionFailure("there are four steps, not \(step + 1)")
                }
            }
        }

        /// The four lengths added in step order from -0, as `SIMD4.sum()` adds them.
        func sum() -> Double {
            var result = -0.0
            result += lengths.0
            result += lengths.1
            result += lengths.2
            result += lengths.3
            return result
        }
    }

    let characters: [Character]
    let classes: [CharacterClass]
    let advances: [Double]
    /// Each character's em (its font size).
    let ems: [Double]
    /// The blank before each character's ink that the rules may take away (opening brackets, middle dots).
    let leading: [Double]
    /// The blank after each character's ink (closing brackets, 、。, middle dots).
    let trailing: [Double]
    /// `gaps[i]` lies between characters i and i + 1.
    private(set) var gaps: [Gap]
    let rules: Typesetting

    /// Prepares `characters` (set with `advances`, each of size `ems`, with the punctuation blank `space`) under
    /// `rules`; no gap is made where `fixed` holds (inside a ruby base). `classes`, when given, are the characters'
    /// classes, found by the caller or overriding their own (a vertical column's digits set across a cell behave as
    /// full-width characters). Past `deadline` the remaining gaps are left unset: the caller, which checks it next,
    /// throws the text away.
    init(
        characters: [Character], advances: [Double], ems: [Double], space: [(leading: Double, trailing: Double)],
        rules: Typesetting, classes: [CharacterClass]? = nil, deadline: Deadline? = nil,
        fixed: (Int) -> Bool = { _ in false }
    ) {
        self.characters = characters
        self.advances = advances
        self.ems = ems
        self.rules = rules
        self.classes = classes ?? characters.map(CharacterClass.init)
        leading = rules.trim ? space.map(\.leading) : Array(repeating: 0, count: characters.count)
        trailing = rules.trim ? space.map(\.trailing) : Array(repeating: 0, count: characters.count)
        gaps = Array(repeating: Gap(), count: characters.count)
        for index in characters.indices.dropLast() where !fixed(index) {
            if index % 4096 == 4095, let deadline, deadline.hasPassed { break }
            gaps[index] = gap(after: index)
        }
    }

    /// The rules between characters `index` and `index + 1`.
    private func gap(after index: Int) -> Gap {
        let (a, b) = (classes[index], classes[index + 1])
        var gap = Gap()
        var blankAfter = trailing[index]
        var blankBefore = leading[index + 1]
        // 約物の詰め (jlreq 3.1.4): an opening bracket after an opening bracket, closing punctuation, a middle dot or
        // an ideographic space loses its blank; closing punctuation before closing punctuation or a middle dot
        // loses its own. 」「 keeps the closing bracket's half em between them.
        if b == .openingBracket, a == .openingBracket || a.closes || a == .middleDot || a == .ideographicSpace {
            gap.natural -= blankBefore
            blankBefore = 0
        } else if a.closes, b.closes || b == .middleDot {
            gap.natural -= blankAfter
            blankAfter = 0
        }
        gap.shrink[a == .middleDot ? ShrinkStep.middleDot.rawValue : ShrinkStep.punctuation.rawValue] += blankAfter
        gap.shrink[b == .middleDot ? ShrinkStep.middleDot.rawValue : ShrinkStep.punctuation.rawValue] += blankBefore
        let em = min(ems[index], ems[index + 1])
        if a == .space || b == .space {
            // A Latin word space: its own advance shrinks to a quarter em and stretches to a half (jlreq 3.8.3).
            if a == .space {
                let width = advances[index]
                gap.shrink[ShrinkStep.wordSpace.rawValue] = max(0, width - ems[index] / 4)
                gap.stretch[StretchStep.wordSpace.rawValue] = max(0, ems[index] / 2 - width)
                gap.stretch[StretchStep.unlimited.rawValue] = 1
            }
        } else if (a.isJapaneseLetter && b == .western) || (a == .western && b.isJapaneseLetter) {
            // 和欧間: the autospace; a quarter em by default, down to an eighth, up to a quarter (jlreq's range).
            let japaneseEm = a == .western ? ems[index + 1] : ems[index]
            let space = rules.autospace * japaneseEm
            gap.natural += space
            gap.isAutospace = true
            gap.shrink[ShrinkStep.autospace.rawValue] = max(0, space - japaneseEm / 8)
            if space > 0 {
                gap.stretch[StretchStep.autospace.rawValue] = max(0, japaneseEm / 4 - space)
            } else {
                gap.stretch[StretchStep.solid.rawValue] = japaneseEm / 4
                gap.stretch[StretchStep.unlimited.rawValue] = 1
            }
        } else if (a.isSetSolid || b.isSetSolid) && !(a == .inseparable && b == .inseparable) {
            // 和字間: between Japanese characters (and punctuation beside Latin), a quarter em each, then an even
            // share of what is still spare.
            gap.stretch[StretchStep.solid.rawValue] = em / 4
            gap.stretch[StretchStep.unlimited.rawValue] = 1
        }
        return gap
    }

    /// The blank an opening bracket starting a line (not the paragraph's first, which keeps its blank as
    /// CSS's `text-spacing-trim: normal` and Chromium do) loses.
    func startTrim(_ index: Int, firstLine: Bool) -> Double {
        rules.trim && !firstLine && classes[index] == .openingBracket ? leading[index] : 0
    }

    /// True when character `index` may hang past the line end (ぶら下げ): 、 and 。 when the rules allow it.
    func hangs(_ index: Int) -> Bool {
        rules.hang && (classes[index] == .comma || classes[index] == .fullStop)
    }
}
