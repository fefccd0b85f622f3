import Foundation

/// What an image command's bytes are, read from their header alone: the format, the stored pixel size, the colour
/// components and (for a JPEG photo) the EXIF orientation the camera recorded.
///
/// Every layer that must know an image's size before decoding it reads it here — the canvas checking what it is
/// given, a template counting decoded bytes against its budget, a report laying out a photo, the renderers placing a
/// turned photo — so PNG and JPEG are told apart in one place and no decoder runs to answer "how big".
public struct ImageFile: Hashable, Sendable {
    /// The file formats an image command may hold.
    public enum Format: String, Hashable, Sendable {
        /// A PNG file (signature `89 50 4E 47 0D 0A 1A 0A`).
        case png
        /// A JPEG (JFIF or EXIF) file (starts `FF D8 FF`): baseline or progressive, gray, colour or CMYK.
        case jpeg
    }

    /// The file's format.
    public var format: Format
    /// Width of the stored pixels (before any orientation is applied).
    public var width: Int
    /// Height of the stored pixels (before any orientation is applied).
    public var height: Int
    /// Colour components per pixel as stored: 1 gray, 3 colour, 4 CMYK; a PNG counts 4 (it decodes to RGBA).
    public var components: Int
    /// How the stored pixels are turned for display (EXIF tag 0x0112); `.up` for every PNG.
    public var orientation: ImageOrientation

    /// Reads the header of `data`, or returns nil when it is neither a PNG nor a JPEG, or its header is cut short
    /// before the size.
    public init?(_ data: Data) {
        let bytes = [UInt8](data.prefix(Self.headerLimit))
        switch Self.format(of: data) {
        case .png:
            guard let size = Self.pngSize(bytes) else { return nil }
            (format, width, height, components, orientation) = (.png, size.width, size.height, 4, .up)
        case .jpeg:
            guard let header = JPEGHeader(bytes) else { return nil }
            (format, width, height, components, orientation) =
                (.jpeg, header.width, header.height, header.components, header.orientation)
        case nil:
            return nil
        }
    }

    /// The format `data` claims by its first bytes (the PNG signature, or JPEG's `FF D8 FF`), or nil for neither.
    public static func format(of data: Data) -> Format? {
        if data.starts(with: pngSignature) { return .png }
        if data.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
        return nil
    }

    /// The size the picture is shown at, in pixels: the stored size, its sides swapped when the orientation turns
    /// it a quarter.
    public var displayedSize: (width: Int, height: Int) {
        orientation.swapsSides ? (height, width) : (width, height)
    }

    /// The bytes the picture decodes to as RGBA (width × height × 4), `Int.max` when that overflows: what the
    /// image-bytes budget counts before any decoder runs.
    public var decodedBytes: Int {
        let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
        return overflow || pixels > Int.max / 4 ? Int.max : pixels * 4
    }

    /// PNG's eight-byte signature.
    public static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// How far into a file its header is looked for: JPEG's EXIF segment (up to 64 KiB) comes before the frame header.
    static let headerLimit = 256 << 10

    /// Width and height from the IHDR chunk (after Apple's CgBI chunk, if any).
    private static func pngSize(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        var chunk = 8
        for _ in 0..<2 {
            guard let length = bigEndian(bytes, at: chunk, count: 4), chunk + 16 <= bytes.count else { return nil }
            if bytes[chunk + 4..<chunk + 8].elementsEqual(Array("IHDR".utf8)) {
                guard let width = bigEndian(bytes, at: chunk + 8, count: 4),
                    let height = bigEndian(bytes, at: chunk + 12, count: 4)
                else { return nil }
                return (width, height)
            }
            chunk += 12 + length
        }
        return nil
    }
}

/// How a photo's stored pixels are turned to be shown upright: EXIF orientation 1–8, named for where the stored
/// first row ends up and whether the picture is mirrored.
public enum ImageOrientation: Int, Hashable, Sendable, CaseIterable {
    /// 1: as stored.
    case up = 1
    /// 2: mirrored left to right.
    case upMirrored
    /// 3: turned half a turn.
    case down
    /// 4: mirrored top to bottom.
    case downMirrored
    /// 5: the first row becomes the left column, top to bottom (transposed).
    case leftMirrored
    /// 6: turned a quarter clockwise (the first row becomes the right column).
    case right
    /// 7: the first row becomes the right column, bottom to top (transversed).
    case rightMirrored
    /// 8: turned a quarter counter-clockwise (the first row becomes the left column, bottom to top).
    case left

