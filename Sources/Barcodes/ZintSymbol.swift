import CZint
import DrawingModule
import Foundation
import ZintLoader

/// One libzint symbol: created in `init`, deleted exactly once in `deinit`; nothing of it escapes this type.
///
/// A class only so the C struct has one owner with a deinit; it is used inside one call and never shared.
final class ZintSymbol {
    private let symbol: UnsafeMutablePointer<zint_symbol>

    /// A fresh symbol with libzint's defaults.
    /// - Throws: `BarcodeError` of cause `.encoderUnavailable` when libzint cannot be loaded, `.encoder` when it
    ///   cannot allocate a symbol.
    init() throws(BarcodeError) {
        if let failure = mkpdf_zint_load_failure() {
            throw BarcodeError(
                .encoderUnavailable, field: "kind",
                reason: "libzint could not be loaded (\(String(cString: failure))). Fix: install libzint2.11 "
                    + "(`apt-get install libzint2.11`, or run scripts/setup)")
        }
        guard let symbol = ZBarcode_Create() else {
            throw BarcodeError(
                .encoder, field: "data",
                reason: "libzint could not allocate a symbol (out of memory). "
                    + "Fix: retry with more memory")
        }
        self.symbol = symbol
    }

    deinit { ZBarcode_Delete(symbol) }

    /// Direct access to the struct's settings before encoding.
    var settings: UnsafeMutablePointer<zint_symbol> { symbol }

    /// Encodes `data` as one segment with `eci` (0 for none); returns libzint's code and its message.
    func encode(_ data: String, eci: Int32) -> (code: Int32, message: String) {
        var bytes = Array(data.utf8)
        let code = bytes.withUnsafeMutableBufferPointer { buffer -> Int32 in
            var segment = zint_seg(source: buffer.baseAddress, length: Int32(buffer.count), eci: eci)
            return ZBarcode_Encode_Segs(symbol, &segment, 1)
        }
        return (code, message)
    }

    /// Lays the encoded symbol out as vectors (rectangles, strings); returns libzint's code.
    func bufferVector() -> Int32 { ZBarcode_Buffer_Vector(symbol, 0) }

    /// libzint's last error or warning text.
    var message: String {
        withUnsafeMutablePointer(to: &symbol.pointee.errtxt.0) { first in
            String(decoding: Self.bytes(from: first, count: 100).prefix(while: { $0 != 0 }), as: UTF8.self)
        }
    }

    /// The human-readable text libzint made (empty for 2D codes).
    var text: String {
        withUnsafeMutablePointer(to: &symbol.pointee.text.0) { first in
            String(decoding: Self.bytes(from: first, count: 128).prefix(while: { $0 != 0 }), as: UTF8.self)
        }
    }

    /// The `count` bytes of one of the struct's fixed C arrays (`char errtxt[100]` …), from its first element.
    ///
    /// Swift imports those arrays as tuples, and `withUnsafeBytes(of:)` on one makes the tuple's type metadata on
    /// first use, which for the large `encoded_data` array is a large share of a one-shot `mkpdf ticket`. The first
    /// element's address, projected from the C struct in place, reaches the same bytes without.
    private static func bytes<Element>(
        from first: UnsafeMutablePointer<Element>, count: Int
    ) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(start: UnsafeRawPointer(first), count: count)
    }

    /// The linear symbol's bar height in modules (`height`), as libzint set it while encoding.
    var height: Double { Double(symbol.pointee.height) }
    /// Modules across the symbol without quiet zones.
    var width: Int { Int(symbol.pointee.width) }
    /// Rows of the symbol.
    var rows: Int { Int(symbol.pointee.rows) }

    /// A square-module matrix symbol straight from libzint's module grid, `quiet` modules of margin on every side:
    /// one rectangle per horizontal run of dark modules. The same bars as `vectorGeometry()` for QR, Micro QR, Data
    /// Matrix and Aztec (a test holds them equal) at half its cost, which matters once per ticket.
    func gridGeometry(quiet: Int) -> SymbolGeometry {
        var bars: [SymbolGeometry.Bar] = []
        let width = self.width
        let rows = self.rows
        withUnsafeMutablePointer(to: &symbol.pointee.encoded_data.0.0) { first in
            let raw = Self.bytes(from: first, count: 200 * 144)
            for row in 0..<rows {
                var column = 0
                while column < width {
                    guard (raw[row * 144 + column >> 3] >> (column & 7)) & 1 == 1 else {
                        column += 1
                        continue
                    }
                    let start = column
                    while column < width, (raw[row * 144 + column >> 3] >> (column & 7)) & 1 == 1 { column += 1 }
                    bars.append(
                        .init(
                            x: Double(start + quiet), y: Double(row + quiet), width: Double(column - start),
                            height: 1))
                }
            }
        }
        return SymbolGeometry(
            width: Double(width + 2 * quiet), height: Double(rows + 2 * quiet),
            barHeight: Double(rows), bars: bars, labels: [], hexagonCount: 0)
    }

    /// The vector output copied into Swift values, in modules (libzint's vector unit is half a module at scale 1).
    func vectorGeometry() -> SymbolGeometry? {
        guard let vector = symbol.pointee.vector?.pointee else { return nil }
        let unit = 2 * Double(symbol.pointee.scale)
        var rects: [SymbolGeometry.Bar] = []
        var next = vector.rectangles
        while let rect = next?.pointee {
            rects.append(
                .init(
                    x: Double(rect.x) / unit, y: Double(rect.y) / unit, width: Double(rect.width) / unit,
                    height: Double(rect.height) / unit))
            next = rect.next
        }
        var strings: [SymbolGeometry.Label] = []
        var nextString = vector.strings
        while let string = nextString?.pointee {
            let text = string.text.map { String(cString: $0) } ?? ""
            let alignment: TextAlignment =
                switch string.halign {
                case 1: .left
                case 2: .right
                default: .center
                }
            strings.append(
                .init(
                    text: text, x: Double(string.x) / unit, baseline: Double(string.y) / unit,
                    size: Double(string.fsize) / unit, width: Double(string.width) / unit,
                    alignment: alignment))
            nextString = string.next
        }
        var hexagons = 0
        var nextHexagon = vector.hexagons
        while let hexagon = nextHexagon?.pointee {
            hexagons += 1
            nextHexagon = hexagon.next
        }
        return SymbolGeometry(
            width: Double(vector.width) / unit, height: Double(vector.height) / unit,
            barHeight: height, bars: rects, labels: strings, hexagonCount: hexagons)
    }
}
