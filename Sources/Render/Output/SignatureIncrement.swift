import DrawingModule
import Foundation
import QPDF

/// The incremental update that carries a signature (ISO 32000-1 §7.5.6, §12.8): written after a PDF's `%%EOF`, it
/// adds the signature dictionary (`/Type /Sig`, `/SubFilter /ETSI.CAdES.detached`, `/ByteRange`, a zero-filled
/// `/Contents` placeholder), one signature field merged with its widget annotation and its
/// appearance stream, and new versions of the catalog (with `/AcroForm`, `/SigFlags 3`) and the page (with the widget
/// in `/Annots`) — in a tagged PDF also a `/Form` structure element holding the widget and new versions of the tree's
/// top element, parent tree and root — then a cross-reference section and a trailer whose `/Prev` is the last revision's.
///
/// The objects the update rewrites are qpdf's unparsed text of them (`PDFRevision`); only the new keys are written
/// here. Every number in the update has a fixed width, so the `/ByteRange` is known before the digest is taken.
struct SignatureIncrement {
    /// The last revision's facts.
    var revision: PDFRevision
    /// The last revision's cross-reference offset (`startxref`).
    var previousXref: Int
    /// The certificate's common name, the signature's `/Name`.
    var signerName: String
    /// The signature dictionary's `/M`.
    var date: Date
    /// A visible field, or nil for an invisible one.
    var field: Document.SignatureField?
    /// The bytes the `/Contents` placeholder holds.
    var reservedBytes: Int

    /// The width `/ByteRange` numbers are padded to.
    private static let numberWidth = 10

    /// Appends the update to `pdf` and returns the range of the `/Contents` hex string, `<` and `>` included, which
    /// the `/ByteRange` written leaves out.
    func append(to pdf: inout Data) -> Range<Int> {
        let signature = revision.size
        let widget = signature + 1
        let appearance = widget + 1
        let start = pdf.count
        var text = pdf.last == 0x0A ? "" : "\n"
        var offsets: [(number: Int, generation: Int, offset: Int)] = []
        func object(_ number: Int, generation: Int = 0, _ body: String) {
            offsets.append((number, generation, start + text.utf8.count))
            text += "\(number) \(generation) obj\n\(body)\nendobj\n"
        }

        offsets.append((signature, 0, start + text.utf8.count))
        text += "\(signature) 0 obj\n<< /Type /Sig /Filter /Adobe.PPKLite /SubFilter /ETSI.CAdES.detached "
        let byteRangeStart = start + text.utf8.count
        let byteRangeWidth = "/ByteRange [".utf8.count + 4 * Self.numberWidth + 4
        text += String(repeating: " ", count: byteRangeWidth) + " /Contents "
        let contentsStart = start + text.utf8.count
        let contentsEnd = contentsStart + 2 * reservedBytes + 2
        text += "<" + String(repeating: "0", count: 2 * reservedBytes) + ">"
        text += " /M (\(Self.pdfDate(date))) /Name \(Self.textString(signerName)) >>\nendobj\n"

        let rect = widgetRect()
        // The first SignatureN no field of the form is called.
        let name = (1...).lazy.map { "Signature\($0)" }.first { !revision.fieldNames.contains($0) } ?? "Signature"
        var widgetBody =
            "<< /Type /Annot /Subtype /Widget /FT /Sig /T (\(name)) /V \(signature) 0 R /F 132 "
            + "/Rect [\(rect.map(Self.number).joined(separator: " "))] /P \(revision.page.reference)"
        if let structure = revision.structure {
            // A tagged PDF's widget is in its structure: a /Form element at the end of the reading order, the
            // field's /TU what a screen reader says of it.
            widgetBody += " /StructParent \(structure.nextKey) /TU \(Self.textString("電子署名 \(signerName)"))"
            let element = appearance + 1
            let page = revision.page.reference
            object(
                element,
                "<< /Type /StructElem /S /Form /P \(structure.container.reference) /Pg \(page) "
                    + "/K << /Type /OBJR /Obj \(widget) 0 R /Pg \(page) >> >>")
            object(
                structure.container.number, generation: structure.container.generation,
                Self.adding(
                    "/K [" + (structure.kids + ["\(element) 0 R"]).joined(separator: " ") + "]",
                    to: structure.container.dictionary))
            object(
                structure.parentTree.number, generation: structure.parentTree.generation,
                Self.adding(
                    "/Nums [" + (structure.numbers + ["\(structure.nextKey) \(element) 0 R"]).joined(separator: " ")
                        + "]",
                    to: structure.parentTree.dictionary))
            object(
                structure.root.number, generation: structure.root.generation,
                Self.adding("/ParentTreeNextKey \(structure.nextKey + 1)", to: structure.root.dictionary))
        }
        object(widget, widgetBody + " /AP << /N \(appearance) 0 R >> >>")
        if let form = revision.form {
            // A form of mkpdf's own (an indirect /AcroForm): the signature joins its fields.
            let fields = (revision.formFields + ["\(widget) 0 R"]).joined(separator: " ")
            object(
                form.number, generation: form.generation,
                Self.adding("/Fields [\(fields)] /SigFlags 3", to: form.dictionary))
        } else {
            object(
                revision.root.number, generation: revision.root.generation,
                Self.adding("/AcroForm << /Fields [\(widget) 0 R] /SigFlags 3 >>", to: revision.root.dictionary))
        }
        object(
            revision.page.number, generation: revision.page.generation,
            Self.adding(
                "/Annots [" + (revision.annotations + ["\(widget) 0 R"]).joined(separator: " ") + "]",
                to: revision.page.dictionary))
        // Every widget has an appearance (PDF/A-1b requires one even for an invisible field): a thin grey frame
        // shows where a visible signature is, and viewers draw their own status over it; an invisible one is empty.
        let width = Self.number(rect[2] - rect[0])
        let height = Self.number(rect[3] - rect[1])
        let stream = field == nil ? "" : "0.5 w 0.5 G 0.25 0.25 \(width) \(height) re S"
        object(
            appearance,
            "<< /Type /XObject /Subtype /Form /BBox [0 0 \(width) \(height)] /Length \(stream.utf8.count) >>"
                + "\nstream\n\(stream)\nendstream")

        let xref = start + text.utf8.count
        text += "xref\n"
        for entry in offsets.sorted(by: { $0.number < $1.number }) {
            text += "\(entry.number) 1\n\(Self.padded(entry.offset, 10)) \(Self.padded(entry.generation, 5)) n \n"
        }
        let size = max(revision.size, (offsets.map(\.number).max() ?? 0) + 1)
        var trailer = "/Size \(size) /Root \(revision.root.reference)"
        if let info = revision.info { trailer += " /Info \(info)" }
        if let id = revision.id { trailer += " /ID \(id)" }
        text += "trailer\n<< \(trailer) /Prev \(previousXref) >>\nstartxref\n\(xref)\n%%EOF\n"
        pdf.append(contentsOf: Array(text.utf8))

        let ranges = [0, contentsStart, contentsEnd, pdf.count - contentsEnd].map(String.init)
        let byteRange = ("/ByteRange [" + ranges.joined(separator: " ") + "]")
            .padding(toLength: byteRangeWidth, withPad: " ", startingAt: 0)
        pdf.replaceSubrange(byteRangeStart..<byteRangeStart + byteRangeWidth, with: Array(byteRange.utf8))
        return contentsStart..<contentsEnd
    }

