import CQREncode
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A QR code's module grid, made by libqrencode and copied into Swift so no C memory outlives the call.
///
/// A value: square, `width` modules a side, dark modules `true`. The quiet zone is not included; whoever draws the
/// code leaves it (see `QRCode.commands(in:…)`).
public struct QRCode: Hashable, Sendable {
    /// How much damage the code survives; more correction means more modules for the same payload.
    public enum Correction: String, Hashable, Sendable, CaseIterable {
        /// About 7 % of the code may be lost.
        case low = "L"
        /// About 15 %: the usual choice for printed tickets (and ours).
        case medium = "M"
        /// About 25 %.
        case quartile = "Q"
        /// About 30 %.
        case high = "H"

        fileprivate var level: QRecLevel {
            switch self {
            case .low: QR_ECLEVEL_L
            case .medium: QR_ECLEVEL_M
            case .quartile: QR_ECLEVEL_Q
            case .high: QR_ECLEVEL_H
            }
        }
    }

    /// The encoded text.
    public let payload: String
    /// The QR version (1…40) libqrencode chose: the smallest that holds the payload.
    public let version: Int
    /// Modules per side (17 + 4 × version).
    public let width: Int
    /// Row-major module colours, `width × width` of them; `true` is dark.
    public let modules: [Bool]

    /// Encodes `payload` (UTF-8, in the most compact modes libqrencode finds, case kept) at `correction`.
    /// - Throws: `QRCodeError` when the payload is empty, holds a NUL, or is too long for any QR version.
    public init(payload: String, correction: Correction = .medium) throws(QRCodeError) {
        guard !payload.isEmpty else { throw .emptyPayload }
        guard !payload.utf8.contains(0) else { throw .nulInPayload(payload: payload) }
        errno = 0
        guard let code = QRcode_encodeString(payload, 0, correction.level, QR_MODE_8, 1) else {
            let number = errno
            throw number == ERANGE ? .payloadTooLong(bytes: payload.utf8.count, correction: correction)
                : .encoderFailed(errno: number, reason: String(cString: strerror(number)))
        }
        // The one owner of the C struct is this scope: copied out, then freed exactly once.
        defer { QRcode_free(code) }
        let width = Int(code.pointee.width)
        let data = UnsafeBufferPointer(start: code.pointee.data, count: width * width)
        self.payload = payload
        self.version = Int(code.pointee.version)
        self.width = width
        self.modules = data.map { $0 & 1 == 1 }
    }

    /// True when the module in `column` of `row` (both from 0, top-left origin) is dark.
    public func isDark(row: Int, column: Int) -> Bool {
        modules[row * width + column]
    }

    /// The dark runs of each row: `(row, first column, length)`, left to right, top to bottom — one rectangle each
    /// when drawn, several times fewer than one per module.
    public var darkRuns: [(row: Int, column: Int, length: Int)] {
        var runs: [(row: Int, column: Int, length: Int)] = []
        for row in 0..<width {
            var column = 0
            while column < width {
                guard isDark(row: row, column: column) else { column += 1; continue }
                let start = column
                while column < width, isDark(row: row, column: column) { column += 1 }
                runs.append((row, start, column - start))
            }
        }
        return runs
    }
}
