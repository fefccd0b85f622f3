import Testing

@testable import Render

/// A location built step by step (as the replay builds them) and one spelled out (as errors and tests name them)
/// are one key: the layouts found in the first pass are looked up by location in the second.
@Suite struct RenderLocationTests {
    @Test func builtAndSpelledLocationsAreOneKey() {
        let built = RenderLocation(page: 2).appending("commands", index: 12).appending("drawing.commands", index: 3)
        let spelled = RenderLocation(page: 2, path: "commands[12].drawing.commands[3]")
        #expect(built.path == spelled.path)
        #expect(built == spelled)
        #expect(built.hashValue == spelled.hashValue)
        #expect(Set([built]).contains(spelled))
        #expect(
            RenderLocation(page: 1).appending("commands", index: 1).hashValue
                == RenderLocation(page: 1, path: "commands[1]").hashValue)
    }

    @Test func differentPlacesDiffer() {
        let root = RenderLocation(page: 1)
        #expect(root.appending("commands", index: 1) != root.appending("commands", index: 11))
        #expect(root.appending("commands", index: 1) != RenderLocation(page: 2).appending("commands", index: 1))
        #expect(root.appending("commands", index: 1) != RenderLocation(page: 1, path: "commands[1].x"))
        #expect(Set((0..<100).map { root.appending("commands", index: $0) }).count == 100)
    }
}
