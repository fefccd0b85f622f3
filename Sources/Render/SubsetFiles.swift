import Fonts
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Font subsets written to disk once per process and shared by every PDF that needs the same glyph set.
///
/// libHaru 2.3.0 loads TrueType only from a file, so a subset must exist as a file while a PDF is built and saved.
/// A batch of tickets differs only in a few digits: each subset keeps the document's characters plus all printable
/// ASCII (`widened(_:)`), so the whole batch shares one file instead of subsetting, writing and deleting one per
/// ticket. libHaru embeds the outlines of used glyphs only, so the extra ASCII costs 384 bytes of cmap, metrics and
/// widths per ticket (measured against widening by the digits alone) but makes ASCII one cmap segment instead of a
/// dozen, and libHaru looks up all 65,536 code points linearly through the segments for every document: 35 instead
/// of 39 million instructions per ticket (callgrind).
///
/// Ownership: each file belongs to one `SubsetFile`, which unlinks it in `deinit`; the cache and every PDF being
/// built hold references, so a file evicted from the bounded cache lives until the last PDF using it is written.
/// Files still cached at exit are removed with their folder by an `atexit` handler.
final class SubsetFiles: @unchecked Sendable {
    /// The process's cache.
    static let shared = SubsetFiles()

    /// A face and the code points its subset keeps.
    private struct Key: Hashable {
        var face: String
        var codePoints: Set<UInt32>
    }

    private let lock = NSLock()
    private var files: [Key: SubsetFile] = [:]
    private var folder: String?
    private var counter = 0
    /// Distinct glyph sets kept at once; a batch needs one, a varied workload a few.
    private let limit = 64

    private init() {}

    /// The code points a subset of a document using `characters` keeps: those plus printable ASCII.
    static func widened(_ characters: String) -> Set<UInt32> {
        var codePoints = Set<UInt32>(0x20...0x7E)
        for scalar in characters.unicodeScalars { codePoints.insert(scalar.value) }
        return codePoints
    }

    /// The subset file of `face` keeping `codePoints`, made on first request.
    /// - Throws: `FontError` when HarfBuzz cannot subset, `RenderError.output` when the file cannot be written.
    func file(of face: FontFace, keeping codePoints: Set<UInt32>) throws -> SubsetFile {
        let key = Key(face: face.url.path + "#\(face.index)", codePoints: codePoints)
        lock.lock()
        defer { lock.unlock() }
        if let file = files[key] { return file }
        var scalars = String.UnicodeScalarView()
        for value in codePoints.sorted() {
            if let scalar = Unicode.Scalar(value) { scalars.append(scalar) }
        }
        let bytes = try face.subset(for: String(scalars))
        let folder = try self.folderLocked()
        counter += 1
        let path = folder + "/subset-\(counter).ttf"
        try OutputFile.write(bytes, to: URL(fileURLWithPath: path))
        let file = SubsetFile(url: URL(fileURLWithPath: path))
        if files.count >= limit { files.removeAll(keepingCapacity: true) }
        files[key] = file
        return file
    }

    /// The private folder the files go in, made on first use and removed at exit.
    private func folderLocked() throws(RenderError) -> String {
        if let folder { return folder }
        let temporary = FileManager.default.temporaryDirectory.path
        let prefix = (temporary.hasSuffix("/") ? temporary : temporary + "/") + "mkpdf-fonts-XXXXXX"
        var template = Array(prefix.utf8CString)
        guard mkdtemp(&template) != nil else {
            throw .output(path: temporary, reason: "cannot create a folder for font subsets ("
                          + String(cString: strerror(errno)) + ")")
        }
        let made = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        folder = made
        atexit { SubsetFiles.shared.removeFolder() }
        return made
    }

    /// Deletes the folder and everything left in it (at process exit).
    private func removeFolder() {
        lock.lock()
        defer { lock.unlock() }
        guard let folder else { return }
        try? FileManager.default.removeItem(atPath: folder)
        self.folder = nil
    }
}

/// One subset font file on disk, deleted when the last PDF and the cache let go of it.
final class SubsetFile: @unchecked Sendable {
    /// Where it is.
    let url: URL

    init(url: URL) {
        self.url = url
    }

    deinit {
        unlink(url.path)
    }
}
