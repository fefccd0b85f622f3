import CHaru
import Foundation

/// A file carried inside a PDF/A-3 document (`/EmbeddedFiles` and the catalog's `/AF`).
struct EmbeddedFile {
    var name: String
    var data: Data
    var mimeType: String
    var relationship: String
    var description: String?
}

/// What an archival document writes when saved, gathered while it is built.
struct ArchiveState {
    /// The PDF/A part, 1 to 3.
    var part: Int
    /// The conformance level, `A` (accessible: the document is tagged) or `B` (basic).
    var conformance: String
    /// The ICC profile embedded as the sRGB OutputIntent.
    var profile: Data
    /// The CIDs each embedded CIDFont's descriptor shows (CID 0 always), for its `/CIDSet`.
    var fontCIDs: [HPDF_Dict: Set<UInt16>] = [:]
    /// The descriptors of `fontCIDs` in the order their fonts were made: their `/CIDSet` streams are written in it,
    /// so the same document gets the same object numbers (a dictionary keyed by pointers has no stable order).
    var fontDescriptors: [HPDF_Dict] = []
    /// The files to attach (PDF/A-3b).
    var attachments: [EmbeddedFile] = []
    /// The Factur-X `fx:` properties the XMP states (`DocumentFileName`, `DocumentType`, `Version`,
    /// `ConformanceLevel`, in that order), or nil.
    var invoiceClaim: [(String, String)]?
    /// True once the parts are in the document (a second save writes them again only if nothing was written).
    var written = false
}

extension DocumentInfo {
    /// Takes every entry `other` sets.
    mutating func merge(_ other: DocumentInfo) {
        title = other.title ?? title
        author = other.author ?? author
        creator = other.creator ?? creator
        producer = other.producer ?? producer
        subject = other.subject ?? subject
        keywords = other.keywords ?? keywords
        creationDate = other.creationDate ?? creationDate
        modificationDate = other.modificationDate ?? modificationDate
    }
}

extension PDFDocument {
    /// Where Debian's ghostscript data (package `libgs-common`) keeps the sRGB IEC 61966-2.1 profile, an ICC version 2
    /// profile as PDF/A-1 requires.
    package static let sRGBProfilePath = "/usr/share/color/icc/ghostscript/srgb.icc"

    /// Makes the document conform to PDF/A-`part` (1, 2 or 3) of `conformance` (`B`, or `A` for a document tagged
    /// with `setTagged(universalAccess:)`) when saved: XMP metadata in sync with the information dictionary, an
    /// sRGB OutputIntent with `profile` (an ICC profile; by default the one at `sRGBProfilePath`), a `/CIDSet` for
    /// every embedded CIDFont, the header version of the level; PDF/A-1b refuses transparency from here on. Call it
    /// before anything is drawn or any font is added.
    /// - Throws: `HPDF_FILE_OPEN_ERROR` naming the profile's path and package when it cannot be read.
    package func setArchivePart(_ part: Int, conformance: String = "B", profile: Data? = nil) throws {
        let level = "PDF/A-\(part)\(conformance.lowercased())"
        try ensureUsable("make the document \(level)", nil)
        guard (1...3).contains(part), conformance == "B" || (conformance == "A" && part > 1) else {
            throw reject(
                code: 0x1058, operation: "make the document \(level)", argument: nil,
                hint: "give PDF/A part 1, 2 or 3 of conformance B, or part 2 or 3 of conformance A.")
        }
        let data: Data
        if let profile {
            data = profile
        } else {
            guard let read = FileManager.default.contents(atPath: Self.sRGBProfilePath) else {
                throw reject(
                    code: 0x1017, operation: "read the sRGB ICC profile for \(level)",
                    argument: Self.sRGBProfilePath,
                    hint: "install Debian's libgs-common (apt-get install libgs-common), which ships it.")
            }
            data = read
        }
        archive = ArchiveState(part: part, conformance: conformance, profile: data)
    }

