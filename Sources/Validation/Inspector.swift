import CQPDF
import Foundation
import QPDF

/// Reads an `Inspection` out of an open, checked document, and notes what it finds on the way
/// (content syntax errors, libHaru's malformed ToUnicode CMaps, uncompressed streams, unreadable objects).
///
/// Every lookup checks the object's type first, so malformed files give missing values, never qpdf type
/// warnings or crashes; loops over outlines, forms and the page tree carry visited sets and depth caps.
final class Inspector {
    let document: QPDFDocument
    private let uncompressedLimit: Int
    /// Findings made while reading, in order.
    var findings: [Finding] = []
    private var decoders: [Int: FontDecoder] = [:]
    private var haruFonts: Set<Int> = []

    /// How deep forms within forms, outline levels and page-tree parents are followed.
    private let maxDepth = 16
    /// How many outline entries are read in all.
    private let maxOutlineEntries = 10_000

    private let isLinearized: Bool
    /// The forms whose text was taken on the current page, so each is read once.
    private var formsDrawn: Set<Int> = []
    /// The zero-based pages whose content decodes beyond `limits.contentBytes` (measured through QPDFBridge):
    /// they are not read, the others are read whole.
    private let largePages: Set<Int>
    private let limits: ResourceLimits

    /// `isLinearized` comes from the file's first bytes (see `Validator`), not from qpdf.
    init(
        document: QPDFDocument, uncompressedLimit: Int, isLinearized: Bool,
        largePages: Set<Int> = [], limits: ResourceLimits = ResourceLimits()
    ) {
        self.document = document
        self.uncompressedLimit = uncompressedLimit
        self.isLinearized = isLinearized
        self.largePages = largePages
        self.limits = limits
    }

    /// Reads everything; `structure.page-tree` is added when the pages cannot be counted.
    func inspect() -> Inspection {
        var inspection = Inspection()
        inspection.pdfVersion = document.pdfVersion
        let adobe = document.value(document.root, "/Extensions").flatMap { document.value($0, "/ADBE") }
        if let level = document.integer(adobe.flatMap { document.value($0, "/ExtensionLevel") }), level > 0 {
            inspection.pdfVersion += " extension level \(level)"
        }
        inspection.isLinearized = isLinearized
        inspection.encryption = encryption()
        inspection.info = info()
        inspection.outline = outline()
        inspection.language = document.text(document.value(document.root, "/Lang"))
        let viewerTree = walkPageTree()
        document.releaseObjects()
        switch document.pageCount() {
        case .success(let count):
            inspection.pageCount = count
            checkPageTree(viewerTree, qpdfCount: count)
            for index in 0..<count {
                inspection.pages.append(page(at: index))
                document.releaseObjects()
            }
        case .failure(let failure):
            findings.append(
                Finding(
                    rule: .pageTree, severity: .error,
                    message: "the page tree cannot be read: \(failure.message); regenerate the file"))
        }
        scanStreams()
        inspection.features = features(pages: inspection.pages)
        checkEncryptionKeyLength()
        document.releaseObjects()
        for message in Set(document.takeObjectErrors()).sorted().prefix(20) {
            findings.append(
                Finding(
                    rule: .inspectionIncomplete, severity: .warning,
                    message: "qpdf could not read part of the document: \(message)"))
        }
        return inspection
    }

    // MARK: Document parts

    /// The encryption dictionary's R and P, with P decoded as qpdf decodes it (`qpdf --show-encryption`).
    private func encryption() -> EncryptionInfo? {
        guard let dictionary = document.value(document.trailer, "/Encrypt") else { return nil }
        let revision = document.integer(document.value(dictionary, "/R")) ?? 0
        let bits = Int32(truncatingIfNeeded: document.integer(document.value(dictionary, "/P")) ?? 0)
        return EncryptionInfo(
            revision: revision, permissionBits: Int(bits),
            permissions: Permission.granted(by: bits, revision: revision))
    }

