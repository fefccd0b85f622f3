import Barcodes
import Drawing
import Testing

@Suite struct BarcodeEncoderTests {
    @Test func qrVersion1IsTwentyOneModulesPlusQuietZone() throws {
        let barcode = Drawing.Command.Barcode(symbology: .qr, data: "hello", rect: Rect(x: 0, y: 0, width: 100, height: 100),
                                              dark: .black, options: .init(quietZone: 2))
        let geometry = try BarcodeEncoder.geometry(for: barcode)
        #expect(geometry.width == 25 && geometry.height == 25)
    }
}
