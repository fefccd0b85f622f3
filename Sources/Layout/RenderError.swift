import Charts
import DrawingModule
import Fonts
import Foundation
import Support
import Typeset

/// Why a drawing could not be rendered: what failed, where (page and command), and how to fix it.
///
/// Both renderers throw only this type, so callers (the CLI, batch jobs) report one kind of failure whichever
/// output they asked for. A renderer never writes a partial file when it throws.
public enum RenderError: Error, Hashable, Sendable {
    /// A text command holds a character its font has no glyph for; drawing it would show an empty box (tofu).
    case missingGlyph(MissingGlyph, text: String, location: RenderLocation)
    /// The text's logical font could not be found or opened (see the Fonts module's message in `reason`).
    case font(location: RenderLocation, font: String, reason: String)
    /// A barcode command cannot be encoded or placed: its `field` (`data`, `rect`, `dark`, `options.…`) and why.
    case barcode(location: RenderLocation, field: String, reason: String)
    /// A path command cannot be drawn (it does not start with a move, or a coordinate is not finite).
    case path(location: RenderLocation, reason: String)
    /// A chart command cannot be laid out: its data, colours or box (see `ChartError`).
    case chart(location: RenderLocation, ChartError)
    /// An image command's PNG or JPEG bytes could not be decoded.
    case image(location: RenderLocation, reason: String)
    /// A link cannot be written: it names a target no group has (`#name`), or two groups share a name.
    case link(location: RenderLocation, reason: String, fix: String)
    /// A form field cannot be made: its `name`, what is wrong (a member out of range, a name another field has) and
    /// how to fix it.
    case formField(location: RenderLocation, name: String, reason: String, fix: String)
    /// libHaru refused something while building the PDF.
    case pdf(location: RenderLocation?, reason: String)
    /// cairo or FreeType failed while drawing the raster.
    case raster(location: RenderLocation?, operation: String, reason: String)
    /// A library the raster renderer opens on first use (cairo, with FreeType) could not be loaded.
    case libraryUnavailable(library: String, package: String, reason: String)
    /// A page's size is not one a PDF page can have (`Drawing.pageSizeProblem`): refused alike for PDF and PNG.
    case pageSize(page: Int, problem: String)
    /// The raster for a page would be larger than cairo's image surfaces allow.
    case surfaceTooLarge(page: Int, width: Int, height: Int, limit: Int)
    /// The raster for a page, or a decoded image, would take more bytes than a budget allows (`raster-bytes`,
    /// `image-bytes`): checked before anything is allocated.
    case limit(LimitExceeded, location: RenderLocation)
    /// The raster scale or resolution is not a usable number.
    case invalidScale(String)
    /// A document with no pages has nothing to render.
    case emptyDocument
    /// The output could not be written.
    case output(path: String, reason: String)
    /// An output path whose extension names no format, or names another format than the one asked for (`explicit`).
    case unknownFormat(path: String, explicit: String?, known: [String])
    /// An outline entry (bookmark) cannot be written: `index` into `Document.outline`, the field and why.
    case outline(index: Int, field: String, reason: String)
    /// A text box's text does not fit its frame by any of its fit policies (or its font cannot be opened).
    case textFit(location: RenderLocation, TextFitError)
    /// The PDF/A level asked for forbids an element or option of the document (`element` names it).
    case archive(level: String, element: String, reason: String, fix: String)
    /// Encrypting or signing the finished PDF failed, or the two were asked for together; never names a secret.
    case protection(step: String, reason: String, fix: String)
    /// A document that claims PDF/UA-1 holds what would break the claim (`element` names it: an image with neither
    /// alternative text nor `decorative`, a document without a title).
    case accessibility(location: RenderLocation?, element: String, reason: String, fix: String)
}