    private func info() -> [String: String] {
        guard let dictionary = document.value(document.trailer, "/Info") else { return [:] }
        var info: [String: String] = [:]
        for key in document.keys(dictionary) {
            if let text = document.text(document.value(dictionary, key)) { info[String(key.dropFirst())] = text }
        }
        return info
    }

    private func outline() -> [BookmarkInfo] {
        guard let outlines = document.value(document.root, "/Outlines") else { return [] }
        var visited: Set<Int> = []
        var budget = maxOutlineEntries
        return entries(from: document.value(outlines, "/First"), depth: 0, visited: &visited, budget: &budget)
    }

    private func entries(from first: qpdf_oh?, depth: Int, visited: inout Set<Int>, budget: inout Int) -> [BookmarkInfo]
    {
        var entries: [BookmarkInfo] = []
        var node = first
        while let current = node, document.isDictionary(current) {
            if let number = document.objectNumber(current) {
                guard visited.insert(number).inserted else {
                    findings.append(
                        Finding(
                            rule: .inspectionIncomplete, severity: .warning,
                            message:
                                "the outline loops back to object \(number) 0; only the entries before it are listed"))
                    break
                }
            }
            guard budget > 0 else { break }
            budget -= 1
            let children =
                depth < maxDepth
                ? self.entries(
                    from: document.value(current, "/First"), depth: depth + 1, visited: &visited, budget: &budget)
                : []
            entries.append(
                BookmarkInfo(title: document.text(document.value(current, "/Title")) ?? "", children: children))
            node = document.value(current, "/Next")
        }
        return entries
    }

    // MARK: Pages

    /// A page attribute, looked up through the /Parent chain when the page does not set it (MediaBox, Resources).
    private func inherited(_ page: qpdf_oh, _ key: String) -> qpdf_oh? {
        var node: qpdf_oh? = page
        for _ in 0..<maxDepth {
            guard let current = node else { return nil }
            if let value = document.value(current, key) { return value }
            node = document.value(current, "/Parent")
        }
        return nil
    }

    private func page(at index: Int) -> PageInfo {
        let number = index + 1
        let page = document.page(at: index)
        let numbers = document.items(inherited(page, "/MediaBox")).compactMap { document.number($0) }
        let mediaBox = numbers.count == 4 ? Box(x0: numbers[0], y0: numbers[1], x1: numbers[2], y1: numbers[3]) : nil
        let resources = inherited(page, "/Resources")
        var fonts: [FontInfo] = []
        var images: [ImageInfo] = []
        var visitedForms: Set<Int> = []
        collect(resources, fonts: &fonts, images: &images, depth: 0, visited: &visitedForms, page: number)
        var text = ""
        let contents: Result<[UInt8], QPDFFailure>
        if !largePages.contains(index) {
            contents = document.pageContents(page)
        } else {
            contents = .success([])
            findings.append(
                Finding(
                    rule: .resourceLimit, severity: .error,
                    message: "the content streams decode to more than \(limits.contentBytes) bytes "
                        + "(the content limit); they were not parsed. Raise the limit to check them",
                    page: number))
        }
        switch contents {
        case .success(let contents):
            formsDrawn = []
            let (shown, outcome) = extractText(contents, resources: resources, depth: 0, page: number)
            text = shown.trimmingCharacters(in: .whitespacesAndNewlines)
            for error in outcome.errors.prefix(10) {
                findings.append(
                    Finding(
                        rule: .contentStream, severity: .error,
                        message: "content stream, offset \(error.offset): \(error.message)", page: number))
            }
            if outcome.reachedLimit {
                findings.append(
                    Finding(
                        rule: .resourceLimit, severity: .error,
                        message: "the content has more than \(limits.operators) operators (the operator "
                            + "limit); the rest was not parsed. Raise the limit to check it", page: number))
            }
        case .failure(let failure):
            findings.append(
                Finding(
                    rule: .contentStream, severity: .error,
                    message: "the content streams cannot be decoded: \(failure.message); regenerate the file",
                    page: number))
        }
        return PageInfo(number: number, mediaBox: mediaBox, fonts: fonts, images: images, text: text)
    }

