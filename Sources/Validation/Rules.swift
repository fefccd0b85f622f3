/// mkpdf's own rules over an inspection: fonts, page size, page count and expected texts.
enum Rules {
    /// The findings `options` ask for on `inspection`.
    static func findings(for inspection: Inspection, options: ValidationOptions) -> [Finding] {
        fonts(inspection, required: options.requireEmbeddedFonts)
            + pageCount(inspection, expected: options.pageCount)
            + pageSize(inspection, expected: options.pageSize)
            + texts(inspection, expected: options.texts)
            + version(inspection)
            + toUnicode(inspection)
            + metadata(inspection, required: options.requireMetadata)
    }

    /// The version each feature needs; the header's (or the catalog's /Version, whichever is later) must reach it.
    static func version(_ inspection: Inspection) -> [Finding] {
        let needs: [String: Double] = ["SMask": 1.4, "transparency": 1.4, "object streams": 1.5]
        let declared = Double(inspection.pdfVersion.prefix(3)) ?? 0
        let missing = inspection.features.filter { (needs[$0] ?? 0) > declared + 0.001 }
        guard !missing.isEmpty, declared > 0 else { return [] }
        let needed = missing.compactMap { needs[$0] }.max() ?? 1.4
        return [
            Finding(
                rule: .versionTooLow, severity: .warning,
                message: "the header declares PDF \(inspection.pdfVersion.prefix(3)) but the file uses "
                    + "\(missing.joined(separator: ", ")) (PDF \(needed)); declare %PDF-\(needed)")
        ]
    }

    /// Fonts whose codes map to no Unicode: composite and Type 3 fonts without /ToUnicode, and simple fonts
    /// with neither /ToUnicode nor an /Encoding (their built-in encoding is opaque to extraction).
    static func toUnicode(_ inspection: Inspection) -> [Finding] {
        var seen: Set<String> = []
        var findings: [Finding] = []
        for page in inspection.pages {
            for font in page.fonts where !font.hasToUnicode {
                let composite = font.type.hasPrefix("Type0")
                let predefined =
                    composite && !font.encoding.hasPrefix("Identity") && font.encoding != "Custom"
                    && !font.encoding.isEmpty
                let opaque =
                    (composite && !predefined) || font.type == "Type3"
                    || (!composite && font.encoding.isEmpty && font.isEmbedded)
                guard opaque, seen.insert(font.baseFont + font.type).inserted else { continue }
                findings.append(
                    Finding(
                        rule: .fontWithoutToUnicode, severity: .warning,
                        message:
                            "font \(font.baseFont) (\(font.type)\(font.encoding.isEmpty ? "" : ", \(font.encoding)")) has no ToUnicode CMap: its text cannot be copied or searched; write a /ToUnicode CMap",
                        page: page.number))
            }
        }
        return findings
    }

    /// With `required`, a missing Info /Title or catalog /Lang is an error.
    static func metadata(_ inspection: Inspection, required: Bool) -> [Finding] {
        guard required else { return [] }
        var missing: [String] = []
        if (inspection.info["Title"] ?? "").isEmpty { missing.append("Info /Title") }
        if (inspection.language ?? "").isEmpty { missing.append("catalog /Lang") }
        guard !missing.isEmpty else { return [] }
        return [
            Finding(
                rule: .metadataMissing, severity: .error,
                message: "\(missing.joined(separator: " and ")) missing; screen readers and document lists need them")
        ]
    }

    /// One finding per font that is not embedded, naming the pages it is used on.
    static func fonts(_ inspection: Inspection, required: Bool) -> [Finding] {
        var order: [String] = []
        var pages: [String: [Int]] = [:]
        for page in inspection.pages {
            for font in page.fonts where !font.isEmbedded {
                let key = "\(font.baseFont) (\(font.type), \(font.encoding.isEmpty ? "no encoding" : font.encoding))"
                if pages[key] == nil { order.append(key) }
                if pages[key]?.last != page.number { pages[key, default: []].append(page.number) }
            }
        }
        return order.map { key in
            let list = pages[key] ?? []
            return Finding(
                rule: .fontNotEmbedded, severity: required ? .error : .warning,
                message: "font \(key) is not embedded (used on page\(list.count == 1 ? "" : "s") "
                    + "\(pageRanges(list))); viewers will substitute another font; "
                    + "embed it (mkpdf embeds a subset of every font unless rendering with --font-mode cid)",
                page: list.count == 1 ? list[0] : nil)
        }
    }

    /// `1–3, 5, 7–9` for sorted page numbers, so a finding about a long document stays one short line.
    static func pageRanges(_ pages: [Int]) -> String {
        var parts: [String] = []
        var index = 0
        while index < pages.count {
            var end = index
            while end + 1 < pages.count, pages[end + 1] == pages[end] + 1 { end += 1 }
            parts.append(end == index ? "\(pages[index])" : "\(pages[index])–\(pages[end])")
            index = end + 1
        }
        return parts.joined(separator: ", ")
    }

    static func pageCount(_ inspection: Inspection, expected: Int?) -> [Finding] {
        guard let expected, inspection.pageCount != expected else { return [] }
        return [
            Finding(
                rule: .pageCount, severity: .error,
                message:
                    "the document has \(inspection.pageCount) page\(inspection.pageCount == 1 ? "" : "s"), expected \(expected)"
            )
        ]
    }

    static func pageSize(_ inspection: Inspection, expected: ExpectedPageSize?) -> [Finding] {
        guard let expected else { return [] }
        return inspection.pages.compactMap { page in
            guard let box = page.mediaBox else {
                return Finding(
                    rule: .pageSize, severity: .error,
                    message: "the page has no readable MediaBox, expected \(expected)", page: page.number)
            }
            guard !expected.matches(width: box.width, height: box.height) else { return nil }
            return Finding(
                rule: .pageSize, severity: .error,
                message: "the page is \(box.sizeDescription), expected \(expected)",
                page: page.number)
        }
    }

    static func texts(_ inspection: Inspection, expected: [String]) -> [Finding] {
        let all = inspection.pages.map(\.text).joined(separator: "\n")
        return expected.filter { !TextMatch.contains(all, $0) }.map { text in
            let unencodable = text.unicodeScalars.filter { $0.value > 0xFFFF }.map {
                "U+" + String($0.value, radix: 16, uppercase: true)
            }
            let hint =
                unencodable.isEmpty
                ? ""
                : " (it holds \(unencodable.joined(separator: ", ")), beyond the BMP: libHaru's UTF-8 encoder writes such characters as spaces)"
            return Finding(
                rule: .textMissing, severity: .error,
                message: "the text \"\(text)\" appears on no page\(hint)")
        }
    }
}
