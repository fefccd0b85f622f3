import CQPDF

/// Checks a viewer makes that qpdf's repairs hide: the page tree as /Root /Pages /Kids lead to it, the version the
/// features need, and an encryption key length the security handler can use.
extension Inspector {
    /// What walking /Root /Pages the way a viewer does found: the pages reached, or why none can be.
    enum ViewerPageTree {
        case pages(Int)
        case unusable(String)
    }

    /// Walks /Root /Pages through /Kids (each node once, depth-capped), as poppler and pdf.js do before any repair.
    func walkPageTree() -> ViewerPageTree {
        let root = document.root
        guard document.isDictionary(root) else { return .unusable("the trailer has no /Root catalog dictionary") }
        guard let top = document.value(root, "/Pages"), document.isDictionary(top) else {
            return .unusable("the catalog has no /Pages dictionary")
        }
        var seen: Set<Int> = []
        var count = 0
        var stack: [(qpdf_oh, Int)] = [(top, 0)]
        while let (node, depth) = stack.popLast() {
            if let number = document.objectNumber(node), !seen.insert(number).inserted {
                return .unusable("the page tree loops back to object \(number) 0")
            }
            guard depth < 64, count < 1_000_000 else { return .unusable("the page tree is deeper than 64 levels") }
            let type = document.name(document.value(node, "/Type"))
            if let kids = document.value(node, "/Kids"), type != "/Page" {
                guard document.isArray(kids) else { return .unusable("a page tree node's /Kids is not an array") }
                for kid in document.containerItems(kids).reversed() {
                    guard document.isDictionary(kid) else { continue }
                    stack.append((kid, depth + 1))
                }
            } else if node != top {
                count += 1
            }
        }
        return .pages(count)
    }

    /// Zero pages, or a tree a viewer cannot walk to the pages qpdf finds, are errors.
    func checkPageTree(_ tree: ViewerPageTree, qpdfCount: Int) {
        switch tree {
        case .unusable(let reason):
            findings.append(
                Finding(
                    rule: .pageTreeUnusable, severity: .error,
                    message:
                        "\(reason): viewers cannot reach the pages (qpdf repairs this, poppler and pdf.js do not); regenerate the file"
                ))
        case .pages(let walked) where walked != qpdfCount && qpdfCount > 0:
            findings.append(
                Finding(
                    rule: .pageTreeUnusable, severity: .error,
                    message:
                        "walking /Root /Pages /Kids reaches \(walked) page\(walked == 1 ? "" : "s"), qpdf finds \(qpdfCount) after repair; viewers may show neither; regenerate the file"
                ))
        case .pages:
            break
        }
        if qpdfCount == 0 {
            findings.append(
                Finding(
                    rule: .noPages, severity: .error,
                    message:
                        "the document has no pages; viewers show nothing (qpdf 12's --check: \"file does not contain any pages\")"
                ))
        }
    }

    /// The features that need PDF 1.4 or 1.5 (soft masks, transparency in graphics states, object streams).
    func features(pages: [PageInfo]) -> [String] {
        var found: [String] = []
        if pages.contains(where: { $0.images.contains(where: \.hasSoftMask) }) { found.append("SMask") }
        if usesTransparency() { found.append("transparency") }
        let trailer = document.trailer
        if document.name(document.value(trailer, "/Type")) == "/XRef" || document.value(trailer, "/XRefStm") != nil {
            found.append("object streams")
        }
        return found
    }

    /// Whether an ExtGState of some page sets a blend mode, a constant alpha below 1 or a soft mask.
    private func usesTransparency() -> Bool {
        guard case .success(let count) = document.pageCount() else { return false }
        for index in 0..<min(count, 1000) {
            let states = inheritedResources(document.page(at: index)).flatMap { document.value($0, "/ExtGState") }
            for key in document.keys(states) {
                guard let state = states.flatMap({ document.value($0, key) }) else { continue }
                if let alpha = document.number(document.value(state, "/CA")), alpha < 1 { return true }
                if let alpha = document.number(document.value(state, "/ca")), alpha < 1 { return true }
                if let mask = document.value(state, "/SMask"), document.name(mask) != "/None" { return true }
                if let mode = document.name(document.value(state, "/BM")), mode != "/Normal", mode != "/Compatible" {
                    return true
                }
            }
            document.releaseObjects()
        }
        return false
    }

    private func inheritedResources(_ page: qpdf_oh) -> qpdf_oh? {
        var node: qpdf_oh? = page
        for _ in 0..<16 {
            guard let current = node else { return nil }
            if let value = document.value(current, "/Resources") { return value }
            node = document.value(current, "/Parent")
        }
        return nil
    }

    /// The standard security handler's /Length: 40 for V 1, a multiple of 8 from 40 to 128 for V 2 and 3;
    /// anything else is a key no reader derives (poppler: "Incorrect password").
    func checkEncryptionKeyLength() {
        guard let dictionary = document.value(document.trailer, "/Encrypt"),
            document.name(document.value(dictionary, "/Filter")) == "/Standard"
        else { return }
        let version = document.integer(document.value(dictionary, "/V")) ?? 0
        guard let length = document.integer(document.value(dictionary, "/Length")) else {
            guard version == 2 || version == 3 else { return }
            findings.append(
                Finding(
                    rule: .encryptionKeyLength, severity: .error,
                    message:
                        "the encryption dictionary (V \(version)) states no /Length (the standard's default is 40 bits); readers differ in the key they derive (poppler: \"Incorrect password\"). Re-encrypt the file"
                ))
            return
        }
        let usable: Bool =
            switch version {
            case 1: length == 40
            case 2, 3: length % 8 == 0 && (40...128).contains(length)
            case 4: length == 128 || (length % 8 == 0 && (40...128).contains(length))
            case 5: length == 256
            default: true
            }
        guard !usable else { return }
        findings.append(
            Finding(
                rule: .encryptionKeyLength, severity: .error,
                message:
                    "the encryption dictionary (V \(version)) states a \(length)-bit key, which its security handler cannot use; readers such as poppler refuse the password. Re-encrypt the file"
            ))
    }
}