    /// Fonts and images of a resource dictionary and of the forms it holds.
    private func collect(
        _ resources: qpdf_oh?, fonts: inout [FontInfo], images: inout [ImageInfo],
        depth: Int, visited: inout Set<Int>, page: Int
    ) {
        guard let resources else { return }
        let fontDictionary = document.value(resources, "/Font")
        for key in document.keys(fontDictionary) {
            guard let font = fontDictionary.flatMap({ document.value($0, key) }), document.isDictionary(font) else {
                continue
            }
            let info = fontInfo(font, resourceName: String(key.dropFirst()))
            if !fonts.contains(info) { fonts.append(info) }
            _ = decoder(for: font, page: page)
        }
        let xobjects = document.value(resources, "/XObject")
        for key in document.keys(xobjects) {
            guard let object = xobjects.flatMap({ document.value($0, key) }), document.isStream(object) else {
                continue
            }
            switch document.name(document.value(object, "/Subtype")) {
            case "/Image":
                images.append(imageInfo(object, resourceName: String(key.dropFirst())))
            case "/Form":
                guard depth < maxDepth, let number = document.objectNumber(object), visited.insert(number).inserted
                else { continue }
                collect(
                    document.value(object, "/Resources"), fonts: &fonts, images: &images,
                    depth: depth + 1, visited: &visited, page: page)
            default: break
            }
        }
    }

    private func fontInfo(_ font: qpdf_oh, resourceName: String) -> FontInfo {
        let subtype = String((document.name(document.value(font, "/Subtype")) ?? "/?").dropFirst())
        var type = subtype
        var descriptorOwner = font
        if subtype == "Type0", let descendant = document.items(document.value(font, "/DescendantFonts")).first,
            document.isDictionary(descendant)
        {
            descriptorOwner = descendant
            type += "/" + String((document.name(document.value(descendant, "/Subtype")) ?? "/?").dropFirst())
        }
        let descriptor = document.value(descriptorOwner, "/FontDescriptor")
        let embedded =
            subtype == "Type3"
            || ["/FontFile", "/FontFile2", "/FontFile3"].contains { key in
                descriptor.flatMap { document.value($0, key) } != nil
            }
        let baseFont = String((document.name(document.value(font, "/BaseFont")) ?? "/").dropFirst())
        let encodingObject = document.value(font, "/Encoding")
        let encoding =
            document.name(encodingObject).map { String($0.dropFirst()) }
            ?? (encodingObject.map { document.isDictionary($0) || document.isStream($0) } == true ? "Custom" : "")
        return FontInfo(
            resourceName: resourceName, type: type, baseFont: baseFont, encoding: encoding,
            isEmbedded: embedded, isSubset: Self.hasSubsetTag(baseFont),
            hasToUnicode: document.value(font, "/ToUnicode").map(document.isStream) ?? false)
    }

    /// Six capital letters and a plus sign, the tag PDF writers put before a subset font's name.
    static func hasSubsetTag(_ name: String) -> Bool {
        let scalars = Array(name.unicodeScalars.prefix(7))
        return scalars.count == 7 && scalars[6] == "+" && scalars[0..<6].allSatisfy { ("A"..."Z").contains($0) }
    }

