import DrawingModule
import Foundation

/// Why a JPEG could not be read, with the name of the file it concerns.
///
/// Every refusal names the file, says what is wrong in plain words (libjpeg's own message when libjpeg found it) and
/// what to do, so a user with a folder of photos can fix the one that failed.
public struct JPEGError: Error, Equatable, Sendable, CustomStringConvertible, LocalizedError {
    /// The kinds of failure, each with what is known about it.
    public enum Reason: Equatable, Sendable {
        /// The file could not be read from disk (missing, unreadable); carries the system's message.
        case unreadable(String)
        /// The data does not start with a JPEG's start-of-image marker (`FF D8`).
        case notJPEG
        /// The header declares more pixels than the decoder's cap allows.
        case tooLarge(width: Int, height: Int, limit: Int)
        /// libjpeg refused the data (a damaged header or scan, data cut short, a colour space or precision it does
        /// not decode); carries its message.
        case corrupt(String)
    }

    /// The file (or caller-given name) the error concerns.
    public var name: String
    /// What went wrong.
    public var reason: Reason

    /// Makes an error about the JPEG called `name`.
    public init(name: String, reason: Reason) {
        self.name = name
        self.reason = reason
    }

    /// One line: the file, what failed, and how to fix it.
    public var description: String {
        switch reason {
        case .unreadable(let message):
            "\(name): cannot read the file (\(message)). Fix: check the path and its permissions"
        case .notJPEG:
            "\(name): not a JPEG file (it does not start with FF D8). Fix: convert it to JPEG or PNG, or pass the "
                + "right file"
        case .tooLarge(let width, let height, let limit):
            "\(name): the photo is \(width)×\(height) pixels, above the limit of \(limit). Fix: scale it down, or "
                + "raise the limit (--limit image-bytes=…) if you trust the file"
        case .corrupt(let message):
            "\(name): the JPEG is damaged or not decodable (libjpeg: \(message)). Fix: re-export it from its source "
                + "as an 8-bit baseline or progressive JPEG"
        }
    }

    /// The same text as `description`.
    public var errorDescription: String? { description }
}

extension JPEGError: Problem {
    /// `io` for a file that cannot be read, `limit` for more pixels than the decoder's cap, `badData` for bytes
    /// that are not a JPEG it can decode.
    public var kind: ProblemKind {
        switch reason {
        case .unreadable: .io
        case .tooLarge: .limit
        case .notJPEG, .corrupt: .badData
        }
    }

    /// The file the error concerns.
    public var place: ProblemPlace { ProblemPlace(file: name) }
}
