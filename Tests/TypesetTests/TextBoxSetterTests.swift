import Drawing
import Fonts
import Testing
import Typeset

@Suite struct TextBoxSetterTests {
    let setter = TextBoxSetter()

    func box(_ text: String, size: Double = 14, w: Double, h: Double, fit: [FitPolicy] = FitPolicy.dataDefault,
             minimumSize: Double? = nil, field: String? = "venue") -> Drawing.Command.TextBox {
        Drawing.Command.TextBox(frame: Rect(x: 10, y: 20, width: w, height: h),
                                runs: [TextRun(text, font: "gothic", size: size)], fit: fit,
                                minimumSize: minimumSize, field: field)
    }

    @Test func textThatFitsKeepsItsSize() throws {
        let set = try setter.set(box("会場", w: 100, h: 20))
        #expect(set.scale == 1)
        #expect(set.lineCount == 1)
    }
}
