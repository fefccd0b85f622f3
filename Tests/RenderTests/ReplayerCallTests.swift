import DrawingModule
import Fonts
import Foundation
import TestSupport
import Testing

@testable import Render

/// The calls the painter makes drawing a laid-out page, recorded by `RecordingTarget` without libHaru or cairo:
/// order, coordinates, colours, scopes and the fonts text is shaped from — beside the oracle tests that check the
/// real outputs.
@Suite struct ReplayerCallTests {
    /// The calls without their locations.
    static func calls(_ drawing: Drawing, page: Int = 1) throws -> [String] {
        let target = RecordingTarget()
        try Painter().paint(
            try DocumentLayout(fonts: .shared, gridPixelsPerPoint: 2).layOut(drawing, page: page), into: target)
        return target.calls.map { $0.replacingOccurrences(of: #" @.*$"#, with: "", options: .regularExpression) }
    }

    @Test func shapesTextAndScopesArriveInDrawingOrder() throws {
        var c = Canvas()
        try c.start(width: 200, height: 100, opaque: true)
        try c.addSlot(role: "ink", stroke: Color(0.1, 0.1, 1), fill: Color(0.9, 0.9, 1))
        try c.drawLine("ink", width: 2, x1: 10, y1: 20, x2: 110, y2: 20, cap: .round)
        try c.drawRect("ink", .both, width: 1, x: 10, y: 30, w: 50, h: 20)
        try c.drawText("ink", "𠮷野家 GCG-40167", font: "gothic", size: 12, x: 10, y: 60)
        try c.clip(x: 0, y: 0, w: 100, h: 50) { c in
            try c.drawCircle("ink", .fill, width: 1, x: 5, y: 5, w: 20, h: 20)
        }
        let calls = try Self.calls(try c.stop())
        #expect(calls.count == 8, "\(calls)")
        #expect(
            Array(calls.prefix(3)) == [
                "background #FFFFFF 0,0,200,100", "line 10,20→110,20 w2 round #1A1AFF",
                "rect 10,30,50,20 both w1 #1A1AFF #E6E6FF"
            ], "\(calls)")
        // 𠮷 is not in IPAexGothic: the text is shaped from the gothic chain's fallback face for that character.
        #expect(calls[3].hasPrefix("text \"𠮷野家 GCG-40167\" gothic 12pt #1A1AFF runs "), "\(calls[3])")
        #expect(calls[3].contains("ipaexg.ttf") && calls[3].contains("+"), "\(calls[3])")
        #expect(
            Array(calls.suffix(4)) == [
                "begin clip 0,0,100,50", "ellipse 5,5,20,20 fill w1 #1A1AFF #E6E6FF",
                "end", "finish"
            ], "\(calls)")
    }

    @Test func aPartIsAClippedScopeMappedOntoItsRectangle() throws {
        var badge = Canvas()
        try badge.start(width: 20, height: 20, opaque: false)
        try badge.addSlot(role: "ink", stroke: .black)
        try badge.drawLine("ink", width: 1, x1: 0, y1: 0, x2: 20, y2: 20)
        let part = try badge.stop()
        var c = Canvas()
        try c.start(width: 100, height: 100, opaque: false)
        try c.drawPart(part, x: 40, y: 10, w: 40, h: 60)
        let calls = try Self.calls(try c.stop())
        // No background (transparent), then the part: a scope clipped to its box, scaled 2 × 3 and moved there.
        #expect(
            calls == [
                "begin clip 40,10,40,60", "transform ×2,3 +40,10", "line 0,0→20,20 w1 butt #000000", "end",
                "finish"
            ], "\(calls)")
    }

    @Test func aBarcodeIsItsLightAreaThenWholeModules() throws {
        var c = Canvas()
        try c.start(width: 100, height: 100, opaque: true)
        try c.addSlot(role: "code", fill: .black)
        try c.drawBarcode(
            "code", .qr, "FN-579-413/GCG-40167", x: 10, y: 10, w: 50, h: 50,
            options: .init(quietZone: 4))
        let calls = try Self.calls(try c.stop())
        let modules = calls.filter { $0.hasSuffix("fill w0 #000000 #000000") }
        #expect(modules.count > 50, "\(calls.count) calls")
        // Every module starts on the 2 px/pt grid the Replayer aligns codes to (whole half points).
        for call in modules {
            let numbers = call.split(separator: " ")[1].split(separator: ",").compactMap { Double($0) }
            #expect(numbers.count == 4 && numbers.allSatisfy { ($0 * 2).rounded() == $0 * 2 }, "\(call)")
        }
        #expect(calls.last == "finish")
    }
}