    private func imageInfo(_ image: qpdf_oh, resourceName: String) -> ImageInfo {
        let colorSpace = document.value(image, "/ColorSpace")
        let space = document.name(colorSpace) ?? document.name(document.items(colorSpace).first)
        let filter = document.value(image, "/Filter")
        let filters = document.name(filter).map { [$0] } ?? document.items(filter).compactMap { document.name($0) }
        return ImageInfo(
            resourceName: resourceName,
            width: document.integer(document.value(image, "/Width")) ?? 0,
            height: document.integer(document.value(image, "/Height")) ?? 0,
            bitsPerComponent: document.integer(document.value(image, "/BitsPerComponent")),
            colorSpace: space.map { String($0.dropFirst()) },
            hasSoftMask: document.value(image, "/SMask").map(document.isStream) ?? false,
            filters: filters.map { String($0.dropFirst()) })
    }

    // MARK: Text

    private func decoder(for font: qpdf_oh, page: Int) -> FontDecoder {
        let number = document.objectNumber(font)
        if let number, let cached = decoders[number] { return cached }
        let subtype = document.name(document.value(font, "/Subtype"))
        let encodingObject = document.value(font, "/Encoding")
        let encodingName = document.name(encodingObject).map { String($0.dropFirst()) }
        var cmap: ToUnicodeCMap?
        if let stream = document.value(font, "/ToUnicode"), let data = document.streamData(stream) {
            cmap = ToUnicodeCMap(data)
        }
        if let cmap, cmap.hasCIDRange, haruFonts.insert(number ?? -1).inserted {
            let name = String((document.name(document.value(font, "/BaseFont")) ?? "/").dropFirst())
            findings.append(
                Finding(
                    rule: .haruMalformedToUnicode, severity: .warning,
                    message:
                        "font \(name)\(number.map { " (object \($0) 0)" } ?? ""): its ToUnicode CMap uses 'begincidrange', "
                        + "the known libHaru 2.3.0 defect for UTF-8 fonts; viewers warn but text still extracts",
                    page: page))
        }
        let scheme: FontDecoder.Scheme
        if subtype == "/Type0" {
            let descendant = document.items(document.value(font, "/DescendantFonts")).first
            let cidToGID = descendant.flatMap { document.value($0, "/CIDToGIDMap") }
            if let cmap, cmap.isUsable {
                scheme = .toUnicode(cmap, defaultLength: 2)
            } else if encodingName?.hasPrefix("Identity") == true, cmap?.hasCIDRange == true,
                cidToGID.map(document.isStream) == true
            {
                scheme = .utf16
            } else if let name = encodingName, let predefined = FontDecoder.predefined(cmap: name) {
                scheme = predefined
            } else {
                scheme = .unknown(length: 2)
            }
        } else if let cmap, cmap.isUsable {
            scheme = .toUnicode(cmap, defaultLength: 1)
        } else {
            let base =
                encodingName
                ?? encodingObject.flatMap { document.name(document.value($0, "/BaseEncoding")) }.map {
                    String($0.dropFirst())
                }
            var table = FontDecoder.baseTable(base)
            var code = 0
            for item in document.items(encodingObject.flatMap { document.value($0, "/Differences") }) {
                if let value = document.integer(item) {
                    code = value
                } else if let glyph = document.name(item) {
                    if (0..<256).contains(code) {
                        table[code] = FontDecoder.character(glyphName: String(glyph.dropFirst())) ?? "\u{FFFD}"
                    }
                    code += 1
                }
            }
            scheme = .singleByte(table)
        }
        let decoder = FontDecoder(scheme: scheme)
        if let number { decoders[number] = decoder }
        return decoder
    }

