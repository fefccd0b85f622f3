import DrawingModule
import Fonts
import Testing
import Typeset

/// Text boxes set by their fit policies, checked through the commands they resolve into and the fonts' own widths.
@Suite struct TextBoxSetterTests {
    let setter = TextBoxSetter()
    let gothic: LayoutFont

    init() throws {
        gothic = try LayoutFont(named: "gothic", size: 14)
    }

    func box(
        _ text: String, size: Double = 14, w: Double, h: Double, fit: [FitPolicy] = FitPolicy.dataDefault,
        minimumSize: Double? = nil, align: TextAlignment = .left,
        writing: WritingMode = .horizontal
    ) -> Drawing.Command.TextBox {
        Drawing.Command.TextBox(
            frame: Rect(x: 10, y: 20, width: w, height: h),
            runs: [TextRun(text, font: "gothic", size: size)], alignment: align, fit: fit,
            minimumSize: minimumSize, writingMode: writing, field: "venue")
    }

    /// The text commands of a set box, in order.
    func texts(_ set: SetTextBox) -> [Drawing.Command.Text] {
        set.commands.compactMap { if case .text(let text) = $0 { text } else { nil } }
    }

    /// Boxes set one after another that share their runs' storage, or whose runs were changed from a box set
    /// before, are each set for their own frame and text: the last boxes set are found by that storage, never
    /// given to another box.
    @Test func boxesSharingOrChangingRunsAreSetForThemselves() throws {
        let first = box("会場〜東京①", w: 200, h: 20)
        let placed = try #require(texts(try setter.set(first)).first)
        var moved = first
        moved.frame.x += 40
        let movedLine = try #require(texts(try setter.set(moved)).first)
        #expect(movedLine.origin.x == placed.origin.x + 40 && movedLine.string == "会場〜東京①")
        var changed = first
        changed.runs[0].string = "会場〜大阪②"
        #expect(texts(try setter.set(changed)).first?.string == "会場〜大阪②")
        var taller = first
        taller.runs[0].size = 16
        #expect(texts(try setter.set(taller)).first?.size == 16)
        // Listed texts follow the box too.
        #expect(try setter.texts(of: changed).first?.string == "会場〜大阪②")
        #expect(try setter.texts(of: first).first?.string == "会場〜東京①")
        #expect(texts(try setter.set(first)).first == placed)
    }

    @Test func textThatFitsKeepsItsSizeAndAlignsRight() throws {
        let set = try setter.set(box("会場〜東京", w: 100, h: 20, align: .right))
        #expect(set.scale == 1 && set.lineCount == 1)
        let line = try #require(texts(set).first)
        #expect(line.string == "会場〜東京" && line.size == 14)
        // Right-aligned: the line's right edge is the frame's right edge.
        #expect(abs(line.origin.x + gothic.width(of: "会場〜東京") - 110) < 1e-9)
    }

    @Test func shrinkFindsTheLargestSizeThatFitsTheWidth() throws {
        let text = "髙橋ﾊﾝｶｸ①〜−‖株式会社"
        let set = try setter.set(box(text, w: 100, h: 20))
        let line = try #require(texts(set).first)
        #expect(line.string == text && line.size < 14 && line.size >= 8.4)
        let width = gothic.resized(line.size).width(of: text)
        #expect(width <= 100, "shrunk text is \(width) pt wide")
        // 0.05 pt larger would not fit: the largest size on the grid was taken.
        #expect(gothic.resized(line.size + 0.05).width(of: text) > 100)
    }

    @Test func wrapBreaksWithKinsokuAndKeepsEveryCharacter() throws {
        let text = "東京都千代田区、丸の内一丁目。「髙橋」ビル、ﾊﾝｶｸ①〜−‖階。"
        let set = try setter.set(box(text, w: 60, h: 200, fit: [.wrap, .error]))
        let lines = texts(set).map(\.string)
        #expect(lines.count > 2)
        #expect(lines.joined() == text)
        for line in lines.dropFirst() {
            #expect(!Kinsoku.standard.noLineStart.contains(line.first!), "line starts with \(line)")
        }
        for line in texts(set) {
            #expect(line.origin.x + gothic.width(of: line.string) <= 70 + 1e-9)
        }
    }

