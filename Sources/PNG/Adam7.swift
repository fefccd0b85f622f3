/// Undoes Adam7 interlacing of byte-aligned (8- or 16-bit) scanline data, for ``Restream``.
enum Adam7 {
    /// The seven passes: first column, first row, column step, row step.
    static let passes: [(x0: Int, y0: Int, dx: Int, dy: Int)] =
        [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]

    /// Turns filtered interlaced scanlines (exactly `header.inflatedSize` bytes) into non-interlaced ones with filter 0.
    static func deinterlace(_ data: [UInt8], header: PNGHeader, name: String) throws -> [UInt8] {
        precondition(header.bitsPerPixel % 8 == 0, "Adam7.deinterlace handles byte-aligned pixels only")
        let bpp = header.bitsPerPixel / 8
        let rowBytes = header.width * bpp
        var image = [UInt8](repeating: 0, count: header.height * (rowBytes + 1))
        var position = 0
        for pass in passes {
            let w = header.width > pass.x0 ? (header.width - pass.x0 + pass.dx - 1) / pass.dx : 0
            let h = header.height > pass.y0 ? (header.height - pass.y0 + pass.dy - 1) / pass.dy : 0
            if w == 0 || h == 0 { continue }
            let passRow = w * bpp
            var previous = [UInt8](repeating: 0, count: passRow)
            var line = [UInt8](repeating: 0, count: passRow)
            for r in 0..<h {
                let filter = data[position]
                for i in 0..<passRow { line[i] = data[position + 1 + i] }
                position += 1 + passRow
                try unfilter(&line, previous: previous, filter: filter, bpp: bpp, name: name)
                let y = pass.y0 + r * pass.dy
                for k in 0..<w {
                    let x = pass.x0 + k * pass.dx
                    let dst = y * (rowBytes + 1) + 1 + x * bpp
                    for b in 0..<bpp { image[dst + b] = line[k * bpp + b] }
                }
                swap(&previous, &line)
            }
        }
        return image
    }

    /// Reverses one row's PNG filter (None, Sub, Up, Average, Paeth) in place.
    static func unfilter(_ line: inout [UInt8], previous: [UInt8], filter: UInt8, bpp: Int, name: String) throws {
        let n = line.count
        switch filter {
        case 0:
            break
        case 1:
            for i in bpp..<max(bpp, n) { line[i] = line[i] &+ line[i - bpp] }
        case 2:
            for i in 0..<n { line[i] = line[i] &+ previous[i] }
        case 3:
            for i in 0..<n {
                let left = i >= bpp ? Int(line[i - bpp]) : 0
                line[i] = line[i] &+ UInt8((left + Int(previous[i])) / 2)
            }
        case 4:
            for i in 0..<n {
                let a = i >= bpp ? Int(line[i - bpp]) : 0
                let b = Int(previous[i])
                let c = i >= bpp ? Int(previous[i - bpp]) : 0
                let p = a + b - c
                let pa = abs(p - a)
                let pb = abs(p - b)
                let pc = abs(p - c)
                line[i] = line[i] &+ UInt8(pa <= pb && pa <= pc ? a : (pb <= pc ? b : c))
            }
        default:
            throw PNGError(name: name, reason: .corrupt("unknown row filter type \(filter)"))
        }
    }
}
