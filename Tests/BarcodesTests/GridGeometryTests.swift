import DrawingModule
import Testing

@testable import Barcodes

/// The matrix codes are read from libzint's module grid rather than its vector output (half the cost); both must
/// cover exactly the same modules, quiet zone included.
@Suite struct GridGeometryTests {
    /// The dark modules of a geometry as a set of (column, row), whatever rectangles cover them.
    static func modules(_ geometry: SymbolGeometry) -> Set<[Int]> {
        var set = Set<[Int]>()
        for bar in geometry.bars {
            for row in Int(bar.y)..<Int(bar.y + bar.height) {
                for column in Int(bar.x)..<Int(bar.x + bar.width) { set.insert([column, row]) }
            }
        }
        return set
    }

    @Test(
        arguments: [Drawing.Command.Barcode.Symbology.qr, .microQR, .dataMatrix, .gs1DataMatrix, .aztec],
        [nil, 0, 3] as [Int?])
    func gridAndVectorCoverTheSameModules(_ kind: Drawing.Command.Barcode.Symbology, _ quiet: Int?) throws {
        let data =
            switch kind {
            case .gs1DataMatrix: "[01]04912345678904[10]ABC123"
            case .microQR: "12345"
            default: "料金¥1,000〜 髙橋 GCG-40167"
            }
        let barcode = Drawing.Command.Barcode(
            symbology: kind, data: data, rect: Rect(x: 0, y: 0, width: 200, height: 200),
            dark: .black, options: .init(quietZone: quiet))
        let grid = try BarcodeEncoder.geometry(for: barcode)
        let vector = try BarcodeEncoder.geometry(for: barcode, fromVector: true)
        #expect(grid.width == vector.width && grid.height == vector.height)
        #expect(Self.modules(grid) == Self.modules(vector))
        #expect(!grid.bars.isEmpty)
    }
}