    @Test func wrapNeverCutsAWordWhereNoBreakIsAllowed() throws {
        let number = "ABCDEFGHIJ-0123456789-KLMNOPQRST"
        // Breaking is allowed after a hyphen before a letter only: "…789-" | "KLMNOPQRST", never inside the digits.
        let set = try setter.set(box(number, size: 27, w: 160, h: 32, fit: [.wrap, .shrink, .error], minimumSize: 8))
        #expect(texts(set).map(\.string) == ["ABCDEFGHIJ-0123456789-", "KLMNOPQRST"])
        #expect(throws: TextFitError.self) {
            try setter.set(box("ABCDEFGHIJKLMNOPQRSTUVWXYZ", w: 60, h: 200, fit: [.wrap, .error]))
        }
    }

    @Test func aBoxBuiltWithoutTheCanvasChecksIsRefusedNotTrapped() {
        for size in [1e300, 0, -3, .nan] {
            let bad = Drawing.Command.TextBox(
                frame: Rect(x: 0, y: 0, width: 100, height: 20),
                runs: [TextRun("髙", size: size)], minimumSize: 5)
            #expect {
                _ = try setter.set(bad)
            } throws: { error in
                guard let fit = error as? TextFitError, case .invalid(let member, _) = fit.reason else { return false }
                return member == "runs[0].size"
            }
        }
    }

    @Test func errorNamesTheFieldTheTextTheBoxAndTheOverflow() throws {
        let text = String(repeating: "会場〜東京−‖①髙ﾊﾝｶｸ", count: 4)
        #expect {
            _ = try setter.set(box(text, w: 100, h: 20))
        } throws: { error in
            guard let fit = error as? TextFitError, case .overflow(let needed, let size, _) = fit.reason else {
                return false
            }
            let message = fit.description
            return fit.field == "venue" && size == 14 * 0.6 && needed.width > 100 && fit.excess.width > 0
                && message.contains("field \"venue\"") && message.contains(text) && message.contains("100 × 20 pt")
                && message.contains("too wide")
        }
    }

    @Test func clipOnlyWhenAskedAndThenTheFrameClips() throws {
        let text = String(repeating: "髙", count: 30)
        let set = try setter.set(box(text, w: 100, h: 20, fit: [.clip]))
        #expect(set.clip == Rect(x: 10, y: 20, width: 100, height: 20))
        #expect(throws: TextFitError.self) { try setter.set(box(text, w: 100, h: 20, fit: [])) }
    }

    @Test func boldComesFromTheFamilysBoldFaceOrIsRefused() throws {
        let runs = [TextRun("Name: ", font: "sans", size: 12), TextRun("Taro", font: "sans", weight: .bold, size: 12)]
        let set = try setter.set(Drawing.Command.TextBox(frame: Rect(x: 0, y: 0, width: 200, height: 20), runs: runs))
        #expect(texts(set).map(\.font) == ["sans", "sans-bold"])
        let face = try FontRegistry.shared.face(named: "sans-bold")
        #expect(face.url.lastPathComponent == "DejaVuSans-Bold.ttf")
        // The bold run starts where the regular one ends.
        let regular = try LayoutFont(named: "sans", size: 12)
        #expect(abs(texts(set)[1].origin.x - regular.width(of: "Name: ")) < 1e-9)
        // A family whose table has no bold face: bold is refused, never faked.
        let plain = FontRegistry(
            configuration: FontConfiguration(fonts: [
                "plain": .init(files: ["/usr/share/fonts/opentype/ipaexfont-gothic/ipaexg.ttf"])
            ]), environment: [:])
        let noBold = Drawing.Command.TextBox(
            frame: Rect(x: 0, y: 0, width: 200, height: 20),
            runs: [TextRun("髙", font: "plain", weight: .bold, size: 12)])
        #expect {
            _ = try TextBoxSetter(fonts: plain).set(noBold)
        } throws: { error in
            guard let fit = error as? TextFitError, case .font(let family, .bold, _) = fit.reason else { return false }
            return family == "plain" && fit.description.contains("-bold")
        }
    }

    @Test func rubyIsCentredOverItsBaseAtHalfSize() throws {
        let runs = [TextRun("髙橋", font: "gothic", size: 20, ruby: "たかはし"), TextRun("様", font: "gothic", size: 20)]
        let set = try setter.set(Drawing.Command.TextBox(frame: Rect(x: 0, y: 0, width: 200, height: 50), runs: runs))
        let all = texts(set)
        let ruby = try #require(all.first { $0.string == "たかはし" })
        let base = try #require(all.first { $0.string == "髙橋" })
        #expect(ruby.size == 10)
        // The ruby is wider than its base (4 × 10 > 2 × 20 is false: equal), so both are centred on one another.
        let rubyFont = gothic.resized(10)
        let baseFont = gothic.resized(20)
        let rubyCentre = ruby.origin.x + rubyFont.width(of: "たかはし") / 2
        let baseCentre = base.origin.x + baseFont.width(of: "髙橋") / 2
        #expect(abs(rubyCentre - baseCentre) < 1e-9)
        // Above the base: the ruby's line box ends where the base's begins.
        #expect(ruby.origin.y + rubyFont.glyphHeight <= base.origin.y + 1e-9)
    }

    @Test func verticalColumnsRunRightToLeftWithDigitsAcross() throws {
        let text = "賞状\n令和7年11月23日「髙橋」"
        let set = try setter.set(box(text, size: 20, w: 60, h: 300, writing: .vertical))
        let all = texts(set)
        let first = try #require(all.first { $0.string == "賞" })
        let second = try #require(all.first { $0.string == "令" })
        #expect(first.origin.x > second.origin.x, "the first column is right of the second")
        let sho = try #require(all.first { $0.string == "状" })
        #expect(sho.origin.y > first.origin.y && abs(sho.origin.x - first.origin.x) < 1e-9)
        // Two digits set across in one cell; a single digit stands alone.
        #expect(all.contains { $0.string == "11" } && all.contains { $0.string == "23" })
        #expect(all.contains { $0.string == "7" })
        // A postal code is one word, turned whole with its hyphen: not 150 across beside a turned -0001.
        let postal = try setter.set(box("〒150-0001", size: 10, w: 20, h: 200, writing: .vertical))
        #expect(texts(postal).map(\.string) == ["〒"])
        let word = postal.commands.compactMap { if case .part(let part) = $0 { part } else { nil } }
        #expect(word.count == 1 && word[0].rotation == 90)
        #expect(
            word.first?.drawing.commands.compactMap { if case .text(let t) = $0 { t.string } else { nil } } == [
                "150-0001"
            ])
        // The brackets are the font's vertical glyphs, upright in their cells (IPAex has `vert` forms for them);
        // the kanji stay horizontal forms, and nothing is turned.
        let parts = set.commands.compactMap { if case .part(let part) = $0 { part } else { nil } }
        #expect(parts.isEmpty)
        #expect(all.filter { "「」".contains($0.string) }.map(\.verticalAlternates) == [true, true])
        #expect(all.first { $0.string == "髙" }?.verticalAlternates == nil)
        // Without alternates (a renderer drawing characters, not glyph ids) they fall back to turned parts.
        let fallback = try setter.set(box(text, size: 20, w: 60, h: 300, writing: .vertical), verticalAlternates: false)
        let turned = fallback.commands.compactMap { if case .part(let part) = $0 { part } else { nil } }
        #expect(turned.count == 2 && turned.allSatisfy { $0.rotation == 90 })
    }

    /// Boxes whose texts are canonically equivalent but written with other code points (が and か + U+3099, é and
    /// e + U+0301) are set each from its own: the second is not given the first's lines, which draw other code
    /// points.
    @Test(arguments: [("会場が東京", "会場か\u{3099}東京"), ("caf\u{E9} 髙", "cafe\u{301} 髙")])
    func aCanonicallyEquivalentTextIsSetFromItsOwnCodePoints(first: String, second: String) throws {
        #expect(first == second, "Swift compares them as equal")
        let one = try setter.set(box(first, w: 150, h: 20))
        let other = try setter.set(box(second, w: 150, h: 20))
        #expect(Array(try #require(texts(one).first).string.unicodeScalars) == Array(first.unicodeScalars))
        #expect(Array(try #require(texts(other).first).string.unicodeScalars) == Array(second.unicodeScalars))
    }
}

