import ArgumentParser
import Documents
import DrawingModule
import Foundation
import Haru
import PNG
import Render
import Support

/// `mkpdf image`: PNG and JPEG files to a PDF with one page per image (what img2pdf does), or re-encoded to PNG.
///
/// A thin face over the PNG and JPEG modules and Haru; it decodes every input before anything is written, so a
/// corrupt input leaves no output file behind. A JPEG goes into the PDF as its own bytes, turned upright by its
/// EXIF orientation on the page; in a PNG its pixels are turned.
struct ImageCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "image",
        abstract: "Put PNG and JPEG images into a PDF, one page each sized to the image, or re-encode them as PNG.",
        usage: "mkpdf image <inputs> ... --output <output> [<options>]",
        discussion: """
            Pages are the image's size at 72 dpi (one pixel = one point) unless \
            --dpi is given: points = pixels × 72 / dpi. An image too small or too \
            large for a PDF page at 72 dpi (sides of 3 to 14400 pt) gets the \
            nearest whole dpi that fits instead, and a note on standard error \
            says which. With -o OUT.png one input is re-encoded to OUT.png; \
            several inputs go to OUT-1.png, OUT-2.png, ... in order. Any unreadable \
            or corrupt input stops the command before an output file is written. \
            A JPEG photo is stored in the PDF as it is (not re-encoded) and \
            shown upright by its EXIF orientation.

            Examples:
              mkpdf image examples/scan.png -o scan.pdf
              mkpdf image examples/photo.jpg -o photo.pdf
              mkpdf image examples/photo.png examples/scan.png -o photos.pdf --dpi 144
              mkpdf image examples/big.png -o big-fast.png --fast
              mkpdf image examples/scan.png -o scan.pdf --limit image-bytes=256M
            """
    )

    /// The PNG and JPEG files, in page order.
    @Argument(help: "PNG and JPEG files, in page order.")
    var inputs: [String]

    /// The PDF or PNG to write.
    @Option(name: .shortAndLong, help: "Output file: .pdf (one page per image) or .png (re-encoded).")
    var output: String

    /// Resolution for the page size; PDF output only.
    @Option(name: .long, help: "PDF output: pixels per inch for the page size (default: 72, or the nearest that fits).")
    var dpi: Double?

    /// Speed over size for PNG output.
    @Flag(name: .long, help: "PNG output: write faster, larger files (no row filters, zlib level 3).")
    var fast = false

    /// Raised (or lowered) budgets: `image-bytes` bounds each input's file and its decoded pixels (width × height
    /// × 4, read from its header before it is decoded); `job-seconds` the whole command.
    @Option(
        name: .customLong("limit"),
        help: ArgumentHelp(
            "Change a budget, e.g. --limit image-bytes=512M (repeatable; K, M, G suffixes allowed): each image's "
                + "file and decoded size (width x height x 4) is held to image-bytes, the whole command to "
                + "job-seconds (defaults \(Limits().imageBytes) bytes and \(Limits().jobSeconds) seconds).",
            valueName: "name=n"))
    var settings: [String] = []

    /// The defaults with every `--limit` applied.
    /// - Throws: `ValidationError` for an unknown limit name or a value that is not a positive whole number.
    func limits() throws -> Limits { try Limits(settings: settings) }

    /// The output format from the extension of `-o`.
    var format: OutputFormat? { OutputFormat(path: output) }

    func validate() throws {
        _ = try limits()
        guard !inputs.isEmpty else { throw ValidationError("Give at least one PNG or JPEG file.") }
        guard let format else {
            throw ValidationError("-o \(output): the output must end in .pdf or .png.")
        }
        if let dpi {
            guard format == .pdf else {
                throw ValidationError("--dpi sets PDF page sizes; it has no meaning for PNG output \(output).")
            }
            guard dpi.isFinite, dpi > 0 else {
                throw ValidationError("--dpi \(dpi): give a positive number of pixels per inch.")
            }
        }
    }

    func run() throws {
        if format == .pdf { try writePDF() } else { try writePNGs() }
    }

    /// One page per image, each loaded as soon as it is decoded, saved atomically at the end.
    private func writePDF() throws {
        let document = try PDFDocument()
        // The first image's name titles the document, shown by viewers instead of the file name.
        if let first = inputs.first {
            try document.setInfo(
                DocumentInfo(title: URL(fileURLWithPath: first).deletingPathExtension().lastPathComponent))
            try document.setDisplaysTitle(true)
        }
        let deadline = try limits().deadline()
        for input in inputs {
            let (data, bitmap) = try decode(input)
            try Self.check(deadline, input: input)
            let resolution = dpi ?? Self.fittingDPI(width: bitmap.width, height: bitmap.height) ?? 72
            if dpi == nil, resolution != 72 {
                let note =
                    "mkpdf image: \(input) is \(bitmap.width)×\(bitmap.height) px, which at 72 dpi is "
                    + "outside the 3–14400 pt of a PDF page; using \(Int(resolution)) dpi "
                    + "(give --dpi to choose another)\n"
                FileHandle.standardError.write(Data(note.utf8))
            }
            let size = PageSize(
                width: Double(bitmap.width) * 72 / resolution, height: Double(bitmap.height) * 72 / resolution)
            guard size.isValid else {
                throw ImageCommandError.pageOutOfRange(
                    input: input, width: bitmap.width, height: bitmap.height, dpi: resolution)
            }
            let page = try document.addPage(size: size)
            if let photo = ImageFile(data), photo.format == .jpeg {
                let image = try document.loadJPEG(data, name: input)
                let corners = photo.orientation.corners(in: Rect(x: 0, y: 0, width: size.width, height: size.height))
                try page.draw(
                    image, topLeft: (corners.topLeft.x, size.height - corners.topLeft.y),
                    topRight: (corners.topRight.x, size.height - corners.topRight.y),
                    bottomLeft: (corners.bottomLeft.x, size.height - corners.bottomLeft.y))
            } else {
                try page.draw(
                    document.loadImage(bitmap, name: input), x: 0, y: 0, width: size.width, height: size.height)
            }
        }
        let url = URL(fileURLWithPath: output)
        try document.save(to: url)
        print(url.standardizedFileURL.path)
    }

    /// Throws the `job-seconds` limit, with the time the command really ran, once `deadline` has passed.
    private static func check(_ deadline: Deadline, input: String) throws(ImageCommandError) {
        if deadline.hasPassed { throw .limit(input: input, deadline.exceeded) }
    }

    /// The page resolution when --dpi is absent: 72 (one pixel = one point) when that makes a valid page, else the
    /// whole dpi nearest to 72 that keeps both sides within 3–14400 pt; nil when no resolution does (the aspect ratio
    /// is beyond 4800:1).
    static func fittingDPI(width: Int, height: Int) -> Double? {
        let short = Double(min(width, height))
        let long = Double(max(width, height))
        let highest = (short * 72 / PageSize.allowedSides.lowerBound).rounded(.down)
        let lowest = (long * 72 / PageSize.allowedSides.upperBound).rounded(.up)
        guard lowest <= highest, highest > 0 else { return nil }
        return min(max(72, lowest), highest)
    }

    /// Reads and decodes one input, its pixels turned upright (a JPEG's EXIF orientation); errors name it as the
    /// user typed it.
    /// The file and its decoded size are held to `image-bytes` before the pixels are decoded.
    private func decode(_ input: String) throws -> (data: Data, upright: Bitmap) {
        let maximum = try limits().imageBytes
        let url = URL(fileURLWithPath: input)
        if let size = (try? FileManager.default.attributesOfItem(atPath: url.path))?[.size] as? Int, size > maximum {
            throw ImageCommandError.limit(
                input: input,
                LimitExceeded(
                    limit: "image-bytes", what: "the image file holds", value: size, maximum: maximum, unit: "bytes"))
        }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw PNGError(name: input, reason: .unreadable(error.localizedDescription))
        }
        // A file grown since its size was read is held to the same budget.
        if data.count > maximum {
            throw ImageCommandError.limit(
                input: input,
                LimitExceeded(
                    limit: "image-bytes", what: "the image file holds", value: data.count, maximum: maximum,
                    unit: "bytes"))
        }
        if let decoded = ImageFile(data)?.decodedBytes, decoded > maximum {
            throw ImageCommandError.limit(
                input: input,
                LimitExceeded(
                    limit: "image-bytes", what: "the image decodes to", value: decoded, maximum: maximum,
                    unit: "bytes"))
        }
        let bitmap = try Bitmap(decodingImage: data, name: input)
        return (data, bitmap.turned(ImageFile(data)?.orientation ?? .up))
    }

    /// Decodes and encodes every input first, then writes each file atomically. The whole command is one job under
    /// `job-seconds`: checked after each decode and inside the encoder (which stops between bands or chunks).
    private func writePNGs() throws {
        let deadline = try limits().deadline()
        var encoder = PNGEncoder(compression: fast ? .fast : .balanced)
        encoder.stop = { deadline.hasPassed }
        let encoded = try inputs.map { input in
            let bitmap = try decode(input).upright
            try Self.check(deadline, input: input)
            do {
                return try encoder.encode(bitmap, name: input)
            } catch {
                try Self.check(deadline, input: input)
                throw error
            }
        }
        let targets = RenderedDocument.fileNames(for: output, count: inputs.count).map { URL(fileURLWithPath: $0) }
        do {
            try AtomicFile.writeAll(zip(targets, encoded).map { ($0.path, $1) }, durability: .unflushed)
        } catch {
            throw ImageCommandError.cannotWrite(path: error.path, reason: "could not \(error.step) (\(error.reason))")
        }
        for target in targets { print(target.standardizedFileURL.path) }
    }
}

