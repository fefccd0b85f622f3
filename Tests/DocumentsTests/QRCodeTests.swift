import Documents
import Drawing
import Foundation
import Testing
import TestSupport

/// The QR code from libqrencode, checked by zbarimg reading a picture made from the module grid.
@Suite struct QRCodeTests {
    /// The code as a PGM image, `pixels` per module with a 4-module quiet zone: what a scanner sees.
    static func pgm(_ code: QRCode, pixels: Int = 4) -> Data {
        let side = (code.width + 8) * pixels
        var data = Data("P5\n\(side) \(side)\n255\n".utf8)
        for y in 0..<side {
            for x in 0..<side {
                let row = y / pixels - 4, column = x / pixels - 4
                let inside = (0..<code.width).contains(row) && (0..<code.width).contains(column)
                data.append(inside && code.isDark(row: row, column: column) ? 0 : 255)
            }
        }
        return data
    }

    static func scan(_ code: QRCode) throws -> String {
        let scratch = try Scratch("qr")
        let file = scratch.file("code.pgm")
        try pgm(code).write(to: file)
        let result = try Oracle.run("zbarimg", ["--raw", "-q", file.path])
        return result.stdout.trimmingCharacters(in: .newlines)
    }

    @Test(arguments: ["FN-579-413/GCG-40167", "fn-1/gcg-2", "入場整理券 GCG-40167 〜①髙", String(repeating: "A-9", count: 40)])
    func zbarReadsBackThePayload(_ payload: String) throws {
        let code = try QRCode(payload: payload)
        #expect(code.width == 17 + 4 * code.version)
        #expect(code.modules.count == code.width * code.width)
        #expect(try Self.scan(code) == payload)
    }

    @Test func theTicketPayloadIsVersion1AtLevelM() throws {
        // 20 upper-case alphanumeric characters fit version 1 at level M exactly: the largest modules for the box.
        let code = try QRCode(payload: "FN-579-413/GCG-40167", correction: .medium)
        #expect(code.version == 1 && code.width == 21)
        let high = try QRCode(payload: "FN-579-413/GCG-40167", correction: .high)
        #expect(high.version > 1)
    }

    @Test func runsCoverExactlyTheDarkModulesWithFewerRectangles() throws {
        let code = try QRCode(payload: "FN-579-413/GCG-40167")
        var covered = [Bool](repeating: false, count: code.modules.count)
        for run in code.darkRuns {
            for column in run.column..<(run.column + run.length) { covered[run.row * code.width + column] = true }
        }
        #expect(covered == code.modules)
        let dark = code.modules.filter { $0 }.count
        #expect(code.darkRuns.count * 3 < dark * 2, "\(code.darkRuns.count) runs for \(dark) dark modules")
    }

    @Test func placementPutsEveryEdgeOnThePixelGrid() throws {
        let code = try QRCode(payload: "FN-579-413/GCG-40167")
        for scale in [1.0, 2.0, 3.0] {
            let box = Rect(x: 353.3, y: 6.1, width: 42, height: 42)
            let commands = try code.commands(in: box, quietModules: 2, pixelsPerPoint: scale, dark: .black,
                                             light: .white)
            #expect(commands.count == code.darkRuns.count + 1)
            for case .rect(let shape) in commands {
                for edge in [shape.rect.x, shape.rect.y, shape.rect.maxX, shape.rect.maxY] {
                    let pixels = edge * scale
                    #expect(abs(pixels - pixels.rounded()) < 1e-9, "edge \(edge) pt at scale \(scale)")
                }
                #expect(shape.rect.x >= box.x && shape.rect.maxX <= box.maxX)
                #expect(shape.rect.y >= box.y && shape.rect.maxY <= box.maxY)
            }
        }
        let place = try code.placement(in: Rect(x: 353, y: 6, width: 42, height: 42), quietModules: 2,
                                       pixelsPerPoint: 2)
        #expect(place.moduleSide == 1.5 && place.modulesPerSide == 25)
    }

    @Test func errorsSayWhatFailed() throws {
        #expect(throws: QRCodeError.emptyPayload) { try QRCode(payload: "") }
        #expect(throws: QRCodeError.nulInPayload(payload: "a\u{0}b")) { try QRCode(payload: "a\u{0}b") }
        let long = String(repeating: "é", count: 3000)
        let error = #expect(throws: QRCodeError.self) { try QRCode(payload: long) }
        #expect(error == .payloadTooLong(bytes: 6000, correction: .medium))
        #expect(error?.description.contains("6000 bytes") == true)
        let code = try QRCode(payload: "FN-579-413/GCG-40167")
        let small = #expect(throws: QRCodeError.self) {
            try code.placement(in: Rect(x: 0, y: 0, width: 10, height: 10), quietModules: 2, pixelsPerPoint: 2)
        }
        #expect(small == .boxTooSmall(side: 10, modules: 25, pixelsPerPoint: 2))
    }
}
