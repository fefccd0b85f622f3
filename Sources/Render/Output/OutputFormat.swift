import DrawingModule
import Foundation

/// What a document is rendered to: a name, the file extension that selects it, and the backend that makes its files.
///
/// The one list of formats (`builtIn`) and the one place a file name's extension becomes a format. A new format is one
/// `static let` here and one backend (a `RenderTarget` per page and the files it makes), in the way cairo has one
/// surface backend per output and typst one function per format.
public struct OutputFormat: Sendable, Hashable, RawRepresentable, CustomStringConvertible {
    /// The format's name, which is also its file extension: `pdf`, `png`.
    public let rawValue: String
    /// Makes the format's files.
    let backend: any OutputBackend

    /// A vector PDF through libHaru: one file for the whole document.
    public static let pdf = OutputFormat(name: "pdf", backend: PDFBackend())
    /// PNG through cairo and libpng: one file per page.
    public static let png = OutputFormat(name: "png", backend: PNGBackend())
    /// Every format the commands accept, in the order help texts list them.
    public static let builtIn: [OutputFormat] = [.pdf, .png]

    /// A format made by `backend`, named `name` (and files ending in `.name`).
    init(name: String, backend: any OutputBackend) {
        rawValue = name
        self.backend = backend
    }

    /// The built-in format called `rawValue` (any case), or nil.
    public init?(rawValue: String) {
        guard let format = Self.builtIn.first(where: { $0.rawValue == rawValue.lowercased() }) else { return nil }
        self = format
    }

    /// The built-in format a file name's extension names (`.pdf`, `.png`, any case), or nil.
    public init?(path: String) {
        self.init(rawValue: URL(fileURLWithPath: path).pathExtension)
    }

    /// The format of an output: `explicit` when given, else the extension of `path`, else PDF (no path: a default
    /// name is made later).
    /// - Throws: `RenderError.unknownFormat` for a path whose extension names no format (and no `explicit`), or one
    ///   that contradicts `explicit`.
    public static func of(path: String?, explicit: OutputFormat? = nil) throws(RenderError) -> OutputFormat {
        let fromExtension = path.flatMap { OutputFormat(path: $0) }
        if let path, path != "-", fromExtension == nil, explicit == nil {
            throw .unknownFormat(path: path, explicit: nil, known: builtIn.map(\.rawValue))
        }
        if let path, let explicit, let fromExtension, explicit != fromExtension {
            throw .unknownFormat(path: path, explicit: explicit.rawValue, known: builtIn.map(\.rawValue))
        }
        return explicit ?? fromExtension ?? .pdf
    }

    /// The names of every built-in format, for messages: `pdf or png`.
    public static var names: String {
        let names = builtIn.map(\.rawValue)
        return names.dropLast().joined(separator: ", ") + (names.count > 1 ? " or " : "") + (names.last ?? "")
    }

    /// True when each page is a file of its own.
    public var filePerPage: Bool { backend.filePerPage }

    /// The name.
    public var description: String { rawValue }

    /// Formats are the same when their names are.
    public static func == (left: OutputFormat, right: OutputFormat) -> Bool { left.rawValue == right.rawValue }

    /// Hashes the name.
    public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }
}
