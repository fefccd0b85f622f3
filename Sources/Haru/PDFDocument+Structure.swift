import CHaru

/// An element of a tagged PDF's structure tree as the writer takes it: its standard structure type, what a reader
/// is told beside its content (alternative text, actual text, language, attributes) and its kids in reading order.
///
/// A value the renderer builds from its laid-out structure tree; `PDFDocument.writeStructureTree` turns it into
/// `/StructElem` dictionaries once every page is drawn, since only then is each marked-content sequence numbered.
package struct PDFStructureElement {
    /// A kid of an element: a sub-element, or a marked-content sequence of a page (its `MCID`).
    package enum Kid {
        /// A sub-element.
        case element(PDFStructureElement)
        /// The sequence `mcid` of page `page` (from 0).
        case content(page: Int, mcid: Int)
        /// An annotation (a form field's widget), referred to by an `/OBJR`.
        case annotation(PDFAnnotation)
    }

    /// An attribute `/O owner /key value`, such as `/O /Table /Scope /Column`, `/O /Table /ColSpan 3` or
    /// `/O /Layout /WritingMode /TbRl`.
    package struct Attribute: Sendable, Hashable {
        /// An attribute's value.
        package enum Value: Sendable, Hashable {
            /// A name (`/Column`).
            case name(String)
            /// An integer.
            case integer(Int)
        }

        /// The attribute owner (`Table`, `Layout`, `List`).
        package var owner: String
        /// The key.
        package var key: String
        /// The value.
        package var value: Value

        /// Creates an attribute.
        package init(owner: String, key: String, value: Value) {
            self.owner = owner
            self.key = key
            self.value = value
        }
    }

    /// The standard structure type (`Document`, `H1`, `P`, `Table`, `TH`, `Figure`, `Ruby` …).
    package var type: String
    /// What a figure shows (`/Alt`), for readers who cannot see it.
    package var alternativeText: String?
    /// The text the element's content stands for (`/ActualText`).
    package var actualText: String?
    /// The element's language (`/Lang`) where it differs from the document's.
    package var language: String?
    /// Its attributes (`/A`).
    package var attributes: [Attribute]
    /// Its kids, in reading order.
    package var kids: [Kid]

    /// Creates an element.
    package init(
        type: String, alternativeText: String? = nil, actualText: String? = nil, language: String? = nil,
        attributes: [Attribute] = [], kids: [Kid] = []
    ) {
        self.type = type
        self.alternativeText = alternativeText
        self.actualText = actualText
        self.language = language
        self.attributes = attributes
        self.kids = kids
    }
}

/// An annotation a document made (a form field's widget): what a tagged PDF's structure element refers to.
///
/// The document's cross-reference table owns the dictionary; this only names it while the document lives.
package struct PDFAnnotation {
    /// The annotation's dictionary.
    let handle: HPDF_Dict
    /// The index of the page it is on, from 0.
    package let page: Int
}

/// What a tagged document writes when saved, besides the structure tree: its PDF/UA claim in the XMP packet.
struct StructureState {
    /// True when the XMP packet claims PDF/UA-1 (`pdfuaid:part 1`).
    var claimsUniversalAccess: Bool
    /// True once the structure tree is in the document.
    var treeWritten = false
    /// True once the XMP packet is in the document (a PDF/A document writes it with its other parts).
    var metadataWritten = false
}

/// A kid of a structure element as written: a number (an MCID) or an object.
private enum Either {
    case number(Int)
    case object(UnsafeMutableRawPointer)
}

extension PDFDocument {
    /// Makes the document a tagged PDF: the catalog's `/MarkInfo <</Marked true>>`, the header version 1.7 tagged
    /// PDF/UA-1 is based on, and with `universalAccess` the PDF/UA-1 identification in its XMP packet. The structure
    /// tree itself is written by `writeStructureTree` once every page is drawn. Call it before the first page.
    package func setTagged(universalAccess: Bool) throws {
        try ensureUsable("tag the document", nil)
        structure = StructureState(claimsUniversalAccess: universalAccess)
        let objects = PDFObjectBuilder(document: self, operation: "tag the document")
        let markInfo = try objects.dictionary(indirect: false)
        try objects.boolean(markInfo, "Marked", true)
        try objects.add(handle.pointee.catalog, "MarkInfo", UnsafeMutableRawPointer(markInfo))
        requireVersion(HPDF_VER_17)
    }