    /// Attaches the file `name` holding `data` of MIME type `mimeType` (`/Subtype`), with its `/AFRelationship`
    /// (`Data`, `Source`, `Alternative`, `Supplement`, `Unspecified`) and an optional `/Desc`: PDF/A-3b only, the way
    /// e-invoice data travels with its PDF (PDF/A-1 forbids attachments, PDF/A-2 allows only PDF/A files).
    /// - Throws: `HPDF_INVALID_OPERATION` when the document is not PDF/A-3b, naming the file.
    package func attach(
        name: String, data: Data, mimeType: String, relationship: String, description: String? = nil
    ) throws {
        let argument = "file \"\(name)\""
        try ensureUsable("attach a file", argument)
        guard archive?.part == 3 else {
            throw reject(
                code: 0x1058, operation: "attach a file", argument: argument,
                hint: (archive.map { "PDF/A-\($0.part)b forbids attached files" } ?? "files are attached to PDF/A-3b")
                    + ": archive as PDF/A-3b (--pdfa 3b, pdfa: 3b), or leave the attachment out.")
        }
        archive?.attachments.append(
            EmbeddedFile(
                name: name, data: data, mimeType: mimeType, relationship: relationship, description: description))
    }

    /// Makes the XMP state that the attached `fileName` is a Factur-X invoice (`fx:` properties and the PDF/A
    /// extension schema that declares them, as PDF/A requires of a schema it does not know): how Factur-X readers
    /// find the XML and its profile without opening it.
    /// - Throws: `HPDF_INVALID_OPERATION` when the document is not PDF/A-3b or carries no file of that name.
    package func claimInvoice(
        fileName: String, documentType: String, version: String, conformanceLevel: String
    ) throws {
        let argument = "file \"\(fileName)\""
        try ensureUsable("claim an e-invoice", argument)
        guard archive?.part == 3, archive?.attachments.contains(where: { $0.name == fileName }) == true else {
            throw reject(
                code: 0x1058, operation: "claim an e-invoice", argument: argument,
                hint: "attach the invoice's XML under that name to a PDF/A-3b document first.")
        }
        archive?.invoiceClaim = [
            ("DocumentFileName", fileName), ("DocumentType", documentType), ("Version", version),
            ("ConformanceLevel", conformanceLevel)
        ]
    }

    /// Writes the parts `archive` asks for into the catalog and fonts, once.
    func writeArchiveParts(_ argument: String?) throws {
        guard var state = archive, !state.written else { return }
        let level = "PDF/A-\(state.part)\(state.conformance.lowercased())"
        let objects = PDFObjectBuilder(document: self, operation: "write the \(level) parts")
        guard state.conformance == "B" || structure != nil else {
            throw reject(
                code: 0x1058, operation: "write the \(level) parts", argument: nil,
                hint: "an accessible level (a) is a tagged PDF: call setTagged before the first page.")
        }
        let catalog = handle.pointee.catalog!
        handle.pointee.pdf_version = state.part == 1 ? HPDF_VER_14 : HPDF_VER_17

        try writeMetadata(part: state.part, conformance: state.conformance, objects)

        let profile = try objects.deflatedStream(try deflate(state.profile))
        try objects.number(profile, "N", 3)
        let intent = try objects.dictionary(indirect: false)
        try objects.name(intent, "Type", "OutputIntent")
        try objects.name(intent, "S", "GTS_PDFA1")
        try objects.string(intent, "OutputConditionIdentifier", "sRGB IEC61966-2.1")
        try objects.string(intent, "Info", "sRGB IEC61966-2.1")
        try objects.add(intent, "DestOutputProfile", UnsafeMutableRawPointer(profile))
        let intents = try objects.array()
        try objects.append(intents, UnsafeMutableRawPointer(intent))
        try objects.add(catalog, "OutputIntents", UnsafeMutableRawPointer(intents))

        for descriptor in state.fontDescriptors {
            let cids = state.fontCIDs[descriptor] ?? [0]
            var bits = [UInt8](repeating: 0, count: Int(cids.max() ?? 0) / 8 + 1)
            for cid in cids { bits[Int(cid) / 8] |= 0x80 >> (cid % 8) }
            try objects.add(
                descriptor, "CIDSet", UnsafeMutableRawPointer(try objects.deflatedStream(try deflate(Data(bits)))))
        }
        if !state.attachments.isEmpty { try writeAttachments(state.attachments, to: catalog, objects) }
        state.written = true
        archive = state
    }