/// Why `mkpdf image` stopped, beyond what the PNG and Haru errors say.
enum ImageCommandError: Problem, CustomStringConvertible, LocalizedError {
    /// The page for this image would fall outside libHaru's 3–14400 pt.
    case pageOutOfRange(input: String, width: Int, height: Int, dpi: Double)
    /// The output file could not be written.
    case cannotWrite(path: String, reason: String)
    /// An input's file or decoded pixels are over a budget (`image-bytes`).
    case limit(input: String, LimitExceeded)

    var description: String {
        switch self {
        case let .pageOutOfRange(input, width, height, dpi):
            let points = "\(format(Double(width) * 72 / dpi))×\(format(Double(height) * 72 / dpi)) pt"
            let lowest = 72 * Double(max(width, height)) / 14400
            let highest = 72 * Double(min(width, height)) / 3
            let fix =
                lowest <= highest
                ? "pass --dpi between \(format(lowest.rounded(.up))) and \(format(highest.rounded(.down)))"
                : "the image's aspect ratio cannot fit; crop or pad it"
            return
                "\(input): a \(width)×\(height) image at \(format(dpi)) dpi makes a \(points) page, outside the 3–14400 pt PDF pages allow; \(fix)"
        case let .cannotWrite(path, reason):
            return "\(path): cannot write the PNG (\(reason)); check that the folder exists and is writable"
        case let .limit(input, limit):
            return "\(input): \(limit.description)"
        }
    }

    var errorDescription: String? { description }

    /// What must change: the `--dpi` (`badRequest`), the folder written to (`io`), or the input (`limit`).
    var kind: ProblemKind {
        switch self {
        case .pageOutOfRange: .badRequest
        case .cannotWrite: .io
        case .limit(_, let exceeded): exceeded.kind
        }
    }

    /// The input image, or the file that could not be written.
    var place: ProblemPlace {
        switch self {
        case .pageOutOfRange(let input, _, _, _), .limit(let input, _): ProblemPlace(file: input)
        case .cannotWrite(let path, _): ProblemPlace(file: path)
        }
    }

    /// The budget the input went over.
    var limitExceeded: LimitExceeded? {
        if case .limit(_, let exceeded) = self { exceeded } else { nil }
    }

    /// A number without a needless ".0".
    private func format(_ value: Double) -> String {
        Int(exactly: value).map(String.init) ?? String(format: "%.2f", value)
    }
}
