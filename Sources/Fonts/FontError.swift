import DrawingModule
import Foundation

/// Why a logical font name could not become a usable font: what was asked, what was tried, and how to fix it.
///
/// Fonts differ between machines; the messages name every place looked at and the Debian package or environment
/// variable that fixes it, so nobody has to read the source to get a ticket printed.
public enum FontError: Error, Hashable, Sendable {
    /// No fonts.json was found at any of the places tried.
    case configurationNotFound(tried: [String])
    /// A fonts.json exists but cannot be used.
    case configurationInvalid(file: String, reason: String)
    /// The name is neither in the table nor set by an `MKPDF_FONT_…` variable.
    case unknownFont(name: String, known: [String], configuration: String)
    /// The name is known but none of its files exists.
    case fontMissing(name: String, tried: [String], package: String?, variable: String)
    /// The file exists but HarfBuzz cannot read a font from it.
    case fontUnreadable(name: String, path: String, reason: String)
    /// HarfBuzz could not make a subset of the font for the given text.
    case subsetFailed(name: String, path: String, glyphs: Int)
    /// HarfBuzz's libraries, opened when the first font is, could not be loaded (`reason` is the loader's message).
    case harfBuzzUnavailable(name: String, reason: String)
}

extension FontError: CustomStringConvertible, LocalizedError {
    /// What failed, where, and how to fix it.
    public var description: String {
        switch self {
        case .configurationNotFound(let tried):
            return "no font table found; looked for: " + tried.joined(separator: ", ")
                + ". Fix: set MKPDF_FONTS to a fonts.json, or copy the repository's Fonts/fonts.json to one of those "
                + "places (see Fonts/README.md for the format)"
        case .configurationInvalid(let file, let reason):
            return "\(file): \(reason). Fix: correct the file, or set MKPDF_FONTS to another fonts.json"
        case .unknownFont(let name, let known, let configuration):
            return "unknown font \"\(name)\": \(configuration) names " + known.joined(separator: ", ")
                + ". Fix: use one of those, add \"\(name)\" to the table, or set \(FontRegistry.overrideVariable(for: name))=/path/to/font.ttf"
        case .fontMissing(let name, let tried, let package, let variable):
            let install = package.map { "install \($0) (`apt-get install \($0)`, or run scripts/setup), or " } ?? ""
            return "font \"\(name)\" not found; looked for: " + tried.joined(separator: ", ") + ". Fix: "
                + install + "set \(variable)=/path/to/font.ttf, or set MKPDF_FONTS to another fonts.json"
        case .fontUnreadable(let name, let path, let reason):
            return
                "font \"\(name)\" at \(path) cannot be used: \(reason). Fix: point it at a TrueType or OpenType file "
                + "(.ttf, .otf, .ttc with \"index\")"
        case .subsetFailed(let name, let path, let glyphs):
            return "font \"\(name)\" at \(path): HarfBuzz could not subset it to \(glyphs) glyphs. "
                + "Fix: embed the whole font instead or use another font file"
        case .harfBuzzUnavailable(let name, let reason):
            return "font \"\(name)\" cannot be opened: HarfBuzz could not be loaded (\(reason)). Fix: install "
                + "libharfbuzz0b and libharfbuzz-subset0 (`apt-get install libharfbuzz0b libharfbuzz-subset0`, or run "
                + "scripts/setup)"
        }
    }

    /// The same text as `description`.
    public var errorDescription: String? { description }
}

extension FontError: Problem {
    /// `notFound` for a fonts.json or font file that is not there, `badTemplate` for a name no table knows, `io` for
    /// a file or library that is there but cannot be used, `internal` for a subset HarfBuzz could not make.
    public var kind: ProblemKind {
        switch self {
        case .configurationNotFound, .fontMissing: .notFound
        case .unknownFont: .badTemplate
        case .configurationInvalid, .fontUnreadable, .harfBuzzUnavailable: .io
        case .subsetFailed: .internal
        }
    }

    /// The fonts.json or font file at fault, when one is known.
    public var place: ProblemPlace {
        switch self {
        case .configurationInvalid(let file, _): ProblemPlace(file: file)
        case .fontUnreadable(_, let path, _), .subsetFailed(_, let path, _): ProblemPlace(file: path)
        default: ProblemPlace()
        }
    }
}
