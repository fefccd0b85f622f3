import CHaru

/// Content-stream operators formatted in Swift and written to a page's stream in one call.
///
/// libHaru's own operator calls format each number through `HPDF_FToA` after clearing a 512-byte buffer byte by
/// byte, which made a QR code's few hundred rectangles cost more than the rest of a ticket; paths, colours and
/// glyph runs are written through this instead, with numbers to a fixed number of decimals and no exponent. The bytes
/// live in a buffer of its own (an array's per-byte append checks cost more than the formatting).
final class ContentBytes {
    private var base: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    /// How many bytes are formatted.
    private(set) var count = 0

    /// An empty buffer with room for `capacity` bytes.
    init(capacity: Int = 64) {
        self.capacity = max(capacity, 32)
        base = .allocate(capacity: self.capacity)
    }

    deinit {
        base.deallocate()
    }

    /// The formatted operators.
    var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: count) }

    /// Makes room for `extra` more bytes: a comparison where they fit, inlined into every append.
    @inline(__always)
    private func reserve(_ extra: Int) {
        if count + extra > capacity { grow(toHold: extra) }
    }

    /// Moves the bytes to a buffer with room for `extra` more.
    @inline(never)
    private func grow(toHold extra: Int) {
        let grown = max(capacity * 2, count + extra)
        let moved = UnsafeMutablePointer<UInt8>.allocate(capacity: grown)
        moved.update(from: base, count: count)
        base.deallocate()
        base = moved
        capacity = grown
    }

    /// Appends `value` with at most `decimals` decimals (trailing zeros dropped) and no exponent, as content
    /// streams need; -0 is written as 0.
    func number(_ value: Double, decimals: Int = 4) {
        reserve(32)
        let places = min(max(decimals, 0), 6)
        var scaled = (value * Self.scales[places]).rounded()
        if scaled < 0 {
            scaled = -scaled
            if scaled != 0 {
                base[count] = 0x2D
                count += 1
            }
        }
        // Coordinates beyond ±2³² points are not PDF numbers any reader keeps; clamp instead of trapping.
        var fixed = UInt64(min(scaled, 4.0e18))
        var fraction = places
        while fraction > 0 && fixed % 10 == 0 {
            fixed /= 10
            fraction -= 1
        }
        // Digits right to left, then the whole number is in place.
        var length = fraction > 0 ? fraction + 1 : 0
        var rest = fixed
        for _ in 0..<fraction { rest /= 10 }
        repeat {
            length += 1
            rest /= 10
        } while rest > 0
        var index = count + length
        count = index
        for position in 0..<fraction {
            index -= 1
            base[index] = 0x30 + UInt8(fixed % 10)
            fixed /= 10
            if position == fraction - 1 {
                index -= 1
                base[index] = 0x2E
            }
        }
        repeat {
            index -= 1
            base[index] = 0x30 + UInt8(fixed % 10)
            fixed /= 10
        } while fixed > 0
    }

    /// Appends two numbers, each followed by a space (fixed arities, so no array is made per path element).
    func numbers(_ a: Double, _ b: Double) {
        number(a)
        append(byte: 0x20)
        number(b)
        append(byte: 0x20)
    }

    /// Appends four numbers, each followed by a space.
    func numbers(_ a: Double, _ b: Double, _ c: Double, _ d: Double) {
        numbers(a, b)
        numbers(c, d)
    }

    /// Appends six numbers, each followed by a space.
    func numbers(_ a: Double, _ b: Double, _ c: Double, _ d: Double, _ e: Double, _ f: Double) {
        numbers(a, b)
        numbers(c, d)
        numbers(e, f)
    }

    /// Appends `text`'s bytes (an operator, a resource name, a line break).
    func append(_ text: StaticString) {
        text.withUTF8Buffer { append(bytes: $0) }
    }

    /// Appends raw bytes.
    func append<Bytes: Collection>(bytes more: Bytes) where Bytes.Element == UInt8 {
        reserve(more.count)
        for byte in more {
            base[count] = byte
            count += 1
        }
    }

    /// Appends one byte.
    func append(byte: UInt8) {
        reserve(1)
        base[count] = byte
        count += 1
    }

    /// Appends `code` as four upper-case hexadecimal digits (a glyph code inside `<…>`).
    func hex(_ code: UInt16) {
        reserve(4)
        func digit(_ nibble: UInt16) -> UInt8 { nibble < 10 ? 0x30 + UInt8(nibble) : 0x37 + UInt8(nibble) }
        base[count] = digit(code >> 12)
        base[count + 1] = digit(code >> 8 & 0xF)
        base[count + 2] = digit(code >> 4 & 0xF)
        base[count + 3] = digit(code & 0xF)
        count += 4
    }

    /// 10⁰ … 10⁶.
    private static let scales: [Double] = [1, 10, 100, 1000, 10_000, 100_000, 1_000_000]
}

extension PDFPage {
    /// Appends `content` to the page's content stream, after what libHaru's own calls wrote.
    func append(_ content: ContentBytes) -> HPDF_STATUS {
        let stream = handle.pointee.attr.assumingMemoryBound(to: HPDF_PageAttr_Rec.self).pointee.stream
        return HPDF_Stream_Write(stream, content.bytes.baseAddress, HPDF_UINT(content.count))
    }
}
