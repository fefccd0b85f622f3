import Foundation

/// The JPEG files scripts/jpeg-fixtures wrote into Tests/JPEGTests/Fixtures: a 64 × 40 picture of four flat
/// quadrants stored as RGB, gray, CMYK (Adobe, inverted), progressive, and turned by each EXIF orientation so every
/// one shows the same upright picture.
public enum JPEGFixtures {
    /// The folder holding them.
    public static let folder = Repo.root.appendingPathComponent("Tests/JPEGTests/Fixtures")

    /// The bytes of `name` (`rgb`, `gray`, `cmyk`, `progressive`, `orientation-1` … `orientation-8`).
    public static func data(_ name: String) throws -> Data {
        try Data(contentsOf: folder.appendingPathComponent("\(name).jpg"))
    }

    /// The upright picture's quadrant colours, top-left, top-right, bottom-left, bottom-right, as written.
    public static let quadrants: [[UInt8]] = [[220, 30, 30], [30, 170, 60], [40, 60, 210], [240, 200, 20]]

    /// The centres of the quadrants as fractions of the picture's width and height, in the order of `quadrants`.
    public static let centres: [(x: Double, y: Double)] = [(0.25, 0.25), (0.75, 0.25), (0.25, 0.75), (0.75, 0.75)]
}
