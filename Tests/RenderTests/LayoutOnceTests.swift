import Barcodes
import Documents
import DrawingModule
import Foundation
import Testing
import Typeset

@testable import Render

/// A template checks its text boxes and codes when it is filled; the renderer then draws exactly what was checked:
/// the same set lines, the same modules on the same grid — at every scale, because both take the grid from the one
/// scale the page is rendered with.
@Suite struct LayoutOnceTests {
    static let yaml = """
        page: {width: 300, height: 120}
        data: {name: 髙橋 一郎, code: GCG-40167}
        palette: {ink: {stroke: "#1A1A1A"}, code: {stroke: "#000000", fill: "#000000"}}
        elements:
          - text: {role: ink, text: "{{name}} 様　東京国際展示場 西ホール 特設会場", size: 14, x: 10, y: 10, w: 150,
                   h: 60, fit: [wrap, shrink, error]}
          - qr: {role: code, payload: "{{code}}", x: 180, y: 10, size: 90}
        """

    @Test(arguments: [1.0, 2.0, 3.0]) func theRendererDrawsWhatTheTemplateChecked(scale: Double) throws {
        let template = try Template(yaml: Self.yaml, file: "layout-once.yaml")
        let drawing = try template.render(
            values: [:], options: TemplateRenderOptions(pixelsPerPoint: scale, fonts: .shared))
        var box: Drawing.Command.TextBox?
        var code: Drawing.Command.Barcode?
        for command in drawing.commands {
            if case .textBox(let found) = command { box = found }
            if case .barcode(let found) = command { code = found }
        }
        // What the template checked: the box set by its fit policies, the code placed on the grid of `scale`.
        let set = try TextBoxSetter(fonts: .shared).set(try #require(box))
        let lines = set.commands.compactMap { command -> String? in
            if case .text(let text) = command { return text.string } else { return nil }
        }
        #expect(lines.count >= 2, "the long name wraps: \(lines)")
        let layout = try BarcodeLayout(try #require(code), pixelsPerPoint: scale)

        // What the renderer draws, through the one entry point at the same scale.
        let rendered = try render(
            drawing, options: OutputOptions(format: OutputEntryTests.recording, scale: .factor(scale)))
        let calls = String(decoding: rendered.files[0], as: UTF8.self).split(separator: "\n").map(String.init)
        let drawnLines = calls.compactMap { call -> String? in
            guard call.hasPrefix("text \""), let end = call.dropFirst(6).firstIndex(of: "\"") else { return nil }
            return String(call[call.index(call.startIndex, offsetBy: 6)..<end])
        }
        #expect(drawnLines == lines)
        let modules = calls.filter { $0.hasPrefix("rect ") && $0.contains(" fill ") && $0.contains("#000000 #000000") }
        let bars = layout.bars.filter { $0.width > 0 && $0.height > 0 }
        #expect(modules.count == bars.count, "\(modules.count) drawn, \(bars.count) placed")
        let first = try #require(bars.first)
        let number = { (value: Double) in
            value == value.rounded() ? String(Int(value)) : String(format: "%.2f", value)
        }
        let expected = [first.x, first.y, first.width, first.height].map(number).joined(separator: ",")
        #expect(modules.first?.hasPrefix("rect \(expected) ") == true, "\(modules.first ?? "")")
    }
}