/// Layout measures each character in the font of the fallback chain that draws it, as the renderers do.
@Suite struct FallbackMeasureTests {
    @Test func charactersTheFirstFaceLacksAreMeasuredInTheFaceThatDrawsThem() throws {
        let gothic = try LayoutFont(named: "gothic", size: 20)
        #expect(gothic.chain.count >= 2, "gothic falls back to Noto Sans CJK JP")
        // 𠮷 (U+20BB7) is not in IPAexGothic: measured in the chain's next face, which draws it.
        #expect(gothic.face.glyph(for: "\u{20BB7}") == nil)
        let drawing = gothic.drawingFace(of: "𠮷")
        #expect(drawing !== gothic.face && drawing.glyph(for: "\u{20BB7}") != nil)
        #expect(gothic.width(of: "𠮷野家") == drawing.width(of: "𠮷", size: 20) + gothic.face.width(of: "野家", size: 20))
        // A variation selector adds no width: 葛󠄀 (葛 U+E0100, from IPAmj under mincho) is one character wide.
        let mincho = try LayoutFont(named: "mincho", size: 20)
        #expect(abs(mincho.width(of: "葛\u{E0100}飾") - 40) < 0.5, "\(mincho.width(of: "葛\u{E0100}飾"))")
        // A box sized to the measured width holds the text: set with no shrinking.
        let set = try TextBoxSetter().set(
            Drawing.Command.TextBox(
                frame: Rect(x: 0, y: 0, width: gothic.width(of: "𠮷野家") + 0.5, height: 30),
                runs: [TextRun("𠮷野家", font: "gothic", size: 20)], fit: [.error]))
        #expect(set.scale == 1 && set.lineCount == 1)
    }
}