    /// The attachments as the catalog's `/Names /EmbeddedFiles` name tree (sorted by name) and `/AF` array.
    private func writeAttachments(_ files: [EmbeddedFile], to catalog: HPDF_Dict, _ objects: PDFObjectBuilder) throws {
        let names = try objects.array()
        let associated = try objects.array()
        for file in files.sorted(by: { Array($0.name.utf16).lexicographicallyPrecedes(Array($1.name.utf16)) }) {
            let stream = try objects.deflatedStream(try deflate(file.data))
            try objects.name(stream, "Type", "EmbeddedFile")
            try objects.name(stream, "Subtype", file.mimeType)
            let parameters = try objects.dictionary(indirect: false)
            try objects.number(parameters, "Size", file.data.count)
            try objects.add(stream, "Params", UnsafeMutableRawPointer(parameters))
            let specification = try objects.dictionary()
            try objects.name(specification, "Type", "Filespec")
            try objects.add(specification, "F", try textString(file.name))
            try objects.add(specification, "UF", try textString(file.name))
            if let description = file.description {
                try objects.add(specification, "Desc", try textString(description))
            }
            try objects.name(specification, "AFRelationship", file.relationship)
            let embedded = try objects.dictionary(indirect: false)
            try objects.add(embedded, "F", UnsafeMutableRawPointer(stream))
            try objects.add(embedded, "UF", UnsafeMutableRawPointer(stream))
            try objects.add(specification, "EF", UnsafeMutableRawPointer(embedded))
            try objects.append(names, try textString(file.name))
            try objects.append(names, UnsafeMutableRawPointer(specification))
            try objects.append(associated, UnsafeMutableRawPointer(specification))
        }
        let tree = try objects.dictionary(indirect: false)
        try objects.add(tree, "Names", UnsafeMutableRawPointer(names))
        let nameDictionary = try objects.dictionary(indirect: false)
        try objects.add(nameDictionary, "EmbeddedFiles", UnsafeMutableRawPointer(tree))
        try objects.add(catalog, "Names", UnsafeMutableRawPointer(nameDictionary))
        try objects.add(catalog, "AF", UnsafeMutableRawPointer(associated))
    }

    /// A PDF text string: literal bytes for ASCII, else UTF-16BE with a byte-order mark.
    private func textString(_ text: String) throws -> UnsafeMutableRawPointer {
        let made: UnsafeMutableRawPointer?
        if text.unicodeScalars.allSatisfy(\.isASCII) {
            made = HPDF_String_New(handle.pointee.mmgr, text, nil).map { UnsafeMutableRawPointer($0) }
        } else {
            var bytes: [HPDF_BYTE] = [0xFE, 0xFF]
            for unit in text.utf16 { bytes += [HPDF_BYTE(unit >> 8), HPDF_BYTE(unit & 0xFF)] }
            made = HPDF_Binary_New(handle.pointee.mmgr, &bytes, HPDF_UINT(bytes.count)).map {
                UnsafeMutableRawPointer($0)
            }
        }
        guard let made else { throw reject(code: 0x1015, operation: "write a text string", argument: text) }
        return made
    }

    /// An indirect stream of `bytes` written as they are (no filter: PDF/A-1 wants the XMP readable without one).
    private func plainStream(_ bytes: Data, _ objects: PDFObjectBuilder) throws -> HPDF_Dict {
        guard let stream = HPDF_DictStream_New(handle.pointee.mmgr, handle.pointee.xref) else {
            throw reject(code: 0x1015, operation: "write the XMP metadata", argument: "\(bytes.count) bytes")
        }
        try objects.call {
            bytes.withUnsafeBytes {
                HPDF_Stream_Write(
                    stream.pointee.stream, $0.baseAddress?.assumingMemoryBound(to: HPDF_BYTE.self),
                    HPDF_UINT($0.count))
            }
        }
        return stream
    }

