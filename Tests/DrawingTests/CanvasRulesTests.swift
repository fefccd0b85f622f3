import DrawingModule
import Foundation
import TestSupport
import Testing

/// The seed's misuse rules as typed errors, and the state machine they guard.
@Suite("Canvas rules")
struct CanvasRulesTests {
    static func started(slots: Int = 1) throws -> Canvas {
        var canvas = Canvas()
        try canvas.start(width: 100, height: 50)
        try canvas.addSlots(slots)
        return canvas
    }

    @Test("Drawing, snapshotting or stopping while not started is .notStarted naming the call")
    func notStarted() throws {
        var c = Canvas()
        try c.addSlots(1)
        #expect(throws: CanvasError.notStarted(operation: "drawLine")) {
            try c.drawLine(0, width: 1, x1: 0, y1: 0, x2: 1, y2: 1)
        }
        #expect(throws: CanvasError.notStarted(operation: "drawRect")) {
            try c.drawRect(0, .both, width: 1, x: 0, y: 0, w: 1, h: 1)
        }
        #expect(throws: CanvasError.notStarted(operation: "drawCircle")) {
            try c.drawCircle(0, .fill, width: 1, x: 0, y: 0, w: 1, h: 1)
        }
        #expect(throws: CanvasError.notStarted(operation: "drawText")) { try c.drawText(0, "髙", size: 9, x: 0, y: 0) }
        #expect(throws: CanvasError.notStarted(operation: "drawImage")) {
            try c.drawImage(Samples.tinyPNG, x: 0, y: 0, w: 1, h: 1)
        }
        #expect(throws: CanvasError.notStarted(operation: "drawPart")) {
            try c.drawPart(Drawing(size: Size(width: 1, height: 1)), x: 0, y: 0, w: 1, h: 1)
        }
        #expect(throws: CanvasError.notStarted(operation: "clip")) { try c.clip(x: 0, y: 0, w: 1, h: 1) { _ in } }
        #expect(throws: CanvasError.notStarted(operation: "snapshot")) { try c.snapshot() }
        #expect(throws: CanvasError.notStarted(operation: "stop")) { try c.stop() }
        // A finished drawing closes the canvas again.
        try c.start(width: 10, height: 10)
        try c.stop()
        #expect(throws: CanvasError.notStarted(operation: "drawLine")) {
            try c.drawLine(0, width: 1, x1: 0, y1: 0, x2: 1, y2: 1)
        }
    }

    @Test("A slot index outside the palette is .slotOutOfRange, for drawing and for setting colours")
    func slotOutOfRange() throws {
        var c = try Self.started(slots: 2)
        #expect(throws: CanvasError.slotOutOfRange(operation: "drawLine", index: 2, count: 2)) {
            try c.drawLine(2, width: 1, x1: 0, y1: 0, x2: 1, y2: 1)
        }
        #expect(throws: CanvasError.slotOutOfRange(operation: "drawRect", index: -1, count: 2)) {
            try c.drawRect(-1, .stroke, width: 1, x: 0, y: 0, w: 1, h: 1)
        }
        #expect(throws: CanvasError.slotOutOfRange(operation: "setStroke", index: 7, count: 2)) {
            try c.setStroke(7, .black)
        }
        #expect(throws: CanvasError.slotOutOfRange(operation: "setFill", index: 2, count: 2)) {
            try c.setFill(2, .black)
        }
        var empty = Canvas()
        try empty.start(width: 10, height: 10)
        let error = #expect(throws: CanvasError.self) { try empty.drawText(0, "x", size: 9, x: 0, y: 0) }
        #expect(error?.description.contains("the palette is empty") == true)
    }

    @Test("An unregistered role is .unknownRole listing the known ones")
    func unknownRole() throws {
        var c = Canvas()
        try c.addSlot(role: "main")
        try c.addSlot(role: "textDark")
        try c.start(width: 10, height: 10)
        #expect(throws: CanvasError.unknownRole(operation: "drawText", role: "textDrak", known: ["main", "textDark"])) {
            try c.drawText("textDrak", "会員番号", size: 9, x: 0, y: 0)
        }
        let error = #expect(throws: CanvasError.self) { try c.setFill("mian", .white) }
        #expect(error?.description.contains("known roles: main, textDark") == true)
    }

    @Test("Clearing the palette while drawing is .clearWhileDrawing; after stop it empties the palette")
    func clearWhileDrawing() throws {
        var c = try Self.started(slots: 3)
        #expect(throws: CanvasError.clearWhileDrawing) { try c.clearPalette() }
        #expect(c.palette.count == 3)
        try c.stop()
        try c.clearPalette()
        #expect(c.palette.count == 0)
    }

    @Test("Adding fewer than one slot is .tooFewSlots", arguments: [0, -1, -100])
    func tooFewSlots(count: Int) throws {
        var c = Canvas()
        #expect(throws: CanvasError.tooFewSlots(count: count)) { try c.addSlots(count) }
        #expect(c.palette.count == 0)
    }

    @Test("Starting twice is .alreadyStarted; the drawing in progress is kept")
    func startTwice() throws {
        var c = try Self.started()
        try c.drawLine(0, width: 1, x1: 0, y1: 0, x2: 1, y2: 1)
        #expect(throws: CanvasError.alreadyStarted(size: Size(width: 100, height: 50))) {
            try c.start(width: 5, height: 5)
        }
        #expect(try c.stop().commands.count == 1)
    }

    @Test(
        "A size that is not positive and finite is .invalidSize",
        arguments: [(0.0, 10.0), (10, -1), (.nan, 10), (10, .infinity)])
    func invalidSize(width: Double, height: Double) throws {
        var c = Canvas()
        let error = #expect(throws: CanvasError.self) { try c.start(width: width, height: height) }
        guard case .invalidSize = error else {
            Issue.record("expected .invalidSize, got \(String(describing: error))")
            return
        }
        #expect(!c.isDrawing)
    }

    @Test("A role registered twice is .duplicateRole")
    func duplicateRole() throws {
        var c = Canvas()
        try c.addSlots(2)
        try c.addSlot(role: "main")
        #expect(throws: CanvasError.duplicateRole(role: "main", index: 2)) { try c.addSlot(role: "main") }
    }

    @Test("Arguments no renderer can draw are .invalidArgument naming the argument")
    func invalidArguments() throws {
        var c = try Self.started()
        func argument(_ body: () throws -> Void) -> String? {
            guard case .invalidArgument(_, let name, _, _) = #expect(throws: CanvasError.self, performing: body) else {
                return nil
            }
            return name
        }
        #expect(argument { try c.drawLine(0, width: 1, x1: .nan, y1: 0, x2: 1, y2: 1) } == "x1")
        #expect(argument { try c.drawLine(0, width: -1, x1: 0, y1: 0, x2: 1, y2: 1) } == "width")
        #expect(argument { try c.drawRect(0, .both, width: 1, x: 0, y: 0, w: .infinity, h: 1) } == "w")
        #expect(argument { try c.drawText(0, "x", size: 0, x: 0, y: 0) } == "size")
        #expect(argument { try c.drawText(0, "x", font: "", size: 9, x: 0, y: 0) } == "font")
        #expect(argument { try c.drawText(0, "x", size: 9, x: 0, y: 0, boxWidth: -5) } == "boxWidth")
        #expect(argument { try c.drawImage(Data("GIF89a".utf8), x: 0, y: 0, w: 1, h: 1) } == "image")
        #expect(argument { try c.setStroke(0, Color(1.5, 0, 0)) } == "color")
        #expect(argument { try c.addSlot(role: "") } == "role")
        #expect(try c.snapshot().commands.isEmpty, "a rejected call must draw nothing")
    }

    @Test("stop() inside a clip body is .stopInsideClip and the drawing goes on")
    func stopInsideClip() throws {
        var c = try Self.started()
        #expect(throws: CanvasError.stopInsideClip) {
            try c.clip(x: 0, y: 0, w: 10, h: 10) { c in
                try c.drawLine(0, width: 1, x1: 0, y1: 0, x2: 1, y2: 1)
                try c.stop()
            }
        }
        #expect(c.isDrawing)
        #expect(try c.stop().commands.isEmpty, "a clip body that threw leaves nothing behind")
    }

    @Test("Every description says what failed and how to fix it; errorDescription is the same text")
    func descriptions() {
        let errors: [CanvasError] = [
            .notStarted(operation: "drawLine"), .alreadyStarted(size: Size(width: 1, height: 2)),
            .slotOutOfRange(operation: "drawRect", index: 10, count: 10),
            .unknownRole(operation: "drawText", role: "x", known: []), .clearWhileDrawing, .tooFewSlots(count: 0),
            .invalidSize(width: 0, height: 1), .duplicateRole(role: "main", index: 0),
            .invalidArgument(operation: "drawLine", argument: "x1", value: "nan", rule: "finite"), .stopInsideClip
        ]
        for error in errors {
            #expect(error.errorDescription == error.description)
            #expect(error.localizedDescription == error.description)
        }
        #expect(errors[0].description.contains("start(size:opaque:)"))
        #expect(errors[2].description.contains("slot 10 is out of range") && errors[2].description.contains("0…9"))
        #expect(errors[2].description.contains("addSlots"))
        #expect(errors[4].description.contains("call stop() first"))
        #expect(errors[5].description.contains("at least 1"))
    }
}

