import Documents
import Testing

/// Line breaking with and without the kinsoku rules, in IPAex Gothic at 10 pt, where every kana is 10 pt wide:
/// a 100 pt box holds exactly ten, so each string below puts a forbidden character at a break when the rules are off.
@Suite struct KinsokuTests {
    let font: LayoutFont

    init() throws {
        font = try LayoutFont(named: "gothic", size: 10)
    }

    func lines(_ text: String, kinsoku: Kinsoku = .standard, width: Double = 100) -> [String] {
        LineBreaker(font: font, kinsoku: kinsoku).lines(for: text, width: width).map(\.text)
    }

    @Test(
        "a full stop, comma, closing bracket or small kana never starts a line",
        arguments: [
            "あいうえおかきくけこ。さしすせそ", "あいうえおかきくけこ、さしすせそ",
            "あいうえおかきくけこ」さしすせそ", "あいうえおかきくけこっさしすせそ",
            "アイウエオカキクケコーサシスセソ", "あいうえおかきくけこ）さしすせそ",
            "あいうえおかきくけこ！さしすせそ", "あいうえおかきくけこャさしすせそ"
        ])
    func noForbiddenLineStart(text: String) throws {
        let naive = lines(text, kinsoku: .none)
        let forbidden = try #require(text.dropFirst(10).first)
        // Without the rules the forbidden character is pushed to the start of line 2 — the bug the rules prevent.
        #expect(naive[1].first == forbidden)
        let ruled = lines(text)
        for line in ruled.dropFirst() {
            #expect(line.first.map { Kinsoku.standard.noLineStart.contains($0) } == false, "line starts with \(line)")
        }
        // Oidashi: the character before it moves down with it, and nothing is lost.
        #expect(ruled[0].count == 9)
        #expect(ruled.joined() == text)
        for line in ruled { #expect(font.width(of: line) <= 100 + 1e-9) }
    }

    @Test(
        "an opening bracket never ends a line",
        arguments: [
            "あいうえおかきくけ「こさしすせ」", "あいうえおかきくけ（こさしすせ）",
            "あいうえおかきくけ『こさしすせ』"
        ])
    func noForbiddenLineEnd(text: String) throws {
        let naive = lines(text, kinsoku: .none)
        #expect(naive[0].last == text.dropFirst(9).first)
        let ruled = lines(text)
        for line in ruled {
            #expect(line.last.map { Kinsoku.standard.noLineEnd.contains($0) } == false, "line ends with \(line)")
        }
        #expect(ruled[1].first == text.dropFirst(9).first)
    }

    @Test func ellipsisPairsStayTogether() {
        let text = "あいうえおかきくけ……さしす"
        #expect(lines(text, kinsoku: .none)[0].hasSuffix("…"))
        #expect(lines(text).contains { $0.contains("……") })
    }

    /// In the standard rules every inseparable character may not start a line either, which hides the pair rule;
    /// a house style with only the pair rule shows it on its own.
    @Test func inseparablePairRuleHoldsWithoutLineStartRule() {
        let text = "あいうえおかきくけ……さしす"
        let pairsOnly = Kinsoku(noLineStart: [], noLineEnd: [], inseparable: ["…"])
        #expect(!pairsOnly.allowsBreak(between: "…", and: "…") && pairsOnly.allowsBreak(between: "…", and: "さ"))
        #expect(lines(text, kinsoku: .none) == ["あいうえおかきくけ…", "…さしす"])
        let ruled = lines(text, kinsoku: pairsOnly)
        #expect(ruled == ["あいうえおかきくけ", "……さしす"], "\(ruled)")
    }

    @Test func latinWordsBreakAtSpacesAndOverlongWordsAreCut() {
        let words = lines("The quick brown fox jumps over the lazy dog", width: 60)
        for line in words {
            #expect(!line.hasPrefix(" ") && !line.hasSuffix(" "))
            #expect(font.width(of: line) <= 60 + 1e-9)
        }
        #expect(words.joined(separator: " ") == "The quick brown fox jumps over the lazy dog")
        let long = lines("Supercalifragilisticexpialidocious", width: 50)
        #expect(long.count > 1)
        #expect(long.joined() == "Supercalifragilisticexpialidocious")
    }

    @Test func mixedLatinAndJapaneseBreaksBetweenScripts() {
        let text = "会員GCG-40167様の年会費は¥12,000です。PDFとPNGの両方に出力します。"
        let broken = lines(text, width: 80)
        #expect(broken.joined() == text)
        for line in broken {
            #expect(font.width(of: line) <= 80 + 1e-9)
            #expect(!(line.first.map(Kinsoku.standard.noLineStart.contains) ?? false))
        }
        // Latin words are not cut while a break between scripts exists.
        #expect(broken.contains { $0.contains("GCG-") || $0.contains("40167") })
        #expect(!broken.contains { $0.hasSuffix("PD") })
    }

    @Test(
        "a text's unbroken line is what breaking it gives in a box at least its minimum width wide, and only there",
        arguments: [
            "GCG-10001", "髙橋 一郎", "「会員」（ゴールド）、確認。", "  leading and trailing  ",
            "〜 − ‖ ① 髙 ﾊﾝｶｸ 𠮷 葛󠄀", "住所変更あり、要確認（2024年3月）", "」」・「（あ）", "PDF と PNG の両方"
        ])
    func unbrokenLineMatchesBreaking(text: String) throws {
        let breaker = LineBreaker(font: font)
        let unbroken = try #require(breaker.unbrokenLine(for: text))
        #expect(unbroken.minimumWidth >= unbroken.line.width)
        for width in [unbroken.minimumWidth, unbroken.minimumWidth + 40, .infinity] {
            #expect(breaker.lines(for: text, width: width) == [unbroken.line])
        }
        #expect(breaker.lines(for: text, width: unbroken.minimumWidth - 1) != [unbroken.line])
    }

    @Test func noUnbrokenLineForLineBreaksOrBlankText() {
        let breaker = LineBreaker(font: font)
        #expect(breaker.unbrokenLine(for: "髙橋\n一郎") == nil)
        #expect(breaker.unbrokenLine(for: "髙橋\r一郎") == nil)
        #expect(breaker.unbrokenLine(for: "   ") == nil)
        #expect(breaker.unbrokenLine(for: "") == nil)
    }

    @Test func newlinesForceBreaks() {
        let result = LineBreaker(font: font).lines(for: "髙橋\n〜 − ‖ ① ﾊﾝｶｸ", width: 300)
        #expect(result.map(\.text) == ["髙橋", "〜 − ‖ ① ﾊﾝｶｸ"])
        let allEndParagraphs = result.allSatisfy { $0.endsParagraph }
        #expect(allEndParagraphs)
    }
}