    /// Writes the catalog's `/Metadata`, the XMP packet (`xmp(part:conformance:universalAccess:info:invoice:)`): the
    /// PDF/A `part` (nil for none) of `conformance`, the PDF/UA claim when the document is tagged for it, and the
    /// Factur-X claim of an attached invoice.
    func writeMetadata(part: Int?, conformance: String = "B", _ objects: PDFObjectBuilder) throws {
        let packet = Self.xmp(
            part: part, conformance: conformance, universalAccess: structure?.claimsUniversalAccess == true,
            info: xmpInfo, invoice: archive?.invoiceClaim)
        let metadata = try plainStream(packet, objects)
        try objects.name(metadata, "Type", "Metadata")
        try objects.name(metadata, "Subtype", "XML")
        try objects.add(handle.pointee.catalog, "Metadata", UnsafeMutableRawPointer(metadata))
    }

    /// The XMP packet: the PDF/A identification of `part` (nil: none) and `conformance`, the PDF/UA-1 identification when
    /// `universalAccess`, and every information entry set, in the properties PDF/A pairs them with (Title →
    /// dc:title, Author → dc:creator, Subject → dc:description, Keywords → pdf:Keywords, Creator → xmp:CreatorTool,
    /// Producer → pdf:Producer), and the Factur-X `invoice` properties when given. Every schema PDF/A does not know
    /// is declared in the packet's one extension schema description.
    static func xmp(
        part: Int?, conformance: String = "B", universalAccess: Bool, info: DocumentInfo,
        invoice: [(String, String)]? = nil
    ) -> Data {
        var dublinCore = "<dc:format>application/pdf</dc:format>"
        if let title = info.title {
            dublinCore +=
                "<dc:title><rdf:Alt><rdf:li xml:lang=\"x-default\">\(escaped(title))</rdf:li></rdf:Alt></dc:title>"
        }
        if let author = info.author {
            dublinCore += "<dc:creator><rdf:Seq><rdf:li>\(escaped(author))</rdf:li></rdf:Seq></dc:creator>"
        }
        if let subject = info.subject {
            dublinCore +=
                "<dc:description><rdf:Alt><rdf:li xml:lang=\"x-default\">\(escaped(subject))</rdf:li></rdf:Alt>"
                + "</dc:description>"
        }
        var pdf = ""
        if let producer = info.producer { pdf += "<pdf:Producer>\(escaped(producer))</pdf:Producer>" }
        if let keywords = info.keywords { pdf += "<pdf:Keywords>\(escaped(keywords))</pdf:Keywords>" }
        let tool = info.creator.map { "<xmp:CreatorTool>\(escaped($0))</xmp:CreatorTool>" } ?? ""
        var claims = ""
        if let part {
            claims += """
                <rdf:Description rdf:about="" xmlns:pdfaid="http://www.aiim.org/pdfa/ns/id/">\
                <pdfaid:part>\(part)</pdfaid:part><pdfaid:conformance>\(conformance)\
                </pdfaid:conformance></rdf:Description>

                """
        }
        var schemas: [String] = []
        if universalAccess {
            claims += """
                <rdf:Description rdf:about="" xmlns:pdfuaid="http://www.aiim.org/pdfua/ns/id/">\
                <pdfuaid:part>1</pdfuaid:part></rdf:Description>

                """
            schemas.append(universalAccessSchema)
        }
        if let invoice {
            claims += facturXProperties(invoice)
            schemas.append(facturXSchema(invoice))
        }
        // PDF/A knows only its own schemas: any other the packet uses is described in it.
        if part != nil, !schemas.isEmpty { claims += extensionSchemas(schemas) }
        let packet = """
            <?xpacket begin="\u{FEFF}" id="W5M0MpCehiHzreSzNTczkc9d"?>
            <x:xmpmeta xmlns:x="adobe:ns:meta/">
            <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
            \(claims)<rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/">\(dublinCore)</rdf:Description>
            <rdf:Description rdf:about="" xmlns:pdf="http://ns.adobe.com/pdf/1.3/">\(pdf)</rdf:Description>
            <rdf:Description rdf:about="" xmlns:xmp="http://ns.adobe.com/xap/1.0/">\(tool)</rdf:Description>
            </rdf:RDF>
            </x:xmpmeta>
            <?xpacket end="r"?>
            """
        return Data(packet.utf8)
    }