    /// Whether the displayed picture's width is the stored height.
    public var swapsSides: Bool { rawValue >= 5 }

    /// Where a point of the stored picture shows: (`column`, `row`) as fractions 0…1 of the stored width and height
    /// (row 0 at the top) ↦ fractions of the displayed width and height (y down).
    public func displayed(column s: Double, row t: Double) -> (x: Double, y: Double) {
        switch self {
        case .up: (s, t)
        case .upMirrored: (1 - s, t)
        case .down: (1 - s, 1 - t)
        case .downMirrored: (s, 1 - t)
        case .leftMirrored: (t, s)
        case .right: (1 - t, s)
        case .rightMirrored: (1 - t, 1 - s)
        case .left: (t, 1 - s)
        }
    }

    /// Where the stored picture's top-left, top-right and bottom-left corners land when it is shown upright in
    /// `rect`: the three points a renderer turns into its image matrix.
    public func corners(in rect: Rect) -> (topLeft: Point, topRight: Point, bottomLeft: Point) {
        func point(_ s: Double, _ t: Double) -> Point {
            let (x, y) = displayed(column: s, row: t)
            return Point(x: rect.x + x * rect.width, y: rect.y + y * rect.height)
        }
        return (point(0, 0), point(1, 0), point(0, 1))
    }
}

/// The parts of a JPEG header the layers above the decoder need: the frame size and components (SOF) and the
/// EXIF orientation (APP1), read by walking the marker segments up to the first scan.
struct JPEGHeader {
    var width = 0
    var height = 0
    var components = 0
    var orientation = ImageOrientation.up

    init?(_ bytes: [UInt8]) {
        var at = 2
        var sawFrame = false
        while at + 4 <= bytes.count {
            guard bytes[at] == 0xFF else { return nil }
            let marker = bytes[at + 1]
            if marker == 0xFF {
                at += 1 // a fill byte
                continue
            }
            guard marker != 0xDA, marker != 0xD9, let length = bigEndian(bytes, at: at + 2, count: 2), length >= 2
            else { break }
            let body = at + 4
            if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
                guard body + 6 <= bytes.count, let height = bigEndian(bytes, at: body + 1, count: 2),
                    let width = bigEndian(bytes, at: body + 3, count: 2)
                else { return nil }
                (self.width, self.height, components, sawFrame) = (width, height, Int(bytes[body + 5]), true)
                break
            }
            if marker == 0xE1, body + 6 <= bytes.count, bytes[body..<body + 6].elementsEqual(Array("Exif\0\0".utf8)) {
                let end = min(bytes.count, at + 2 + length)
                orientation = Self.exifOrientation(Array(bytes[min(body + 6, end)..<end])) ?? .up
            }
            at += 2 + length
        }
        guard sawFrame, width > 0, height > 0 else { return nil }
    }

    /// Tag 0x0112 of IFD0 in a TIFF structure (either byte order); nil when absent or out of range.
    static func exifOrientation(_ tiff: [UInt8]) -> ImageOrientation? {
        guard tiff.count >= 8 else { return nil }
        let little = tiff[0] == 0x49 && tiff[1] == 0x49
        guard little || (tiff[0] == 0x4D && tiff[1] == 0x4D) else { return nil }
        func number(_ at: Int, _ count: Int) -> Int? {
            guard at >= 0, at + count <= tiff.count else { return nil }
            let slice = tiff[at..<at + count]
            return (little ? slice.reversed() : Array(slice)).reduce(0) { $0 << 8 | Int($1) }
        }
        guard let ifd = number(4, 4), let entries = number(ifd, 2) else { return nil }
        for index in 0..<min(entries, 1_000) {
            let entry = ifd + 2 + index * 12
            guard let tag = number(entry, 2) else { return nil }
            if tag == 0x0112 {
                guard let value = number(entry + 8, 2) else { return nil }
                return ImageOrientation(rawValue: value)
            }
        }
        return nil
    }
}

/// The unsigned big-endian number of `count` bytes at `at`, or nil past the end.
private func bigEndian(_ bytes: [UInt8], at: Int, count: Int) -> Int? {
    guard at >= 0, at + count <= bytes.count else { return nil }
    return bytes[at..<at + count].reduce(0) { $0 << 8 | Int($1) }
}