/// What the canvas records: colours at draw time, snapshots, clip scopes, a palette that outlives a drawing.
@Suite("Canvas recording")
struct CanvasRecordingTests {
    @Test("Commands take the slot's colours at draw time, as the seed's CGContext did")
    func colorAtDrawTime() throws {
        var c = Canvas()
        try c.addSlot(role: "ink", stroke: Color(1, 0, 0), fill: Color(0, 0, 1))
        try c.start(width: 50, height: 50)
        try c.drawRect("ink", .both, width: 2, x: 1, y: 2, w: 3, h: 4)
        try c.setStroke("ink", Color(0, 1, 0))
        try c.drawText("ink", "〜−‖①", size: 10, x: 5, y: 6, boxWidth: 40, align: .center)
        let drawing = try c.stop()
        #expect(
            drawing.commands == [
                .rect(
                    .init(
                        rect: Rect(x: 1, y: 2, width: 3, height: 4), paint: .both, lineWidth: 2,
                        stroke: Color(1, 0, 0), fill: Color(0, 0, 1), slot: "ink")),
                .text(
                    .init(
                        color: Color(0, 1, 0), string: "〜−‖①", font: "gothic", size: 10, origin: Point(x: 5, y: 6),
                        boxWidth: 40, alignment: .center, slot: "ink"))
            ])
        #expect(drawing.palette.slot(named: "ink")?.stroke == Color(0, 1, 0))
    }

    @Test("snapshot() returns the drawing so far and drawing continues (the seed's getImage)")
    func snapshot() throws {
        var c = try CanvasRulesTests.started()
        try c.drawLine(0, width: 1, x1: 0, y1: 0, x2: 1, y2: 1)
        let first = try c.snapshot()
        try c.drawLine(0, width: 2, x1: 0, y1: 0, x2: 1, y2: 1)
        let second = try c.snapshot()
        let final = try c.stop()
        #expect(first.commands.count == 1)
        #expect(second.commands.count == 2)
        #expect(final == second)
        #expect(final.size == Size(width: 100, height: 50))
    }

    @Test("clip groups its commands; a snapshot inside an open clip closes the group in the copy")
    func clipScopes() throws {
        var c = try CanvasRulesTests.started()
        try c.drawLine(0, width: 1, x1: 0, y1: 0, x2: 1, y2: 1)
        var inner: Drawing?
        try c.clip(x: 1, y: 2, w: 3, h: 4) { c in
            try c.drawRect(0, .fill, width: 1, x: 0, y: 0, w: 9, h: 9)
            try c.clip(x: 0, y: 0, w: 2, h: 2) { c in
                try c.drawCircle(0, .stroke, width: 1, x: 0, y: 0, w: 5, h: 5)
                inner = try c.snapshot()
            }
        }
        let drawing = try c.stop()
        #expect(drawing.commands.count == 2)
        guard case .group(let outer) = drawing.commands[1] else {
            Issue.record("no group")
            return
        }
        #expect(outer.clip == Rect(x: 1, y: 2, width: 3, height: 4))
        #expect(outer.commands.count == 2)
        guard case .group(let nested) = outer.commands[1] else {
            Issue.record("no nested group")
            return
        }
        #expect(nested.clip == Rect(x: 0, y: 0, width: 2, height: 2))
        #expect(inner == drawing, "a snapshot from inside the innermost clip already holds the whole structure")
        #expect(drawing.totalCommandCount == 5)
    }

    @Test("The palette outlives a drawing: several drawings share registered colours")
    func paletteAcrossDrawings() throws {
        var c = Canvas()
        try c.addSlot(role: "main", stroke: Color(0.1, 0.1, 1))
        try c.start(width: 10, height: 10, opaque: true)
        try c.drawLine("main", width: 1, x1: 0, y1: 0, x2: 1, y2: 1)
        let first = try c.stop()
        try c.start(width: 20, height: 20)
        try c.drawLine("main", width: 1, x1: 0, y1: 0, x2: 1, y2: 1)
        let second = try c.stop()
        #expect(first.background == .white)
        #expect(second.background == nil)
        #expect(first.commands == second.commands)
    }

    @Test("A part keeps the whole drawing, to be replayed as vectors")
    func parts() throws {
        let badge = try Samples.badge()
        var c = try CanvasRulesTests.started()
        try c.drawPart(badge, x: 10, y: 10, w: 40, h: 40)
        let drawing = try c.stop()
        #expect(drawing.commands == [.part(.init(drawing: badge, rect: Rect(x: 10, y: 10, width: 40, height: 40)))])
        #expect(drawing.totalCommandCount == 1 + badge.commands.count)
    }
}
