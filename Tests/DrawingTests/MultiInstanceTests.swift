import DrawingModule
import Testing

/// The seed's five multi-instance experiments (post of 2014-12-10), replayed with independent canvases.
///
/// In the seed every instance drew into one shared, stacked CGContext, so an image held whatever was drawn between
/// its start and its end, whoever drew it. Here each canvas's output must hold exactly its own elements.
@Suite("The seed's five multi-instance experiments")
struct MultiInstanceTests {
    /// A canvas as the seed's `DrawImageOffScreen(200, 200, false, 1)` made it: started, one slot, stroke colour set.
    static func instance(_ color: Color) throws -> Canvas {
        var canvas = Canvas()
        try canvas.start(width: 200, height: 200, opaque: false)
        try canvas.addSlots(1)
        try canvas.setStroke(0, color)
        return canvas
    }

    static let red = Color(1, 0, 0), green = Color(0, 1, 0), blue = Color(0, 0, 1)

    // The seed's elements: line, rectangle and circle of instance n, with its line width n.
    static func l1(_ c: inout Canvas) throws { try c.drawLine(0, width: 1, x1: 10, y1: 10, x2: 60, y2: 10) }
    static func r1(_ c: inout Canvas) throws { try c.drawRect(0, .stroke, width: 1, x: 20, y: 20, w: 40, h: 40) }
    static func c1(_ c: inout Canvas) throws { try c.drawCircle(0, .stroke, width: 1, x: 120, y: 20, w: 40, h: 40) }
    static func l2(_ c: inout Canvas) throws { try c.drawLine(0, width: 2, x1: 10, y1: 110, x2: 60, y2: 110) }
    static func r2(_ c: inout Canvas) throws { try c.drawRect(0, .stroke, width: 2, x: 20, y: 120, w: 40, h: 40) }
    static func c2(_ c: inout Canvas) throws { try c.drawCircle(0, .stroke, width: 2, x: 120, y: 120, w: 40, h: 40) }
    static func l3(_ c: inout Canvas) throws { try c.drawLine(0, width: 3, x1: 10, y1: 10, x2: 60, y2: 10) }
    static func r3(_ c: inout Canvas) throws { try c.drawRect(0, .stroke, width: 3, x: 20, y: 20, w: 40, h: 40) }
    static func c3(_ c: inout Canvas) throws { try c.drawCircle(0, .stroke, width: 3, x: 120, y: 20, w: 40, h: 40) }

    /// Names each command of `drawing` by finding the element that, drawn alone in any instance colour, gives it.
    static func names(_ drawing: Drawing) throws -> [String] {
        let elements: [(String, (inout Canvas) throws -> Void)] = [
            ("L1", l1), ("R1", r1), ("C1", c1), ("L2", l2), ("R2", r2), ("C2", c2), ("L3", l3), ("R3", r3), ("C3", c3)
        ]
        var table: [Drawing.Command: String] = [:]
        for (name, draw) in elements {
            for color in [red, green, blue] {
                var alone = try instance(color)
                try draw(&alone)
                let command = try #require(try alone.stop().commands.first)
                table[command] = name + (color == red ? "" : color == green ? "g" : "b")
            }
        }
        return drawing.commands.map { table[$0] ?? "?" }
    }

    @Test("1: one instance after the other")
    func sequential() throws {
        var d1 = try Self.instance(Self.red)
        try Self.l1(&d1)
        try Self.r1(&d1)
        try Self.c1(&d1)
        let image1 = try d1.stop()
        var d2 = try Self.instance(Self.green)
        try Self.l2(&d2)
        try Self.r2(&d2)
        try Self.c2(&d2)
        let image2 = try d2.stop()
        #expect(try Self.names(image1) == ["L1", "R1", "C1"])
        #expect(try Self.names(image2) == ["L2g", "R2g", "C2g"])
    }

    @Test("2: overlapping, first started ends first (the seed got L2,C1 and L1,R1,R2,C2)")
    func overlapping() throws {
        var d1 = try Self.instance(Self.red)
        try Self.l1(&d1)
        try Self.r1(&d1)
        var d2 = try Self.instance(Self.green)
        try Self.l2(&d2)
        try Self.c1(&d1)
        let image1 = try d1.stop()
        try Self.r2(&d2)
        try Self.c2(&d2)
        let image2 = try d2.stop()
        #expect(try Self.names(image1) == ["L1", "R1", "C1"])
        #expect(try Self.names(image2) == ["L2g", "R2g", "C2g"])
    }

    @Test("3: overlapping, second ends first; drawing on the ended one is an error, not a stray element")
    func endsSwapped() throws {
        var d1 = try Self.instance(Self.red)
        try Self.l1(&d1)
        try Self.r1(&d1)
        var d2 = try Self.instance(Self.green)
        try Self.l2(&d2)
        try Self.c1(&d1)
        let image2 = try d2.stop()
        #expect(throws: CanvasError.notStarted(operation: "drawRect")) { try Self.r2(&d2) }
        #expect(throws: CanvasError.notStarted(operation: "drawCircle")) { try Self.c2(&d2) }
        let image1 = try d1.stop()
        #expect(try Self.names(image2) == ["L2g"])
        #expect(try Self.names(image1) == ["L1", "R1", "C1"])
    }

    @Test("4: properly nested, two levels")
    func nestedTwo() throws {
        var d1 = try Self.instance(Self.red)
        try Self.l1(&d1)
        try Self.r1(&d1)
        var d2 = try Self.instance(Self.green)
        try Self.l2(&d2)
        try Self.r2(&d2)
        try Self.c2(&d2)
        let image2 = try d2.stop()
        try Self.c1(&d1)
        let image1 = try d1.stop()
        #expect(try Self.names(image2) == ["L2g", "R2g", "C2g"])
        #expect(try Self.names(image1) == ["L1", "R1", "C1"])
    }

    @Test("5: properly nested, three levels")
    func nestedThree() throws {
        var d1 = try Self.instance(Self.red)
        try Self.l1(&d1)
        try Self.r1(&d1)
        var d2 = try Self.instance(Self.green)
        try Self.l2(&d2)
        var d3 = try Self.instance(Self.blue)
        try Self.l3(&d3)
        try Self.r3(&d3)
        try Self.c3(&d3)
        let image3 = try d3.stop()
        try Self.r2(&d2)
        try Self.c2(&d2)
        let image2 = try d2.stop()
        try Self.c1(&d1)
        let image1 = try d1.stop()
        #expect(try Self.names(image3) == ["L3b", "R3b", "C3b"])
        #expect(try Self.names(image2) == ["L2g", "R2g", "C2g"])
        #expect(try Self.names(image1) == ["L1", "R1", "C1"])
    }

    @Test("Canvases on concurrent tasks keep their own elements")
    func concurrent() async throws {
        let counts = try await withThrowingTaskGroup(of: (Int, Int).self) { group in
            for n in 1...8 {
                group.addTask {
                    var canvas = try Self.instance(Self.red)
                    for i in 0..<(n * 50) {
                        try canvas.drawLine(0, width: Double(n), x1: Double(i), y1: 0, x2: 0, y2: 1)
                    }
                    let drawing = try canvas.stop()
                    let ownWidth = drawing.commands.allSatisfy {
                        if case .line(let line) = $0 { line.width == Double(n) } else { false }
                    }
                    return (n, ownWidth ? drawing.commands.count : -1)
                }
            }
            return try await group.reduce(into: [Int: Int]()) { $0[$1.0] = $1.1 }
        }
        for n in 1...8 { #expect(counts[n] == n * 50) }
    }
}
