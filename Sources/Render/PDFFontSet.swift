import Drawing
import Fonts
import Foundation
import Haru

/// The fonts of one PDF being built: each font file loaded into libHaru once, as a subset holding exactly the
/// characters the whole document uses, or as libHaru's Japanese CID fonts in `.cid` mode.
///
/// libHaru 2.3.0 loads TrueType only from a file and reads it again when the PDF is written, so subsets are files
/// shared through `SubsetFiles`: this object holds the ones its document uses until `removeFiles()` (or deinit).
final class PDFFontSet {
    /// A font ready for text, with how its text is laid out.
    struct Entry {
        /// libHaru's font.
        var font: PDFFont
        /// True for a CID font whose widths are libHaru's, not the font file's.
        var isCID: Bool
    }

    private let document: PDFDocument
    private let mode: PDFFontMode
    private let subsets: Bool
    /// Every character each font file must draw, keyed by `key(for:)`: two logical names may share one file, and
    /// libHaru keeps only the first font of a given PostScript name, so a file gets one subset with all of them.
    private var characters: [String: String] = [:]
    private var loaded: [String: Entry] = [:]
    /// `key(for:)` of each face seen (held, so its identifier stays its own), so a path is normalised once per
    /// document, not once per text.
    private var keys: [ObjectIdentifier: (face: FontFace, key: String)] = [:]
    /// The subset files this document's fonts were loaded from, kept until its bytes exist.
    private var held: [SubsetFile] = []

    /// The logical names `.cid` mode maps to libHaru's Japanese fonts.
    static let cidFonts: [String: JapaneseFont] = ["gothic": .msGothic, "mincho": .msMincho]

    init(document: PDFDocument, mode: PDFFontMode, subsets: Bool) {
        self.document = document
        self.mode = mode
        self.subsets = subsets
    }

    deinit {
        removeFiles()
    }

    /// Records that `text` will be drawn with `face`, so its subset holds those characters.
    func register(_ text: String, face: FontFace) {
        characters[key(for: face), default: ""] += text
    }

    /// The font for a text command in logical font `name`, opened as `face`; loaded on first use.
    func font(named name: String, face: FontFace, location: RenderLocation) throws -> Entry {
        if mode == .cid, let japanese = Self.cidFonts[name] {
            if let entry = loaded["cid:" + name] { return entry }
            // 90msp-RKSJ-H, not 90ms-RKSJ-H: it maps ASCII bytes to Adobe-Japan1 CIDs 1–95, which poppler reads back
            // as ASCII; 90ms-RKSJ-H's CIDs 231+ read "-" back as U+2011. libHaru writes the same widths (500 for
            // MS-Gothic's and MS-Mincho's ASCII) for both, so layout and looks do not change.
            let entry = Entry(font: try document.font(japanese, encoding: .proportionalRKSJH), isCID: true)
            loaded["cid:" + name] = entry
            return entry
        }
        let key = key(for: face)
        if let entry = loaded[key] { return entry }
        let file = subsets ? try writeSubset(of: face) : face.url
        let entry = Entry(font: try document.loadTrueTypeFont(at: file), isCID: false)
        loaded[key] = entry
        return entry
    }

    /// One font file (face `index` of `url`).
    private func key(for face: FontFace) -> String {
        if let known = keys[ObjectIdentifier(face)] { return known.key }
        let key = face.url.standardizedFileURL.path + "#\(face.index)"
        keys[ObjectIdentifier(face)] = (face, key)
        return key
    }

    /// Lets go of the subset files; call once the PDF's bytes exist.
    func removeFiles() {
        held.removeAll()
    }

    private func writeSubset(of face: FontFace) throws -> URL {
        let text = characters[key(for: face)] ?? ""
        let file = try SubsetFiles.shared.file(of: face, keeping: SubsetFiles.widened(text))
        held.append(file)
        return file.url
    }
}
