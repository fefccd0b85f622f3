import CHaru

/// zlib's deflate for streams mkpdf compresses itself: page contents and font programs.
///
/// libHaru deflates every stream with zlib's defaults, a 32 KB window and 256 KB of tables set up and cleared per
/// stream, which cost a ticket more than drawing it; here the window is the smallest that still covers the whole
/// input (the same zlib format every reader inflates; a window that covers the input loses no match).
enum Deflate {
    /// How hard to try.
    enum Effort {
        /// Page contents, deflated per document: level 5 with `Z_FILTERED`, which suits operators and numbers —
        /// on the anchors' ticket 4 % smaller than level 6 and a sixth faster.
        case content
        /// Font programs and CMaps, deflated once per glyph set: level 6 (level 9 makes the anchors' ticket's
        /// font no smaller).
        case program
    }

    /// `input` as a zlib stream, or nil when zlib fails (out of memory).
    static func compress(_ input: UnsafeRawBufferPointer, effort: Effort) -> [UInt8]? {
        var bits: Int32 = 9
        while bits < 15 && (1 << bits) < input.count + 262 { bits += 1 }
        let memoryLevel = max(1, min(8, bits - 7))
        var stream = z_stream()
        guard
            deflateInit2_(
                &stream, effort == .content ? 4 : 6, Z_DEFLATED, bits, memoryLevel,
                effort == .content ? Z_FILTERED : Z_DEFAULT_STRATEGY, ZLIB_VERSION,
                Int32(MemoryLayout<z_stream>.size)) == Z_OK
        else { return nil }
        defer { deflateEnd(&stream) }
        let bound = Int(deflateBound(&stream, uLong(input.count)))
        var output = [UInt8](repeating: 0, count: bound)
        let status = output.withUnsafeMutableBufferPointer { out -> Int32 in
            stream.next_in = UnsafeMutablePointer(mutating: input.bindMemory(to: Bytef.self).baseAddress)
            stream.avail_in = uInt(input.count)
            stream.next_out = out.baseAddress
            stream.avail_out = uInt(bound)
            return deflate(&stream, Z_FINISH)
        }
        guard status == Z_STREAM_END else { return nil }
        output.removeLast(bound - Int(stream.total_out))
        return output
    }
}

/// Writes `/Filter /FlateDecode` into a stream dictionary whose bytes were deflated before they were handed to
/// libHaru (libHaru writes the key only for streams it compresses itself).
let flateFilterHook: HPDF_Dict_OnWriteFunc = { _, stream in
    HPDF_Stream_WriteStr(stream, "/Filter /FlateDecode\n")
}