    /// Writes `root` as the document's structure tree: `/StructTreeRoot` in the catalog, a `/StructElem` per element
    /// (its `/P`arent, its `/Pg` the page of its first sequence, sequences on other pages as `/MCR`), the
    /// `/ParentTree` that maps each page's sequences (`/StructParents`, the page's index) back to their elements, and
    /// on every page the tab order `/Tabs /S` (structure order). `pages` are the document's pages in order.
    /// - Throws: `HaruError` for a document not tagged (`setTagged`), a tree written twice, a sequence of a page
    ///   that does not exist, or libHaru's error.
    package func writeStructureTree(_ root: PDFStructureElement, pages: [PDFPage]) throws {
        let operation = "write the structure tree"
        try ensureUsable(operation, nil)
        guard var state = structure, !state.treeWritten else {
            throw reject(
                code: 0x1051, operation: operation, argument: nil,
                hint: "tag the document first (setTagged), and write its tree once.")
        }
        let objects = PDFObjectBuilder(document: self, operation: operation)
        let treeRoot = try objects.dictionary()
        try objects.name(treeRoot, "Type", "StructTreeRoot")
        // Each page's sequences, by MCID: the element each belongs to.
        var parents: [[Int: HPDF_Dict]] = Array(repeating: [:], count: pages.count)
        // Each annotation's element, its /StructParent key counting on from the pages' keys.
        var annotationParents: [HPDF_Dict] = []

        func write(_ element: PDFStructureElement, parent: HPDF_Dict) throws -> HPDF_Dict {
            let dict = try objects.dictionary()
            try objects.name(dict, "Type", "StructElem")
            try objects.name(dict, "S", element.type)
            try objects.add(dict, "P", UnsafeMutableRawPointer(parent))
            let firstPage = element.kids.lazy.compactMap { kid -> Int? in
                switch kid {
                case .content(let page, _): page
                case .annotation(let annotation): annotation.page
                case .element: nil
                }
            }.first
            if let firstPage {
                guard pages.indices.contains(firstPage) else {
                    throw reject(
                        code: 0x1051, operation: operation, argument: "page \(firstPage)",
                        hint: "mark content only on pages of the document.")
                }
                try objects.add(dict, "Pg", UnsafeMutableRawPointer(pages[firstPage].handle))
            }
            if let alternative = element.alternativeText {
                try objects.add(dict, "Alt", try objects.textString(alternative))
            }
            if let actual = element.actualText { try objects.add(dict, "ActualText", try objects.textString(actual)) }
            if let language = element.language { try objects.add(dict, "Lang", try objects.textString(language)) }
            if !element.attributes.isEmpty {
                var owners: [(String, HPDF_Dict)] = []
                for attribute in element.attributes {
                    let entry: HPDF_Dict
                    if let known = owners.first(where: { $0.0 == attribute.owner }) {
                        entry = known.1
                    } else {
                        entry = try objects.dictionary(indirect: false)
                        try objects.name(entry, "O", attribute.owner)
                        owners.append((attribute.owner, entry))
                    }
                    switch attribute.value {
                    case .name(let name): try objects.name(entry, attribute.key, name)
                    case .integer(let number): try objects.number(entry, attribute.key, number)
                    }
                }
                if owners.count == 1 {
                    try objects.add(dict, "A", UnsafeMutableRawPointer(owners[0].1))
                } else {
                    let list = try objects.array()
                    for (_, entry) in owners { try objects.append(list, UnsafeMutableRawPointer(entry)) }
                    try objects.add(dict, "A", UnsafeMutableRawPointer(list))
                }
            }
            // A kid is an element's dictionary, an MCID of the element's page, or a reference to another page's.
            var kids: [Either] = []
            for kid in element.kids {
                switch kid {
                case .element(let child):
                    kids.append(.object(UnsafeMutableRawPointer(try write(child, parent: dict))))
                case .content(let page, let mcid):
                    guard pages.indices.contains(page) else {
                        throw reject(
                            code: 0x1051, operation: operation, argument: "page \(page)",
                            hint: "mark content only on pages of the document.")
                    }
                    parents[page][mcid] = dict
                    if page == firstPage {
                        kids.append(.number(mcid))
                    } else {
                        let reference = try objects.dictionary(indirect: false)
                        try objects.name(reference, "Type", "MCR")
                        try objects.add(reference, "Pg", UnsafeMutableRawPointer(pages[page].handle))
                        try objects.number(reference, "MCID", mcid)
                        kids.append(.object(UnsafeMutableRawPointer(reference)))
                    }
                case .annotation(let annotation):
                    guard pages.indices.contains(annotation.page) else {
                        throw reject(
                            code: 0x1051, operation: operation, argument: "page \(annotation.page)",
                            hint: "refer to annotations of pages of the document.")
                    }
                    try objects.number(annotation.handle, "StructParent", pages.count + annotationParents.count)
                    annotationParents.append(dict)
                    let reference = try objects.dictionary(indirect: false)
                    try objects.name(reference, "Type", "OBJR")
                    try objects.add(reference, "Obj", UnsafeMutableRawPointer(annotation.handle))
                    try objects.add(reference, "Pg", UnsafeMutableRawPointer(pages[annotation.page].handle))
                    kids.append(.object(UnsafeMutableRawPointer(reference)))
                }
            }
            // One kid is written as itself, more as an array (both are /K's forms).
            if kids.count == 1 {
                switch kids[0] {
                case .number(let mcid): try objects.number(dict, "K", mcid)
                case .object(let object): try objects.add(dict, "K", object)
                }
            } else {
                let array = try objects.array()
                for kid in kids {
                    switch kid {
                    case .number(let mcid): try objects.append(array, number: mcid)
                    case .object(let object): try objects.append(array, object)
                    }
                }
                try objects.add(dict, "K", UnsafeMutableRawPointer(array))
            }
            return dict
        }

        try objects.add(treeRoot, "K", UnsafeMutableRawPointer(try write(root, parent: treeRoot)))
        let numbers = try objects.array()
        for (index, page) in pages.enumerated() {
            try objects.name(page.handle, "Tabs", "S")
            let sequences = parents[index]
            guard !sequences.isEmpty else { continue }
            try objects.number(page.handle, "StructParents", index)
            let elements = try objects.array()
            for mcid in 0...(sequences.keys.max() ?? 0) {
                guard let element = sequences[mcid] else {
                    throw reject(
                        code: 0x1051, operation: operation, argument: "page \(index), MCID \(mcid)",
                        hint: "give every marked-content sequence of a page an element, numbered from 0.")
                }
                try objects.append(elements, UnsafeMutableRawPointer(element))
            }
            try objects.append(numbers, number: index)
            try objects.append(numbers, UnsafeMutableRawPointer(elements))
        }
        for (offset, element) in annotationParents.enumerated() {
            try objects.append(numbers, number: pages.count + offset)
            try objects.append(numbers, UnsafeMutableRawPointer(element))
        }
        let parentTree = try objects.dictionary()
        try objects.add(parentTree, "Nums", UnsafeMutableRawPointer(numbers))
        try objects.add(treeRoot, "ParentTree", UnsafeMutableRawPointer(parentTree))
        try objects.number(treeRoot, "ParentTreeNextKey", pages.count + annotationParents.count)
        try objects.add(handle.pointee.catalog, "StructTreeRoot", UnsafeMutableRawPointer(treeRoot))
        state.treeWritten = true
        structure = state
    }

    /// Writes the XMP packet of a tagged document that is not PDF/A (whose parts carry it), once.
    func writeStructureMetadata() throws {
        guard var state = structure, !state.metadataWritten, archive == nil else { return }
        try writeMetadata(part: nil, PDFObjectBuilder(document: self, operation: "write the XMP metadata"))
        state.metadataWritten = true
        structure = state
    }
}
