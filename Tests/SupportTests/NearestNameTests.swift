import Support
import Testing

/// Did-you-mean suggestions: close misspellings in any script, nothing for names far from every candidate.
@Suite struct NearestNameTests {
    @Test func closeMisspellingsAreSuggested() {
        #expect(NearestName.suggest(for: "titel", among: ["title", "size", "page"]) == "title")
        #expect(NearestName.suggest(for: "widht", among: ["width", "height"]) == "width")
        #expect(NearestName.suggest(for: "会員番", among: ["会員番号", "氏名"]) == "会員番号")
        #expect(NearestName.hint(for: "colour", among: ["color"]) == " (did you mean `color`?)")
    }

    @Test func farNamesGetNoSuggestion() {
        #expect(NearestName.suggest(for: "font", among: ["palette", "elements", "size"]) == nil)
        #expect(NearestName.suggest(for: "x", among: ["y"]) == "y")
        #expect(NearestName.hint(for: "zzzzzz", among: ["title"]) == "")
    }
}
