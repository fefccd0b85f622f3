import DrawingModule
import Foundation

/// Decoded pixels ready for PDF: 8 bits per component, rows top to bottom, with an optional alpha plane.
///
/// libHaru's own PNG loader crashes on valid files and stores masks uncompressed, so images reach it only as
/// raw pixels (the PNG module decodes); the alpha plane becomes a compressed soft mask.
package struct RawImage: Sendable, Equatable {
    /// The colour model of `pixels`.
    package enum ColorSpace: Sendable, Equatable {
        /// One byte per pixel.
        case gray
        /// Three bytes per pixel, red, green, blue.
        case rgb

        /// Bytes per pixel.
        package var componentCount: Int {
            switch self {
            case .gray: return 1
            case .rgb: return 3
            }
        }
    }

    /// Width in pixels.
    package var width: Int
    /// Height in pixels.
    package var height: Int
    /// How `pixels` is laid out.
    package var colorSpace: ColorSpace
    /// `width × height × colorSpace.componentCount` bytes, 8 bits per component, rows top to bottom.
    package var pixels: [UInt8]
    /// One byte per pixel (0 transparent … 255 opaque), rows top to bottom; nil means fully opaque.
    package var alpha: [UInt8]?

    /// Creates an image, checking that the byte counts match the dimensions.
    ///
    /// - Throws: `RawImageError` when a side is not positive, the sizes overflow, or `pixels`/`alpha` have the
    ///   wrong length.
    package init(width: Int, height: Int, colorSpace: ColorSpace, pixels: [UInt8], alpha: [UInt8]? = nil) throws {
        self.width = width
        self.height = height
        self.colorSpace = colorSpace
        self.pixels = pixels
        self.alpha = alpha
        if let problem = validationProblem { throw problem }
    }

    /// Why the fields do not fit together, or nil when they do.
    var validationProblem: RawImageError? {
        guard width > 0, height > 0, width <= Int(UInt32.max), height <= Int(UInt32.max) else {
            return RawImageError(reason: "width and height must be positive, got \(width)×\(height)")
        }
        let (area, overflow1) = width.multipliedReportingOverflow(by: height)
        let (bytes, overflow2) = area.multipliedReportingOverflow(by: colorSpace.componentCount)
        guard !overflow1, !overflow2, bytes <= Int(UInt32.max) else {
            return RawImageError(reason: "\(width)×\(height) pixels is too large")
        }
        guard pixels.count == bytes else {
            return RawImageError(
                reason: "pixels holds \(pixels.count) bytes; \(width)×\(height) \(colorSpace) "
                    + "needs \(bytes) (\(colorSpace.componentCount) per pixel)")
        }
        if let alpha, alpha.count != area {
            return RawImageError(
                reason: "alpha holds \(alpha.count) bytes; \(width)×\(height) needs \(area) "
                    + "(one per pixel)")
        }
        return nil
    }
}

/// Raw image fields that do not fit together (sizes, byte counts).
package struct RawImageError: Error, CustomStringConvertible, LocalizedError, Sendable, Equatable {
    /// What does not fit.
    package let reason: String
    /// What failed and how to fix it.
    package var description: String {
        "Invalid raw image: \(reason). Fix: give pixels as rows top to bottom, 8 bits per component, "
            + "and alpha as one byte per pixel or nil."
    }
    /// The same text as `description`.
    package var errorDescription: String? { description }
}

extension RawImageError: Problem {
    /// `badData`: the image's sizes and bytes do not fit together.
    package var kind: ProblemKind { .badData }
}