    /// The text shown by `contents`, following forms drawn with `Do` (each form once per page), and what the
    /// parse found; operations are visited as they are parsed, never all held.
    private func extractText(
        _ contents: [UInt8], resources: qpdf_oh?, depth: Int,
        page: Int
    ) -> (String, ContentParser.Outcome) {
        var text = ""
        var decoder: FontDecoder?
        func breakLine() { if !text.isEmpty, text.last != "\n" { text += "\n" } }
        func show(_ operand: Operand?) {
            guard case .string(let bytes) = operand else { return }
            text += (decoder ?? FontDecoder(scheme: .singleByte(FontDecoder.baseTable(nil)))).decode(bytes)
        }
        var fontsByName: [String: FontDecoder?] = [:]
        var namesDrawn: Set<String> = []
        let outcome = ContentParser.parse(contents, operatorLimit: limits.operators) { operation in
            switch operation.operator_ {
            case "Tf":
                // One lookup per font name: each lookup makes qpdf object handles, which live until the page ends.
                guard case .name(let name) = operation.operands.first else {
                    decoder = nil
                    return
                }
                if let known = fontsByName[name] {
                    decoder = known
                    return
                }
                guard
                    let font = resources.flatMap({ document.value($0, "/Font") }).flatMap({
                        document.value($0, "/" + name)
                    }),
                    document.isDictionary(font)
                else {
                    decoder = nil
                    fontsByName[name] = .some(nil)
                    return
                }
                decoder = self.decoder(for: font, page: page)
                fontsByName[name] = decoder
            case "Tj":
                show(operation.operands.last)
            case "'":
                breakLine()
                show(operation.operands.last)
            case "\"":
                breakLine()
                show(operation.operands.last)
            case "TJ":
                guard case .array(let items) = operation.operands.last else { return }
                for item in items {
                    if case .number(let adjustment) = item, adjustment < -250 { text += " " } else { show(item) }
                }
            case "BT", "ET", "T*", "Tm":
                breakLine()
            case "Td", "TD":
                if operation.operands.count == 2, case .number(let dy) = operation.operands[1], dy != 0 { breakLine() }
            case "Do":
                guard depth < maxDepth, case .name(let name) = operation.operands.first,
                    namesDrawn.insert(name).inserted,
                    let form = resources.flatMap({ document.value($0, "/XObject") }).flatMap({
                        document.value($0, "/" + name)
                    }),
                    document.name(document.value(form, "/Subtype")) == "/Form",
                    let number = document.objectNumber(form), formsDrawn.insert(number).inserted,
                    let data = document.streamData(form)
                else { return }
                breakLine()
                text +=
                    extractText(
                        data, resources: document.value(form, "/Resources") ?? resources,
                        depth: depth + 1, page: page
                    ).0
                breakLine()
            default:
                break
            }
        }
        return (text, outcome)
    }

    // MARK: Streams

    /// Walks every object reachable from the trailer (each indirect object once) for streams stored without a
    /// filter above the limit. Metadata streams are left alone: PDF/A wants them readable.
    private func scanStreams() {
        var stack: [qpdf_oh] = [document.trailer]
        var seen: Set<Int> = []
        var budget = 1_000_000
        var reported = 0
        var more = 0
        while let node = stack.popLast(), budget > 0 {
            budget -= 1
            if let number = document.objectNumber(node), !seen.insert(number).inserted { continue }
            let kind = document.type(node)
            if kind == ot_array {
                stack += document.containerItems(node)
                continue
            }
            guard kind == ot_dictionary || kind == ot_stream else { continue }
            for key in document.keys(node) {
                if let value = document.value(node, key) { stack.append(value) }
            }
            guard kind == ot_stream, document.value(node, "/Filter") == nil,
                document.name(document.value(node, "/Type")) != "/Metadata",
                let length = document.integer(document.value(node, "/Length")), length > uncompressedLimit
            else { continue }
            let place = document.objectNumber(node).map { "object \($0) 0" } ?? "a stream"
            if reported < 10 {
                reported += 1
                findings.append(
                    Finding(
                        rule: .uncompressedStream, severity: .warning,
                        message: "\(place): a \(length)-byte stream is stored without a filter; compress it "
                            + "(libHaru: HPDF_SetCompressionMode(pdf, HPDF_COMP_ALL))"))
            } else {
                more += 1
            }
        }
        if more > 0 {
            findings.append(
                Finding(
                    rule: .uncompressedStream, severity: .warning,
                    message: "\(more) more uncompressed streams above \(uncompressedLimit) bytes"))
        }
    }
}
