import Documents
import DrawingModule
import Testing

/// `Template.elementPlaces`: where each top-level element sits and which lines write it, for the editor.
@Suite struct ElementPlaceTests {
    @Test func eachElementHasItsAreaAndItsLines() throws {
        let template = try Template(
            yaml: """
                page: {width: 400, height: 150}
                palette: {ink: {stroke: "#1A1A1A"}, band: {fill: "#EEEEFF"}}
                elements:
                  - rect: {role: band, paint: fill, x: 0, y: 0, w: 400, h: 8}
                  - line: {role: ink, width: 2, x1: 10, y1: 20, x2: 110, y2: 20, repeat: {count: 3, dx: 0, dy: 10}}
                  - text:
                      role: ink
                      text: 髙橋 𠮷
                      size: 12
                      x: 152
                      y: 58
                      w: 128
                      h: 26
                  - qr: {role: ink, payload: "FN-1/GCG-1", x: 288, y: 16, size: 96}
                """)
        let places = template.elementPlaces
        #expect(places.map(\.kind) == ["rect", "line", "text", "qr"])
        #expect(places.map(\.lines) == [4...4, 5...5, 6...13, 14...14])
        #expect(places[0].rect == Rect(x: 0, y: 0, width: 400, height: 8))
        #expect(places[1].rect == Rect(x: 9, y: 19, width: 102, height: 22), "three copies 10 pt apart, 2 pt thick")
        #expect(places[2].rect == Rect(x: 152, y: 58, width: 128, height: 26))
        #expect(places[3].rect == Rect(x: 288, y: 16, width: 96, height: 96))
    }

    @Test func aFlowingTemplateHasNoFixedPlaces() throws {
        let template = try Template(yaml: "page: a4\nflow:\n  - paragraph: {text: 会員名簿}\n")
        #expect(template.elementPlaces.isEmpty)
    }
}
