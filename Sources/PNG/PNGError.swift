import DrawingModule
import Foundation

/// Why a PNG could not be read or written, with the name of the file it concerns.
///
/// Every refusal names the file, says what is wrong in plain words (libpng's own message when libpng
/// found it) and what to do, so a user with a folder of images can fix the one that failed.
public struct PNGError: Error, Equatable, Sendable, CustomStringConvertible, LocalizedError {
    /// The kinds of failure, each with what is known about it.
    public enum Reason: Equatable, Sendable {
        /// The file could not be read from disk (missing, unreadable); carries the system's message.
        case unreadable(String)
        /// The first 8 bytes are not the PNG signature.
        case notPNG
        /// The data ends before the header or image data is complete; carries what ran out (libpng's message when it found it).
        case truncated(String)
        /// The IHDR chunk is missing or malformed; carries what is wrong with it.
        case badHeader(String)
        /// The header declares a width or height of zero.
        case zeroSize(width: Int, height: Int)
        /// The header declares more pixels than the decoder's cap allows.
        case tooLarge(width: Int, height: Int, limit: Int)
        /// libpng (or zlib, or our own checks of the chunks) refused the data; carries the message, `libpng: …` when libpng's.
        case corrupt(String)
        /// A bitmap handed to the encoder is inconsistent (pixel count, size); carries what is wrong.
        case invalidBitmap(String)
        /// libpng could not write the image; carries its message.
        case encodingFailed(String)
    }

    /// The file (or caller-given name) the error concerns.
    public var name: String
    /// What went wrong.
    public var reason: Reason

    /// Makes an error about the PNG called `name`.
    public init(name: String, reason: Reason) {
        self.name = name
        self.reason = reason
    }

    /// One line: the file, what failed, and how to fix it.
    public var description: String {
        switch reason {
        case .unreadable(let message):
            return "\(name): cannot read the file (\(message)). Fix: check the path and its permissions"
        case .notPNG:
            return
                "\(name): not a PNG file (the first 8 bytes are not the PNG signature). Fix: convert it to PNG or pass the right file"
        case .truncated(let what):
            return
                "\(name): the PNG data is truncated (\(what)): the file was cut short. Fix: copy or download it again"
        case .badHeader(let what):
            return "\(name): invalid PNG header (\(what)): the file is damaged. Fix: re-export it from its source"
        case .zeroSize(let width, let height):
            return
                "\(name): the PNG header declares an empty image (\(width)×\(height) pixels). Fix: re-export it with a non-zero size"
        case .tooLarge(let width, let height, let limit):
            return
                "\(name): the image is \(width)×\(height) = \(width * height) pixels, above the limit of \(limit). Fix: scale it down, or raise the decoder's maxPixels if you trust the file"
        case .corrupt(let message):
            return
                "\(name): the PNG data is corrupt (\(message)): the file is damaged. Fix: re-export it from its source"
        case .invalidBitmap(let what):
            return "\(name): cannot encode this bitmap (\(what)). Fix: give width × height × 4 RGBA bytes"
        case .encodingFailed(let message):
            return "\(name): libpng could not write the PNG (\(message)). Fix: check free memory and the bitmap size"
        }
    }

    /// The same text as ``description``, for `localizedDescription`.
    public var errorDescription: String? { description }
}

extension PNGError: Problem {
    /// `io` for a file that cannot be read, `limit` for more pixels than the decoder's cap, `internal` for a bitmap
    /// or an encoder failure of the writer, `badData` for bytes that are not a PNG it can decode.
    public var kind: ProblemKind {
        switch reason {
        case .unreadable: .io
        case .tooLarge: .limit
        case .invalidBitmap, .encodingFailed: .internal
        case .notPNG, .truncated, .badHeader, .zeroSize, .corrupt: .badData
        }
    }

    /// The file the error concerns.
    public var place: ProblemPlace { ProblemPlace(file: name) }
}
