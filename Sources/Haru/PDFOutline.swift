import CHaru

/// A bookmark in the document's outline tree; pass it as `parent` to nest others under it.
package struct PDFOutline {
    /// libHaru's outline item.
    let handle: HPDF_Outline
    /// The bookmark's title.
    package let title: String
}

/// How page numbers are written in a page label.
package enum PageNumberStyle: Sendable, Equatable {
    /// 1, 2, 3.
    case decimal
    /// I, II, III.
    case upperRoman
    /// i, ii, iii.
    case lowerRoman
    /// A, B, C.
    case upperLetters
    /// a, b, c.
    case lowerLetters

    var haru: HPDF_PageNumStyle {
        switch self {
        case .decimal: return HPDF_PAGE_NUM_STYLE_DECIMAL
        case .upperRoman: return HPDF_PAGE_NUM_STYLE_UPPER_ROMAN
        case .lowerRoman: return HPDF_PAGE_NUM_STYLE_LOWER_ROMAN
        case .upperLetters: return HPDF_PAGE_NUM_STYLE_UPPER_LETTERS
        case .lowerLetters: return HPDF_PAGE_NUM_STYLE_LOWER_LETTERS
        }
    }
}

extension PDFDocument {
    /// Adds a bookmark, at the top level or under `parent`, optionally jumping to a page.
    ///
    /// - Parameters:
    ///   - title: the bookmark's text; any Unicode (written as UTF-16).
    ///   - parent: the bookmark it goes under; nil for the top level.
    ///   - page: the page to show when the bookmark is chosen; nil for a bookmark that only groups others.
    ///   - top: the y coordinate to scroll to on that page, fitting its width; nil shows the whole page.
    ///   - opened: whether the bookmark's children show expanded.
    @discardableResult
    package func addOutline(
        _ title: String, parent: PDFOutline? = nil, page: PDFPage? = nil, top: Double? = nil,
        opened: Bool = true
    ) throws -> PDFOutline {
        let argument = "outline \"\(title)\"" + (page.map { ", page \($0.index)" } ?? "")
        try ensureUsable("add an outline", argument)
        if let page, page.document !== self {
            throw reject(
                code: 0x1023, operation: "add an outline", argument: argument,
                hint: "point outlines at pages of the same document.")
        }
        let outline = try withUTF8Encoder(operation: "add an outline", argument: argument) {
            try make("add an outline", argument) { doc in
                HPDF_CreateOutline(doc, parent?.handle, title, HPDF_GetEncoder(doc, "UTF-8"))
            }
        }
        try check("open or close the outline", argument) { _ in
            HPDF_Outline_SetOpened(outline, opened ? HPDF_TRUE : HPDF_FALSE)
        }
        if let page {
            // A direct array, not libHaru's indirect destination object: PDFBox (Preflight 2.0) cannot read an
            // outline's /Dest given by reference, and the reference costs an object.
            let objects = PDFObjectBuilder(document: self, operation: "set the outline destination")
            let destination = try objects.array()
            try objects.append(destination, UnsafeMutableRawPointer(page.handle))
            try objects.call { HPDF_Array_AddName(destination, top == nil ? "Fit" : "FitH") }
            if let top { try objects.call { HPDF_Array_AddReal(destination, HPDF_REAL(top)) } }
            try objects.add(outline, "Dest", UnsafeMutableRawPointer(destination))
        }
        return PDFOutline(handle: outline, title: title)
    }

    /// Labels pages from `pageIndex` (0-based) on: `prefix` then numbers in `style` starting at `firstNumber`
    /// (e.g. i, ii for a preface, then 1, 2 from the first chapter).
    ///
    /// - Throws: `HaruError` for a negative index or number, or a prefix that is not printable ASCII (libHaru
    ///   writes it without encoding).
    package func addPageLabel(
        fromPage pageIndex: Int, style: PageNumberStyle, firstNumber: Int = 1,
        prefix: String? = nil
    ) throws {
        let argument =
            "page \(pageIndex), style \(style), first number \(firstNumber)"
            + (prefix.map { ", prefix \"\($0)\"" } ?? "")
        try ensureUsable("add a page label", argument)
        guard pageIndex >= 0, pageIndex <= Int(UInt32.max), firstNumber >= 1, firstNumber <= Int(UInt32.max) else {
            throw reject(
                code: 0x1067, operation: "add a page label", argument: argument,
                hint: "give a page index from 0 and a first number from 1.")
        }
        if let prefix, !prefix.unicodeScalars.allSatisfy({ (0x20...0x7E).contains($0.value) }) {
            throw reject(
                code: 0x1039, operation: "add a page label", argument: argument,
                hint: "use a printable ASCII prefix; libHaru 2.3.0 writes page-label prefixes unencoded.")
        }
        try check("add a page label", argument) {
            HPDF_AddPageLabel($0, HPDF_UINT(pageIndex), style.haru, HPDF_UINT(firstNumber), prefix)
        }
    }
}
