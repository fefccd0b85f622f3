import CQPDF
import Foundation
import QPDF

/// The parts of PDF/A mkpdf can check itself (`ValidationOptions.archivePart`, `mkpdf validate --pdfa`): XMP
/// metadata present, naming the part, in sync with the information dictionary; an OutputIntent with its ICC profile;
/// no encryption; a `/CIDSet` in every subset CIDFont; form fields drawn by their own appearances (no
/// `/NeedAppearances true`, every widget with an `/AP` holding `/N` alone). Fonts embedded are checked by `Rules` (the option makes a
/// missing one an error). Full conformance — colour spaces in content, XMP schemas, the ICC profile's version,
/// hundreds of clauses more — needs a validator such as veraPDF or PDFBox Preflight.
enum ArchiveRules {
    /// Every problem found in `document` for PDF/A-`part` of `conformance` (`B`, or `A`: tagged as well).
    static func findings(in document: QPDFDocument, part: Int, conformance: String = "B") -> [Finding] {
        var problems: [String] = []
        let root = document.root
        let info = document.value(document.trailer, "/Info")
        if let metadata = document.value(root, "/Metadata"), let bytes = document.streamData(metadata) {
            let xmp = String(decoding: bytes, as: UTF8.self)
            let declared = xmpValue(xmp, "pdfaid:part")
            if declared != String(part) {
                problems.append("the XMP names PDF/A part \(declared ?? "none"), not \(part)")
            }
            if xmpValue(xmp, "pdfaid:conformance") != conformance {
                problems.append("the XMP names no conformance \(conformance)")
            }
            let pairs = [("/Title", "dc:title"), ("/Author", "dc:creator"), ("/Producer", "pdf:Producer")]
            for (key, property) in pairs {
                let infoValue = info.flatMap { document.text(document.value($0, key)) }
                let xmpText = xmpValue(xmp, property)
                if infoValue != xmpText {
                    problems.append(
                        "Info \(key) and XMP \(property) differ (\(infoValue.map { "\"\($0)\"" } ?? "absent") vs "
                            + "\(xmpText.map { "\"\($0)\"" } ?? "absent"))")
                }
            }
        } else {
            problems.append("the catalog has no XMP /Metadata stream")
        }
        let intents = document.items(document.value(root, "/OutputIntents"))
        if !intents.contains(where: {
            document.name(document.value($0, "/S")) == "/GTS_PDFA1" && document.value($0, "/DestOutputProfile") != nil
        }) {
            problems.append("the catalog has no /GTS_PDFA1 OutputIntent with a DestOutputProfile")
        }
        if document.value(document.trailer, "/Encrypt") != nil { problems.append("the file is encrypted") }
        problems += missingCIDSets(in: document)
        problems += formProblems(in: document)
        if conformance == "A" { problems += taggingProblems(in: document) }
        return problems.map {
            Finding(rule: .archive, severity: .error, message: "PDF/A-\(part)\(conformance.lowercased()): \($0)")
        }
    }

    /// What an accessible level (a) wants of a tagged PDF that the catalog shows: a structure tree with a parent
    /// tree, `/MarkInfo /Marked true` and a `/Lang`.
    private static func taggingProblems(in document: QPDFDocument) -> [String] {
        let root = document.root
        var problems: [String] = []
        if let tree = document.value(root, "/StructTreeRoot") {
            if document.value(tree, "/ParentTree") == nil { problems.append("the structure tree has no /ParentTree") }
        } else {
            problems.append("the catalog has no /StructTreeRoot (an accessible level is a tagged PDF)")
        }
        if document.boolean(document.value(document.value(root, "/MarkInfo") ?? 0, "/Marked")) != true {
            problems.append("the catalog has no /MarkInfo << /Marked true >>")
        }
        if document.text(document.value(root, "/Lang")) == nil { problems.append("the catalog has no /Lang") }
        return problems
    }

    /// Subset CIDFonts (a `ABCDEF+` name) whose descriptor has no `/CIDSet`, as PDF/A-1 requires.
    private static func missingCIDSets(in document: QPDFDocument) -> [String] {
        guard case .success(let count) = document.pageCount() else { return [] }
        var seen: Set<String> = []
        var problems: [String] = []
        for index in 0..<count {
            let page = document.page(at: index)
            let fonts = document.value(document.value(page, "/Resources") ?? 0, "/Font")
            for key in document.keys(fonts) {
                guard let fonts, let font = document.value(fonts, key),
                    let descendant = document.items(document.value(font, "/DescendantFonts")).first,
                    let name = document.name(document.value(descendant, "/BaseFont")), seen.insert(name).inserted,
                    name.dropFirst().prefix(7).last == "+"
                else { continue }
                if document.value(document.value(descendant, "/FontDescriptor") ?? 0, "/CIDSet") == nil {
                    problems.append("font \(name.dropFirst()) is a subset without a /CIDSet")
                }
            }
        }
        return problems
    }

    /// What PDF/A (ISO 19005-1 6.9, -2 6.4.1) refuses in a form: `/NeedAppearances true`, which asks the viewer to
    /// draw fields its own way, and widgets without an appearance or with more than the normal one (`/D`, `/R`).
    private static func formProblems(in document: QPDFDocument) -> [String] {
        var problems: [String] = []
        if let form = document.value(document.root, "/AcroForm"),
            let flag = document.value(form, "/NeedAppearances"), document.type(flag) == ot_boolean,
            document.guarded(false, { qpdf_oh_get_bool_value($0, flag) != QPDF_FALSE })
        {
            problems.append("the form's /NeedAppearances is true: viewers would draw the fields their own way")
        }
        guard case .success(let count) = document.pageCount() else { return problems }
        for index in 0..<count {
            for annotation in document.items(document.value(document.page(at: index), "/Annots")) {
                guard document.name(document.value(annotation, "/Subtype")) == "/Widget" else { continue }
                let name =
                    document.text(document.value(annotation, "/T"))
                    ?? document.value(annotation, "/Parent").flatMap { document.text(document.value($0, "/T")) } ?? "?"
                let keys = document.keys(document.value(annotation, "/AP"))
                if keys.isEmpty {
                    problems.append("the widget of field \"\(name)\" on page \(index + 1) has no /AP appearance")
                } else if keys != ["/N"] {
                    problems.append(
                        "the widget of field \"\(name)\" on page \(index + 1) has appearances "
                            + keys.sorted().joined(separator: ", ") + "; PDF/A allows /N only")
                }
            }
        }
        return problems
    }

    /// The text of an XMP property written as an element (`<p>v</p>`, the first `rdf:li` of an Alt or Seq) or an
    /// attribute (`p="v"`), XML's five entities decoded.
    static func xmpValue(_ xmp: String, _ property: String) -> String? {
        var raw: Substring?
        if let open = xmp.range(of: "<\(property)>"),
            let close = xmp.range(of: "</\(property)>", range: open.upperBound..<xmp.endIndex)
        {
            var inner = xmp[open.upperBound..<close.lowerBound]
            if let li = inner.range(of: "<rdf:li"), let start = inner[li.upperBound...].firstIndex(of: ">"),
                let end = inner.range(of: "</rdf:li>")
            {
                inner = inner[inner.index(after: start)..<end.lowerBound]
            }
            raw = inner
        } else if let attribute = xmp.range(of: "\(property)=\"") {
            raw = xmp[attribute.upperBound...].prefix { $0 != "\"" }
        }
        guard let raw else { return nil }
        return raw.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&apos;", with: "'")
            .replacingOccurrences(of: "&amp;", with: "&")
    }
}
