import Foundation

/// A named paper size: every ISO A and B size, the JIS B sizes (which differ from ISO B), the Japanese postcard and
/// envelopes, and US letter and legal — the one table every part of mkpdf reads paper names from.
///
/// Sizes are defined in millimetres and converted to points (1 mm = 72 / 25.4 pt) without rounding, so A4 is
/// 595.2756 × 841.8898 pt.
public struct Paper: Hashable, Sendable {
    /// The canonical name: `a4`, `jis-b5`, `postcard`, `nagagata-3`, `letter`.
    public var name: String
    /// Other names accepted for it (`はがき`, `長形3号`, `b5-jis`).
    public var aliases: [String]
    /// The portrait size in points.
    public var size: Size

    /// Portrait (the shorter side across) or landscape.
    public enum Orientation: String, CaseIterable, Hashable, Sendable {
        /// Taller than wide.
        case portrait
        /// Wider than tall.
        case landscape
    }

    /// The size in points in `orientation`.
    public func size(_ orientation: Orientation) -> Size {
        orientation == .portrait ? size : Size(width: size.height, height: size.width)
    }

    /// Points in `millimetres`.
    public static func points(millimetres: Double) -> Double { millimetres * 72 / 25.4 }

    private init(_ name: String, millimetres width: Double, _ height: Double, aliases: [String] = []) {
        self.name = name
        self.aliases = aliases
        size = Size(width: Self.points(millimetres: width), height: Self.points(millimetres: height))
    }

    private init(_ name: String, points width: Double, _ height: Double) {
        self.name = name
        aliases = []
        size = Size(width: width, height: height)
    }

    /// ISO 216 series from its size 0, each next size the previous one halved (rounded down to whole millimetres).
    private static func series(_ prefix: String, width: Double, height: Double, names: (Int) -> [String] = { _ in [] })
        -> [Paper]
    {
        var sizes: [Paper] = []
        var (short, long) = (width, height)
        for index in 0...10 {
            let name = "\(prefix)\(index)"
            sizes.append(Paper(name, millimetres: short, long, aliases: names(index)))
            (short, long) = ((long / 2).rounded(.down), short)
        }
        return sizes
    }

    /// Every paper size, ISO A first.
    public static let all: [Paper] =
        series("a", width: 841, height: 1189)
        + series("b", width: 1000, height: 1414)
        + [Paper("c4", millimetres: 229, 324), Paper("c5", millimetres: 162, 229), Paper("c6", millimetres: 114, 162)]
        + series("jis-b", width: 1030, height: 1456) { ["b\($0)-jis", "jis b\($0)"] }
        + [
            Paper("postcard", millimetres: 100, 148, aliases: ["はがき", "hagaki"]),
            Paper("nagagata-3", millimetres: 120, 235, aliases: ["長形3号", "長3"]),
            Paper("kakugata-2", millimetres: 240, 332, aliases: ["角形2号", "角2"]),
            Paper("letter", points: 612, 792), Paper("legal", points: 612, 1008)
        ]

    /// ISO A4, 210 × 297 mm.
    public static let a4 = named("a4")!
    /// ISO A5, 148 × 210 mm.
    public static let a5 = named("a5")!

    /// The paper called `name` (any case, canonical name or alias), or nil.
    public static func named(_ name: String) -> Paper? {
        let key = name.lowercased().trimmingCharacters(in: .whitespaces)
        return all.first { $0.name == key || $0.aliases.contains(key) }
    }

    /// Every accepted name, canonical ones first.
    public static var names: [String] { all.map(\.name) + all.flatMap(\.aliases) }

    /// Reads a page size: a paper name (`a4`, `jis-b5`, `はがき`), optionally with an orientation (`a4-landscape`,
    /// `a5 landscape`), or a custom size `WIDTHxHEIGHT` in points, or with a unit: `100x148mm`, `400x150pt`.
    /// - Throws: `PaperError` listing the nearest names.
    public static func size(parsing text: String) throws(PaperError) -> Size {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if let custom = customSize(trimmed) { return custom }
        var name = trimmed.lowercased()
        var orientation = Orientation.portrait
        for candidate in Orientation.allCases {
            for separator in ["-", " ", "_"] where name.hasSuffix(separator + candidate.rawValue) {
                name.removeLast(candidate.rawValue.count + 1)
                orientation = candidate
            }
        }
        guard let paper = named(name) else { throw PaperError(text: text) }
        return paper.size(orientation)
    }

    /// `100x148mm`, `400x150`, `400 × 150 pt`; nil when `text` is not of that form.
    private static func customSize(_ text: String) -> Size? {
        var body = text.lowercased().replacingOccurrences(of: "×", with: "x").replacingOccurrences(of: " ", with: "")
        var scale = 1.0
        if body.hasSuffix("mm") {
            scale = 72 / 25.4
            body.removeLast(2)
        } else if body.hasSuffix("pt") {
            body.removeLast(2)
        }
        let parts = body.split(separator: "x")
        guard parts.count == 2, let width = Double(parts[0]), let height = Double(parts[1]), width > 0, height > 0,
            width.isFinite, height.isFinite
        else { return nil }
        return Size(width: width * scale, height: height * scale)
    }

    /// A length in points from `12`, `12pt`, `10mm` or `1.5cm`; nil for anything else.
    public static func length(parsing text: String) -> Double? {
        var body = text.lowercased().trimmingCharacters(in: .whitespaces)
        var scale = 1.0
        for (unit, factor) in [("mm", 72 / 25.4), ("cm", 720 / 25.4), ("in", 72.0), ("pt", 1.0)]
        where body.hasSuffix(unit) {
            scale = factor
            body = String(body.dropLast(2)).trimmingCharacters(in: .whitespaces)
            break
        }
        guard let value = Double(body), value.isFinite else { return nil }
        return value * scale
    }

    /// The paper and orientation of `size` (within `tolerance` points on each side), or nil for a custom size.
    public static func matching(_ size: Size, tolerance: Double = 1) -> (paper: Paper, orientation: Orientation)? {
        for paper in all {
            for orientation in Orientation.allCases {
                let candidate = paper.size(orientation)
                if abs(candidate.width - size.width) <= tolerance, abs(candidate.height - size.height) <= tolerance {
                    return (paper, orientation)
                }
            }
        }
        return nil
    }
}

/// A page size that is neither a known paper name nor a custom `WIDTHxHEIGHT`.
public struct PaperError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The text given.
    public var text: String

    /// The error for `text`.
    public init(text: String) { self.text = text }

    /// Names the text and lists the accepted forms.
    public var description: String {
        "unknown paper size \"\(text)\"; use a name (a0–a10, b0–b10, c4–c6, jis-b0–jis-b10, postcard/はがき, "
            + "nagagata-3/長形3号, kakugata-2/角形2号, letter, legal), optionally with -landscape, "
            + "or a size such as 100x148mm or 400x150 (points)"
    }
}

extension PaperError: Problem {
    /// `badRequest`: a page size given as an option or a value that names no paper.
    public var kind: ProblemKind { .badRequest }
}
