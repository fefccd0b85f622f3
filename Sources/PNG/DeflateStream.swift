import CPNG

/// One zlib deflate stream, at a fixed address (zlib's state points back to it), ended exactly once.
package final class DeflateStream {
    /// zlib's stream.
    package let pointer: UnsafeMutablePointer<z_stream>

    /// A new stream with zlib's `deflateInit2` settings (a negative `windowBits` for raw deflate), or nil when zlib
    /// cannot allocate it.
    package convenience init?(level: Int32, windowBits: Int32, memoryLevel: Int32, strategy: Int32) {
        self.init {
            deflateInit2_(
                $0, level, Z_DEFLATED, windowBits, memoryLevel, strategy, ZLIB_VERSION,
                Int32(MemoryLayout<z_stream>.size))
        }
    }

    /// A copy of `other`'s state (what it has consumed and still holds), or nil when zlib cannot allocate it.
    package convenience init?(copying other: DeflateStream) {
        self.init { deflateCopy($0, other.pointer) }
    }

    /// Runs zlib's set-up on a stream of its own before the object exists, so a failure frees exactly what was
    /// made: `deflateCopy` can fail with the copy still pointing at the source's state, which `deflateEnd` on the
    /// copy would free.
    private init?(_ start: (UnsafeMutablePointer<z_stream>) -> Int32) {
        let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
        stream.initialize(to: z_stream())
        guard start(stream) == Z_OK else {
            stream.deallocate()
            return nil
        }
        pointer = stream
    }

    /// Starts the stream afresh with its settings (zlib's `deflateReset`); false on a zlib error.
    package func reset() -> Bool {
        deflateReset(pointer) == Z_OK
    }

    deinit {
        deflateEnd(pointer)
        pointer.deallocate()
    }

    /// Compresses `input`, appending what zlib emits to `output`; `finish` ends the stream. False on a zlib error.
    package func feed(_ input: UnsafeRawBufferPointer, finish: Bool, into output: inout [UInt8]) -> Bool {
        feed(input, flush: finish ? Z_FINISH : Z_NO_FLUSH, into: &output)
    }

    /// Compresses `input` with zlib's `flush` mode (`Z_NO_FLUSH`, `Z_FULL_FLUSH`, `Z_FINISH`), appending what zlib
    /// emits to `output`. False on a zlib error.
    ///
    /// zlib may hold back what it has compressed until a block is full or the stream ends, so the room given is
    /// grown until it has taken all the input (and, with `Z_FINISH`, ended the stream).
    package func feed(_ input: UnsafeRawBufferPointer, flush: Int32, into output: inout [UInt8]) -> Bool {
        let finish = flush == Z_FINISH
        pointer.pointee.next_in = UnsafeMutablePointer(mutating: input.bindMemory(to: Bytef.self).baseAddress)
        pointer.pointee.avail_in = uInt(input.count)
        var room = Int(deflateBound(pointer, uLong(input.count))) + 64
        while true {
            // zlib writes into scratch room, and only what it wrote is copied out: no room zero-filled first.
            let status = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: room) { scratch -> Int32 in
                pointer.pointee.next_out = scratch.baseAddress
                pointer.pointee.avail_out = uInt(room)
                let status = deflate(pointer, flush)
                output.append(contentsOf: scratch[..<(room - Int(pointer.pointee.avail_out))])
                return status
            }
            let full = pointer.pointee.avail_out == 0
            if finish && status == Z_STREAM_END { return true }
            if !finish && pointer.pointee.avail_in == 0 && !full { return true }
            guard status == Z_OK || status == Z_BUF_ERROR, full else { return false }
            room = max(room, 4096)
        }
    }
}
