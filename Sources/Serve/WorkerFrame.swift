import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// One message between the service and a render worker: a header (what to do, or how it went, in `FieldWriter`'s
/// form) and the raw bytes that go with it (the request body, or the rendered files back to back).
///
/// On the wire a frame is two big-endian `UInt32` lengths (header, then body) and the two byte strings; a length past
/// `maximumBytes` is a broken peer, never a reason to allocate.
struct WorkerFrame: Sendable {
    /// The header.
    var header: Data
    /// The bytes that follow it.
    var body: Data

    /// The largest header or body either side accepts (1 GiB): far above any request body or document the limits let
    /// through, far below what a corrupt length would make either side allocate.
    static let maximumBytes = 1 << 30

    /// The eight bytes of lengths before the header.
    var prefix: [UInt8] {
        let lengths = [UInt32(header.count), UInt32(body.count)]
        return lengths.flatMap { length in (0..<4).map { UInt8(truncatingIfNeeded: length >> (24 - 8 * $0)) } }
    }
}

/// Why a frame could not be sent or received: the peer closed, a system call failed, the peer sent nonsense, or the
/// deadline passed first.
enum WorkerChannelError: Error, Sendable, Equatable {
    /// The other end closed (a worker that exited or was killed, or a service that went away).
    case closed
    /// A read or write failed with `errno`.
    case system(call: String, errno: Int32)
    /// The bytes read are not a frame.
    case malformed(String)
    /// The deadline passed before the whole frame arrived.
    case deadline
}

/// Blocking frame reads and writes on a connected stream socket. It does not own the descriptor: `WorkerHandle` (in
/// the service) and `WorkerProcess` (in the worker) close it.
struct WorkerChannel {
    /// The socket.
    let descriptor: Int32

    /// Sends `frame` whole.
    func send(_ frame: WorkerFrame) throws(WorkerChannelError) {
        guard frame.header.count <= WorkerFrame.maximumBytes, frame.body.count <= WorkerFrame.maximumBytes else {
            throw .malformed("a frame of \(frame.header.count) + \(frame.body.count) bytes is over the 1 GiB bound")
        }
        let prefix = frame.prefix
        var failure: WorkerChannelError?
        prefix.withUnsafeBytes { lengths in
            frame.header.withUnsafeBytes { header in
                frame.body.withUnsafeBytes { body in
                    do throws(WorkerChannelError) {
                        try write([lengths, header, body])
                    } catch {
                        failure = error
                    }
                }
            }
        }
        if let failure { throw failure }
    }

    /// The next frame, waiting at most until `deadline` (nil: as long as it takes).
    /// - Throws: `.closed` at end of stream before a frame starts or within one, `.deadline` when time runs out.
    func receive(by deadline: ContinuousClock.Instant? = nil) throws(WorkerChannelError) -> WorkerFrame {
        let prefix = try read(8, by: deadline)
        let lengths = [prefix.prefix(4), prefix.suffix(4)].map { bytes in
            bytes.reduce(0) { Int($0) << 8 | Int($1) }
        }
        guard lengths.allSatisfy({ $0 <= WorkerFrame.maximumBytes }) else {
            throw .malformed("a frame announces \(lengths[0]) + \(lengths[1]) bytes, over the 1 GiB bound")
        }
        let header = try read(lengths[0], by: deadline)
        let body = try read(lengths[1], by: deadline)
        return WorkerFrame(header: header, body: body)
    }

    /// Writes `parts` in order, whole, with as few `sendmsg` calls as the socket allows (one, unless its buffer
    /// fills): the peer wakes once for a frame instead of once per part.
    private func write(_ parts: [UnsafeRawBufferPointer]) throws(WorkerChannelError) {
        var pending = parts.filter { $0.count > 0 }
        while !pending.isEmpty {
            var vectors = pending.map { part in
                iovec(iov_base: UnsafeMutableRawPointer(mutating: part.baseAddress), iov_len: part.count)
            }
            let written = vectors.withUnsafeMutableBufferPointer { vectors in
                var message = msghdr()
                message.msg_iov = vectors.baseAddress
                message.msg_iovlen = vectors.count
                return sendmsg(descriptor, &message, Int32(MSG_NOSIGNAL))
            }
            if written < 0 {
                if errno == EINTR { continue }
                throw errno == EPIPE || errno == ECONNRESET ? .closed : .system(call: "sendmsg", errno: errno)
            }
            var left = written
            while let first = pending.first, left >= first.count {
                left -= first.count
                pending.removeFirst()
            }
            if left > 0, let first = pending.first {
                pending[0] = UnsafeRawBufferPointer(rebasing: first[left...])
            }
        }
    }

    /// `count` bytes, waiting for them by `deadline`: the socket is read first and polled only when it is empty,
    /// so a frame that has arrived costs its reads alone.
    private func read(_ count: Int, by deadline: ContinuousClock.Instant?) throws(WorkerChannelError) -> Data {
        var data = Data(count: count)
        var offset = 0
        // Without a deadline the read blocks; with one it must not, so the poll can time it.
        let flags = deadline == nil ? Int32(0) : Int32(MSG_DONTWAIT)
        while offset < count {
            let got = data.withUnsafeMutableBytes { buffer in
                Glibc.recv(descriptor, buffer.baseAddress! + offset, count - offset, flags)
            }
            if got < 0 {
                if errno == EINTR { continue }
                if errno == EAGAIN || errno == EWOULDBLOCK {
                    try wait(by: deadline)
                    continue
                }
                throw errno == ECONNRESET ? .closed : .system(call: "recv", errno: errno)
            }
            if got == 0 { throw .closed }
            offset += got
        }
        return data
    }

    /// Returns once the socket is readable (or closed); throws `.deadline` if `deadline` passes first.
    private func wait(by deadline: ContinuousClock.Instant?) throws(WorkerChannelError) {
        guard let deadline else { return }
        while true {
            let left = deadline - ContinuousClock.now
            guard left > .zero else { throw .deadline }
            let (seconds, attoseconds) = left.components
            let milliseconds = Int32(clamping: seconds * 1_000 + attoseconds / 1_000_000_000_000_000 + 1)
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, milliseconds)
            if ready > 0 { return }
            if ready < 0, errno != EINTR { throw .system(call: "poll", errno: errno) }
        }
    }
}
