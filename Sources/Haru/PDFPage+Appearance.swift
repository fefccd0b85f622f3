import CHaru

/// A form XObject holding what a page drew while it was recorded (`PDFPage.recordAppearance`): a form field's
/// appearance stream. Valid while its document lives (libHaru's cross-reference table owns it).
package struct PDFAppearanceStream {
    /// The stream's dictionary, an indirect object of the document.
    let dict: HPDF_Dict
}

/// A rectangle in PDF coordinates (points, origin bottom-left, y up): its lower-left corner and size.
package struct PDFRect: Sendable, Equatable {
    /// The left edge.
    package var x: Double
    /// The bottom edge.
    package var y: Double
    /// The horizontal extent.
    package var width: Double
    /// The vertical extent.
    package var height: Double

    /// A rectangle from its lower-left corner and size.
    package init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// True when every number is finite and the sides are greater than 0.
    var isDrawable: Bool { [x, y, width, height].allSatisfy(\.isFinite) && width > 0 && height > 0 }
}

extension PDFPage {
    /// Runs `body` with everything this page's drawing calls write going into a new form XObject instead of the page,
    /// and returns it: the appearance stream of a form field, drawn with the same calls (and fonts, images and
    /// ExtGStates) as the page itself.
    ///
    /// `box` is the XObject's `/BBox` in the coordinates `body` draws in — the page's, so a widget whose `/Rect` is
    /// the same box shows the stream where the page would have drawn it — and `matrix` its `/Matrix` (`[a b c d e
    /// f]`, for a field inside a scaled or turned part), identity when nil. The stream gets its own `/Resources`
    /// naming the page's fonts, images and ExtGStates by the page's names, and is deflated when written.
    ///
    /// libHaru writes a page's operators into the stream its attributes point at; for the duration of `body` that is
    /// the XObject's. `body` must leave the graphics state as it found it (balanced `q`/`Q`, no open text or path).
    /// - Throws: `HaruError` for a box that is not finite or empty, a call inside a text scope or a path, or the
    ///   first error of `body`.
    package func recordAppearance(
        box: PDFRect, matrix: [Double]? = nil, _ body: () throws -> Void
    ) throws -> PDFAppearanceStream {
        let operation = "record an appearance"
        let argument = "\(label), box (\(box.x), \(box.y)) \(box.width)×\(box.height)"
        try document.ensureUsable(operation, argument)
        guard document.openTextPage == nil, HPDF_Page_GetGMode(handle) == HPDF_UINT16(HPDF_GMODE_PAGE_DESCRIPTION)
        else {
            throw document.reject(
                code: 0x1051, operation: operation, argument: argument,
                hint: "record appearances outside a text { } scope and outside a path.")
        }
        guard box.isDrawable, matrix.map({ $0.count == 6 && $0.allSatisfy(\.isFinite) }) ?? true else {
            throw document.reject(
                code: 0x1039, operation: operation, argument: argument,
                hint: "give a box of finite numbers with a width and height, and a matrix of 6 finite numbers.")
        }
        let objects = PDFObjectBuilder(document: document, operation: operation)
        guard let xobject = HPDF_DictStream_New(document.handle.pointee.mmgr, document.handle.pointee.xref) else {
            throw document.reject(code: 0x1015, operation: operation, argument: argument)
        }
        try objects.name(xobject, "Type", "XObject")
        try objects.name(xobject, "Subtype", "Form")
        let bbox = try objects.array()
        try objects.add(xobject, "BBox", UnsafeMutableRawPointer(bbox))
        for value in [box.x, box.y, box.x + box.width, box.y + box.height] { try objects.append(bbox, real: value) }
        if let matrix {
            let array = try objects.array()
            try objects.add(xobject, "Matrix", UnsafeMutableRawPointer(array))
            for value in matrix { try objects.append(array, real: value) }
        }
        xobject.pointee.filter = HPDF_UINT(HPDF_STREAM_FILTER_FLATE_DECODE)

        let attributes = handle.pointee.attr.assumingMemoryBound(to: HPDF_PageAttr_Rec.self)
        let pageStream = attributes.pointee.stream
        attributes.pointee.stream = xobject.pointee.stream
        do {
            defer { attributes.pointee.stream = pageStream }
            try body()
        }

        try copyResources(of: attributes, into: xobject, with: objects)
        return PDFAppearanceStream(dict: xobject)
    }

    /// Gives `xobject` the resources the page has now, by the names the recorded operators use: each an indirect
    /// object, so the XObject's dictionaries hold references to the same fonts, images and states.
    ///
    /// A function of its own: inlined into `recordAppearance`, this loop crashed the Swift 6.3 optimizer's ownership
    /// verifier (CopyPropagation, release builds only).
    @inline(never)
    private func copyResources(
        of attributes: UnsafeMutablePointer<HPDF_PageAttr_Rec>, into xobject: HPDF_Dict, with objects: PDFObjectBuilder
    ) throws {
        let resources = try objects.dictionary(indirect: false)
        try objects.add(xobject, "Resources", UnsafeMutableRawPointer(resources))
        let kinds: [(key: String, source: HPDF_Dict?)] = [
            ("Font", attributes.pointee.fonts), ("XObject", attributes.pointee.xobjects),
            ("ExtGState", attributes.pointee.ext_gstates)
        ]
        for kind in kinds {
            guard let source = kind.source else { continue }
            let copy = try objects.dictionary(indirect: false)
            try objects.add(resources, kind.key, UnsafeMutableRawPointer(copy))
            guard let list = source.pointee.list else { continue }
            for index in 0..<Int(list.pointee.count) {
                guard let element = list.pointee.obj[index]?.assumingMemoryBound(to: HPDF_DictElement_Rec.self)
                else { continue }
                let name = Self.keyName(element)
                // The page's entries are proxies of the indirect objects (libHaru's `n 0 R`), owned by its dictionary:
                // the new entry gets a proxy of its own.
                var value = element.pointee.value
                if let header = value?.assumingMemoryBound(to: HPDF_Obj_Header.self),
                    header.pointee.obj_class & HPDF_UINT16(HPDF_OCLASS_ANY) == HPDF_UINT16(HPDF_OCLASS_PROXY)
                {
                    value = value?.assumingMemoryBound(to: HPDF_Proxy_Rec.self).pointee.obj
                }
                try objects.add(copy, name, value)
            }
        }
    }

    /// The key of a dictionary element (a NUL-terminated C array in the element).
    private static func keyName(_ element: UnsafeMutablePointer<HPDF_DictElement_Rec>) -> String {
        withUnsafeBytes(of: element.pointee.key) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    }

    /// Marks what `body` draws as marked content with `tag` (`/Tag BMC … EMC`): `Tx` around a text field's
    /// appearance (where a reader puts the value it types), `Artifact` around decoration.
    ///
    /// Call outside a `text { }` scope and outside a path; `body` must leave the graphics state as it found it (marked
    /// content cannot straddle a `q`/`Q` pair).
    package func markedContent(_ tag: String, _ body: () throws -> Void) throws {
        let operation = "mark content \(tag)"
        guard !tag.isEmpty, tag.utf8.allSatisfy({ (0x30...0x39).contains($0) || (0x41...0x5A).contains($0 & 0xDF) })
        else {
            throw document.reject(
                code: 0x1051, operation: operation, argument: label,
                hint: "mark content with a tag of letters and digits.")
        }
        let begin = ContentBytes(capacity: 16)
        begin.append(byte: 0x2F)
        begin.append(bytes: Array(tag.utf8))
        begin.append(" BMC\n")
        try markedContent(opening: begin, operation: operation, body)
    }
}