extension RenderError: CustomStringConvertible, LocalizedError {
    /// What failed, where, and how to fix it.
    public var description: String {
        switch self {
        case .missingGlyph(let missing, let text, let location):
            let fonts =
                missing.tried.count > 1
                ? "none of the fonts of \"\(missing.font)\" (tried " + missing.tried.joined(separator: ", ")
                    + ") has a glyph"
                : "font \"\(missing.font)\" (\(missing.fontFile)) has no glyph"
            return
                "cannot render: \(location): \(fonts) for \"\(missing.character)\" (\(missing.codePoint)) at character "
                + "\(missing.characterIndex) of \"\(ErrorText.excerpt(text))\". Fix: " + missing.fix
        case .font(let location, let font, let reason):
            return "cannot render \(location): font \"\(font)\": \(reason)"
        case .barcode(let location, let field, let reason):
            return "cannot render \(location).\(field) (barcode): \(reason)"
        case .path(let location, let reason):
            return "cannot render \(location) (path): \(reason). Fix: start the path with a move and give finite "
                + "coordinates"
        case .chart(let location, let error):
            return ErrorText.wrapping("cannot render \(location)", error.problem, fix: error.fix)
        case .image(let location, let reason):
            return ErrorText.wrapping(
                "cannot render \(location): the image's PNG or JPEG bytes cannot be decoded", reason,
                fix: "give a valid PNG or JPEG file's bytes")
        case .link(let location, let reason, let fix):
            return "cannot link \(location): \(reason). Fix: \(fix)"
        case .formField(let location, let name, let reason, let fix):
            return "cannot make form field \"\(name)\" at \(location): \(reason). Fix: \(fix)"
        case .pdf(let location, let reason):
            return ErrorText.wrapping(
                "cannot build the PDF" + (location.map { " at \($0)" } ?? ""), reason,
                fix: "check the sizes, coordinates and text at that place; if they are sound, "
                    + "report it as an mkpdf bug with the input")
        case .raster(let location, let operation, let reason):
            return ErrorText.wrapping(
                "cannot draw the raster" + (location.map { " at \($0)" } ?? "")
                    + ": \(operation) failed", reason,
                fix: "lower --scale or --dpi if memory ran short; otherwise report it as an "
                    + "mkpdf bug with the input")
        case .libraryUnavailable(let library, let package, let reason):
            return ErrorText.wrapping(
                "cannot load \(library) for PNG output", reason,
                fix: "install the Debian package \(package) (`apt-get install \(package)`, or run scripts/setup)")
        case .pageSize(let page, let problem):
            return "cannot render page \(page): \(problem). Fix: give the page sides between "
                + "\(ErrorText.points(Drawing.pageSides.lowerBound)) and "
                + "\(ErrorText.points(Drawing.pageSides.upperBound)) pt (page: a4, or page: {width: 100mm, height: 148mm})"
        case .surfaceTooLarge(let page, let width, let height, let limit):
            return "cannot render page \(page): \(width)×\(height) pixels exceeds the raster limit of \(limit) pixels "
                + "a side (or the memory it needs). Fix: use a smaller --scale or --dpi"
        case .limit(let limit, let location):
            return "cannot render \(location): \(limit.description)"
                + (limit.limit == "raster-bytes" ? ", or a smaller --scale or --dpi" : "")
        case .invalidScale(let text):
            return "cannot render: \(text). Fix: give a scale greater than 0 (1, 2 …) or a dpi such as 72, 144, 300"
        case .emptyDocument:
            return "cannot render: the document has no pages. Fix: add at least one page"
        case .output(let path, let reason):
            return ErrorText.wrapping(
                "cannot write \(path)", reason,
                fix: "check that the folder exists, is writable and has space")
        case .unknownFormat(let path, let explicit?, _):
            return "cannot write \(path) as \(explicit): the format contradicts the name's extension. "
                + "Fix: end the name in .\(explicit), or drop the format option"
        case .unknownFormat(let path, nil, let known):
            let endings = known.map { "." + $0 }.joined(separator: " or ")
            return "cannot write \(path): the name does not end in a format's extension. Fix: end it in "
                + endings + ", or give the format"
        case .outline(let index, let field, let reason):
            return ErrorText.wrapping(
                "cannot render outline[\(index)].\(field)", reason,
                fix: "point every outline entry at a page of the document, with a level from 1 "
                    + "and a non-empty title")
        case .textFit(let location, let error):
            return ErrorText.wrapping("cannot render \(location)", error.problem, fix: error.fix)
        case .archive(let level, let element, let reason, let fix):
            return "cannot render as \(level): \(element): \(reason). Fix: \(fix)"
        case .protection(let step, let reason, let fix):
            return ErrorText.wrapping("cannot \(step)", reason, fix: fix)
        case .accessibility(let location, let element, let reason, let fix):
            return "cannot render as PDF/UA-1: \(element)\(location.map { " at \($0)" } ?? ""): \(reason). Fix: \(fix)"
        }
    }

    /// The same text as `description`.
    public var errorDescription: String? { description }
}

extension RenderError {
    /// The result of `body`, its errors as `RenderError`: a `RenderError` passes through, anything else (a libHaru
    /// or cairo error the render layer did not name) becomes `.pdf` (or, for the raster renderer, `.raster`) at
    /// `location` with its description — so the public API throws one type.
    package static func converting<R>(
        location: RenderLocation?, raster: Bool = false,
        _ body: () throws -> R
    ) throws(RenderError) -> R {
        do {
            return try body()
        } catch let error as RenderError {
            throw error
        } catch {
            if raster { throw RenderError.raster(location: location, operation: "draw the page", reason: "\(error)") }
            throw RenderError.pdf(location: location, reason: "\(error)")
        }
    }
}

extension RenderError: DataFailure {
    /// From the case: what the document asks for that no output can hold (`badTemplate`), values it cannot draw
    /// (`badData`), options that cannot be used (`badRequest`), files and libraries (`notFound`, `io`), the kind of
    /// a wrapped error (text fit, chart, limit), and `internal` when libHaru or cairo fail on sound input.
    public var kind: ProblemKind {
        switch self {
        case .missingGlyph: .missingGlyph
        case .font: .notFound
        case .barcode, .image: .badData
        case .path, .link, .formField, .pageSize, .emptyDocument, .outline, .archive, .accessibility: .badTemplate
        case .chart(_, let error): error.kind
        case .pdf, .raster: .internal
        case .libraryUnavailable, .output: .io
        case .surfaceTooLarge: .limit
        case .limit(let exceeded, _): exceeded.kind
        case .invalidScale, .unknownFormat, .protection: .badRequest
        case .textFit(_, let fit): fit.kind
        }
    }

    /// The output file for a write that failed, the text box's field for text that does not fit, the barcode
    /// command's field (`data`, `rect`) for a barcode.
    public var place: ProblemPlace {
        switch self {
        case .output(let path, _), .unknownFormat(let path, _, _): ProblemPlace(file: path)
        case .textFit(_, let fit): ProblemPlace(field: fit.field)
        case .barcode(_, let field, _): ProblemPlace(field: field)
        default: ProblemPlace()
        }
    }

    /// The budget the render went over.
    public var limitExceeded: LimitExceeded? {
        switch self {
        case .limit(let exceeded, _): exceeded
        case .textFit(_, let fit): fit.limitExceeded
        default: nil
        }
    }

    /// The character no font of the text's chain has.
    public var missingGlyph: MissingGlyph? {
        if case .missingGlyph(let missing, _, _) = self { missing } else { nil }
    }
}
