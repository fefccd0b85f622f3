import CHaru
import Foundation

extension PDFPage {
    /// Makes the rectangle whose lower-left corner is (`x`, `y`) a link to `uri` (a `/Link` annotation with a
    /// `/URI` action), drawn with no border: how a link looks is the page's own drawing.
    ///
    /// Characters outside printable ASCII are percent-encoded as UTF-8 (a PDF URI is 7-bit ASCII), so
    /// `https://例え.jp/会員` still opens.
    /// `contents`, when given, is the annotation's `/Contents`: what the link is, told to a reader (a tagged PDF's).
    /// - Returns: the annotation, for a tagged PDF's structure (`PDFStructureElement.Kid.annotation`).
    /// - Throws: `HaruError` for numbers that are not finite, an empty URI, or libHaru's error.
    @discardableResult
    package func addLink(
        x: Double, y: Double, width: Double, height: Double, uri: String, contents: String? = nil
    ) throws -> PDFAnnotation {
        let argument = "link to \(uri) at (\(x), \(y)) size \(width)×\(height)"
        let rect = try linkRect(x: x, y: y, width: width, height: height, argument: argument)
        var ascii = ""
        for scalar in uri.unicodeScalars {
            if (0x21..<0x7F).contains(scalar.value) {
                ascii.unicodeScalars.append(scalar)
            } else {
                ascii += String(scalar).utf8.map { String(format: "%%%02X", $0) }.joined()
            }
        }
        guard !ascii.isEmpty else {
            try document.ensureUsable("add a link", "\(label), \(argument)")
            throw document.reject(
                code: 0x1039, operation: "add a link", argument: "\(label), \(argument)", hint: "give a URI.")
        }
        let annotation = try document.make("add a link", "\(label), \(argument)") { _ in
            HPDF_Page_CreateURILinkAnnot(handle, rect, ascii)
        }
        try document.check("add a link", "\(label), \(argument)") { _ in
            HPDF_LinkAnnot_SetBorderStyle(annotation, 0, 0, 0)
        }
        return try described(annotation, contents: contents, argument: argument)
    }

    /// `annotation` with its `/Contents` when `contents` is given (a tagged PDF's link), and then printed with the
    /// page (`/F 4`) as its structure says it is there.
    private func described(_ annotation: HPDF_Annotation, contents: String?, argument: String) throws -> PDFAnnotation {
        if let contents {
            let objects = PDFObjectBuilder(document: document, operation: "add a link")
            try objects.add(annotation, "Contents", try objects.textString(contents))
            try objects.number(annotation, "F", 4)
        }
        return PDFAnnotation(handle: annotation, page: index)
    }

    /// Makes the rectangle whose lower-left corner is (`x`, `y`) a link to `page` of the same document, shown from
    /// `left`, `top` (a `/Link` annotation whose `/Dest` is `[page /XYZ left top 0]`: the zoom is kept), with no
    /// border.
    /// `contents`, when given, is the annotation's `/Contents`.
    /// - Returns: the annotation, for a tagged PDF's structure.
    /// - Throws: `HaruError` for a page of another document, numbers that are not finite, or libHaru's error.
    @discardableResult
    package func addLink(
        x: Double, y: Double, width: Double, height: Double, to page: PDFPage, left: Double, top: Double,
        contents: String? = nil
    ) throws -> PDFAnnotation {
        let argument = "link to page \(page.index) at (\(x), \(y)) size \(width)×\(height)"
        let rect = try linkRect(x: x, y: y, width: width, height: height, argument: argument)
        guard page.document === document, left.isFinite, top.isFinite else {
            try document.ensureUsable("add a link", "\(label), \(argument)")
            throw document.reject(
                code: 0x1023, operation: "add a link", argument: "\(label), \(argument)",
                hint: "point links at pages of the same document, at a finite place.")
        }
        let destination = try document.make("add a link", "\(label), \(argument)") { _ in
            HPDF_Page_CreateDestination(page.handle)
        }
        // libHaru takes a zoom of 0.08 to 32 only; PDF's 0 keeps the reader's zoom, so it is written on the object
        // layer after libHaru built the array [page /XYZ left top zoom].
        try document.check("add a link", "\(label), \(argument)") { _ in
            HPDF_Destination_SetXYZ(destination, HPDF_REAL(max(0, left)), HPDF_REAL(max(0, top)), 1)
        }
        guard let zoom = HPDF_Array_GetItem(destination, 4, HPDF_UINT16(HPDF_OCLASS_REAL)) else {
            throw document.reject(
                code: 0x1039, operation: "add a link", argument: "\(label), \(argument)",
                hint: "libHaru's destination array has no zoom entry; report it as an mkpdf bug.")
        }
        zoom.assumingMemoryBound(to: HPDF_Real_Rec.self).pointee.value = 0
        let annotation = try document.make("add a link", "\(label), \(argument)") { _ in
            HPDF_Page_CreateLinkAnnot(handle, rect, destination)
        }
        try document.check("add a link", "\(label), \(argument)") { _ in
            HPDF_LinkAnnot_SetBorderStyle(annotation, 0, 0, 0)
        }
        return try described(annotation, contents: contents, argument: argument)
    }

    /// libHaru's rectangle (left, bottom, right, top) for a link, refusing numbers that are not finite.
    private func linkRect(x: Double, y: Double, width: Double, height: Double, argument: String) throws -> HPDF_Rect {
        guard [x, y, width, height].allSatisfy(\.isFinite) else {
            try document.ensureUsable("add a link", "\(label), \(argument)")
            throw document.reject(
                code: 0x1039, operation: "add a link", argument: "\(label), \(argument)", hint: "give finite numbers.")
        }
        return HPDF_Rect(
            left: HPDF_REAL(x), bottom: HPDF_REAL(y), right: HPDF_REAL(x + width), top: HPDF_REAL(y + height))
    }
}
