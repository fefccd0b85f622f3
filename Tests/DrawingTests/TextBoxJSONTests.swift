import DrawingModule
import Foundation
import Testing

/// The `textBox` command in the JSON form: written by hand with only a frame and runs, it takes the defaults of
/// `Canvas.drawTextBox`; a value no renderer can set is refused with its path.
@Suite struct TextBoxJSONTests {
    @Test func aMinimalBoxTakesTheDataDefaults() throws {
        let json = """
            {"size": {"width": 100, "height": 50}, "commands": [{"kind": "textBox",
              "frame": {"x": 1, "y": 2, "width": 80, "height": 20}, "runs": [{"string": "髙橋ﾊﾝｶｸ①", "size": 10}]}]}
            """
        let drawing = try Drawing(jsonData: Data(json.utf8), source: "box.json")
        guard case .textBox(let box) = drawing.commands.first else {
            Issue.record("not a text box")
            return
        }
        #expect(box.fit == [.shrink, .error] && box.minimumSize == 6 && box.lineHeight == 1.2)
        #expect(box.runs.first?.font == "gothic" && box.runs.first?.weight == .regular && box.rotation == 0)
        #expect(box.writingMode == .horizontal && box.alignment == .automatic && box.verticalAlignment == .top)
        #expect(drawing.texts.map(\.string) == ["髙橋ﾊﾝｶｸ①"])
        #expect(try Drawing(jsonData: try drawing.jsonData()) == drawing)
    }

    @Test func aBadValueIsRefusedWithItsPath() {
        let json = """
            {"size": {"width": 100, "height": 50}, "commands": [{"kind": "textBox", "fit": ["shrink", "squeeze"],
              "frame": {"x": 1, "y": 2, "width": 80, "height": 20}, "runs": [{"string": "a", "size": 10}]}]}
            """
        #expect(throws: DescriptionFormatError.self) { try Drawing(jsonData: Data(json.utf8), source: "box.json") }
        let zero = """
            {"size": {"width": 100, "height": 50}, "commands": [{"kind": "textBox",
              "frame": {"x": 1, "y": 2, "width": 80, "height": 20}, "runs": [{"string": "a", "size": 0}]}]}
            """
        let error = #expect(throws: DescriptionFormatError.self) {
            try Drawing(jsonData: Data(zero.utf8), source: "box.json")
        }
        #expect(error?.path == "commands[0].runs[0].size", "\(String(describing: error))")
    }

    @Test func canvasRefusesABoxItCannotSet() {
        var c = Canvas()
        #expect(throws: CanvasError.self) {
            try c.start(width: 100, height: 100)
            try c.addSlot(role: "ink")
            try c.drawTextBox("ink", "髙", size: 10, x: 0, y: 0, w: 50, h: 20, minSize: 0)
        }
    }
}