    /// Writes `der` as hex into the `/Contents` placeholder at `range` (zero-padded, as readers expect).
    static func fill(_ pdf: inout Data, contents range: Range<Int>, with der: [UInt8]) {
        let digits = Array("0123456789ABCDEF".utf8)
        var hex: [UInt8] = []
        hex.reserveCapacity(der.count * 2)
        for byte in der {
            hex.append(digits[Int(byte >> 4)])
            hex.append(digits[Int(byte & 0x0F)])
        }
        pdf.replaceSubrange(range.lowerBound + 1..<range.lowerBound + 1 + hex.count, with: hex)
    }

    /// The offset after the last `startxref` keyword, or nil.
    static func startXref(of pdf: Data) -> Int? {
        let tail = pdf.suffix(1024)
        guard let text = String(data: tail, encoding: .isoLatin1),
            let keyword = text.range(of: "startxref", options: .backwards)
        else { return nil }
        let digits = text[keyword.upperBound...].drop(while: { $0.isWhitespace }).prefix(while: { $0.isNumber })
        return Int(digits)
    }

    /// The widget's rectangle in PDF coordinates (left, bottom, right, top): the field's, flipped on the page's
    /// media box, or all zero for an invisible signature.
    private func widgetRect() -> [Double] {
        guard let field, revision.mediaBox.count == 4 else { return [0, 0, 0, 0] }
        let left = revision.mediaBox[0] + field.rect.x
        let top = revision.mediaBox[3] - field.rect.y
        return [left, top - field.rect.height, left + field.rect.width, top]
    }

    /// A dictionary's text with `entry` added before its closing `>>`.
    private static func adding(_ entry: String, to dictionary: String) -> String {
        var text = dictionary.trimmingCharacters(in: .whitespacesAndNewlines)
        if text.hasSuffix(">>") { text.removeLast(2) }
        return text + " " + entry + " >>"
    }

    /// A PDF date in UTC: `D:YYYYMMDDHHmmSS+00'00'`.
    private static func pdfDate(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        let fields = [parts.month, parts.day, parts.hour, parts.minute, parts.second].map { padded($0 ?? 0, 2) }
        return "D:" + padded(parts.year ?? 1970, 4) + fields.joined() + "+00'00'"
    }

    /// A text string as UTF-16BE with its byte-order mark, in hex: any name (髙橋, 𠮷野) without escaping.
    private static func textString(_ text: String) -> String {
        "<FEFF" + text.utf16.map { padded(Int($0), 4, radix: 16) }.joined() + ">"
    }

    /// A number in PDF syntax: an integer when whole (and one an `Int` holds), else up to three decimals.
    private static func number(_ value: Double) -> String {
        Int(exactly: value).map(String.init) ?? String(format: "%.3f", value)
    }

    private static func padded(_ value: Int, _ width: Int, radix: Int = 10) -> String {
        let digits = String(value, radix: radix, uppercase: true)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