    /// The PDF/A extension schema of `pdfuaid:part` (ISO 14289-1 5.4 names the property).
    static let universalAccessSchema = """
        <rdf:li rdf:parseType="Resource">\
        <pdfaSchema:schema>PDF/UA Universal Accessibility Schema</pdfaSchema:schema>\
        <pdfaSchema:namespaceURI>http://www.aiim.org/pdfua/ns/id/</pdfaSchema:namespaceURI>\
        <pdfaSchema:prefix>pdfuaid</pdfaSchema:prefix>\
        <pdfaSchema:property><rdf:Seq><rdf:li rdf:parseType="Resource">\
        <pdfaProperty:name>part</pdfaProperty:name><pdfaProperty:valueType>Integer</pdfaProperty:valueType>\
        <pdfaProperty:category>internal</pdfaProperty:category>\
        <pdfaProperty:description>Indicates, which part of ISO 14289 standard is followed</pdfaProperty:description>\
        </rdf:li></rdf:Seq></pdfaSchema:property></rdf:li>
        """

    /// The one description that declares `schemas` (each an `rdf:li` of a `pdfaSchema`) to PDF/A readers (ISO
    /// 19005-3 6.6.2.3: a custom schema's properties are described in the packet itself).
    static func extensionSchemas(_ schemas: [String]) -> String {
        """
        <rdf:Description rdf:about="" xmlns:pdfaExtension="http://www.aiim.org/pdfa/ns/extension/" \
        xmlns:pdfaSchema="http://www.aiim.org/pdfa/ns/schema#" xmlns:pdfaProperty="http://www.aiim.org/pdfa/ns/property#">\
        <pdfaExtension:schemas><rdf:Bag>\(schemas.joined())</rdf:Bag></pdfaExtension:schemas></rdf:Description>

        """
    }

    /// The Factur-X namespace of the `fx:` properties.
    static let facturXNamespace = "urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#"

    /// The `fx:` properties' description.
    private static func facturXProperties(_ properties: [(String, String)]) -> String {
        let values = properties.map { "<fx:\($0.0)>\(escaped($0.1))</fx:\($0.0)>" }.joined()
        return "<rdf:Description rdf:about=\"\" xmlns:fx=\"\(facturXNamespace)\">\(values)</rdf:Description>\n"
    }

    /// The PDF/A extension schema declaring the `fx:` properties.
    private static func facturXSchema(_ properties: [(String, String)]) -> String {
        let declared = properties.map { name, _ in
            "<rdf:li rdf:parseType=\"Resource\"><pdfaProperty:name>\(name)</pdfaProperty:name>"
                + "<pdfaProperty:valueType>Text</pdfaProperty:valueType>"
                + "<pdfaProperty:category>external</pdfaProperty:category>"
                + "<pdfaProperty:description>Factur-X \(name)</pdfaProperty:description></rdf:li>"
        }.joined()
        return """
            <rdf:li rdf:parseType="Resource">\
            <pdfaSchema:schema>Factur-X PDFA Extension Schema</pdfaSchema:schema>\
            <pdfaSchema:namespaceURI>\(facturXNamespace)</pdfaSchema:namespaceURI>\
            <pdfaSchema:prefix>fx</pdfaSchema:prefix>\
            <pdfaSchema:property><rdf:Seq>\(declared)</rdf:Seq></pdfaSchema:property></rdf:li>
            """
    }

    /// `text` with XML's five special characters escaped.
    private static func escaped(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            default: result.append(character)
            }
        }
        return result
    }
}
