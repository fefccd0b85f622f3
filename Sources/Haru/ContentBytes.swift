import CHaru

/// Content-stream operators formatted in Swift and written to a page's stream in one call.
///
/// libHaru's own operator calls format each number through `HPDF_FToA` after clearing a 512-byte buffer byte by
/// byte, which made a QR code's few hundred rectangles cost more than the rest of a ticket; paths, colours and
/// glyph runs are written through this instead, with numbers to a fixed number of decimals and no exponent.
struct ContentBytes {
    /// The formatted operators.
    private(set) var bytes: [UInt8] = []

    /// An empty buffer with room for `capacity` bytes.
    init(capacity: Int = 64) {
        bytes.reserveCapacity(capacity)
    }

    /// Appends `value` with at most `decimals` decimals (trailing zeros dropped) and no exponent, as content
    /// streams need; -0 is written as 0.
    mutating func number(_ value: Double, decimals: Int = 4) {
        let scale = Self.powersOfTen[decimals]
        var scaled = (value * Double(scale)).rounded()
        if scaled < 0 {
            scaled = -scaled
            if scaled != 0 { bytes.append(0x2D) }
        }
        // Coordinates beyond ±2³² points are not PDF numbers any reader keeps; clamp instead of trapping.
        let fixed = UInt64(min(scaled, 4.0e18))
        integer(fixed / UInt64(scale))
        var fraction = fixed % UInt64(scale)
        guard fraction != 0 else { return }
        bytes.append(0x2E)
        var digits = decimals
        while fraction % 10 == 0 {
            fraction /= 10
            digits -= 1
        }
        var divisor = UInt64(Self.powersOfTen[digits - 1])
        while divisor > 0 {
            bytes.append(0x30 + UInt8(fraction / divisor % 10))
            divisor /= 10
        }
    }

    /// Appends two numbers, each followed by a space (fixed arities, so no array is made per path element).
    mutating func numbers(_ a: Double, _ b: Double) {
        number(a)
        bytes.append(0x20)
        number(b)
        bytes.append(0x20)
    }

    /// Appends four numbers, each followed by a space.
    mutating func numbers(_ a: Double, _ b: Double, _ c: Double, _ d: Double) {
        numbers(a, b)
        numbers(c, d)
    }

    /// Appends six numbers, each followed by a space.
    mutating func numbers(_ a: Double, _ b: Double, _ c: Double, _ d: Double, _ e: Double, _ f: Double) {
        numbers(a, b)
        numbers(c, d)
        numbers(e, f)
    }

    /// Appends `text`'s bytes (an operator, a resource name, a line break).
    mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// Appends raw bytes.
    mutating func append(bytes more: [UInt8]) {
        bytes.append(contentsOf: more)
    }

    /// Appends one byte.
    mutating func append(byte: UInt8) {
        bytes.append(byte)
    }

    /// Appends `code` as four upper-case hexadecimal digits (a glyph code inside `<…>`).
    mutating func hex(_ code: UInt16) {
        func digit(_ nibble: UInt16) -> UInt8 { nibble < 10 ? 0x30 + UInt8(nibble) : 0x37 + UInt8(nibble) }
        bytes.append(digit(code >> 12))
        bytes.append(digit(code >> 8 & 0xF))
        bytes.append(digit(code >> 4 & 0xF))
        bytes.append(digit(code & 0xF))
    }

    /// Appends `value` in decimal.
    private mutating func integer(_ value: UInt64) {
        guard value >= 10 else {
            bytes.append(0x30 + UInt8(value))
            return
        }
        integer(value / 10)
        bytes.append(0x30 + UInt8(value % 10))
    }

    /// 10⁰ … 10⁶.
    private static let powersOfTen: [Int] = [1, 10, 100, 1000, 10_000, 100_000, 1_000_000]
}

extension PDFPage {
    /// Appends `content` to the page's content stream, after what libHaru's own calls wrote.
    func append(_ content: ContentBytes) -> HPDF_STATUS {
        let stream = handle.pointee.attr.assumingMemoryBound(to: HPDF_PageAttr_Rec.self).pointee.stream
        return content.bytes.withUnsafeBufferPointer { HPDF_Stream_Write(stream, $0.baseAddress, HPDF_UINT($0.count)) }
    }
}
