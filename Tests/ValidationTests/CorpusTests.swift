import Foundation
import TestSupport
import Testing
import Validation

/// The verdict corpus: damaged and valid files made here, each with the verdict and rule Check must give, every one
/// also run through `qpdf --check`. The property that matters: whenever qpdf rejects a file, so does Check; where
/// Check rejects what qpdf accepts, it is for a rule a viewer needs (no pages, a key poppler cannot derive, …).
@Suite struct CorpusTests {
    /// One file of the corpus and what both checkers must say about it.
    struct Case: CustomStringConvertible, Sendable {
        var name: String
        /// The rule whose error makes the file invalid; nil for a valid file.
        var rule: Rule?
        /// Whether `qpdf --check` exits 0 on it.
        var qpdfAccepts: Bool
        var options = ValidationOptions()
        /// Makes the file in `folder`.
        var make: @Sendable (URL) throws -> URL

        var description: String { name }
    }

    /// Writes `data` as `name` in `folder`.
    static func write(_ data: Data, _ name: String, in folder: URL) throws -> URL {
        let url = folder.appendingPathComponent(name)
        try data.write(to: url)
        return url
    }

    /// Runs the qpdf command line (linearize, encrypt) to make a file the way a real writer does.
    static func qpdf(_ arguments: [String]) throws {
        let result = try Oracle.run("qpdf", arguments)
        guard result.status == 0 || result.status == 3 else { throw CocoaError(.fileWriteUnknown) }
    }

    /// `bytes` with the first `old` replaced by `new` (same length, so offsets hold).
    static func patch(_ bytes: Data, _ old: String, _ new: String) -> Data {
        precondition(old.utf8.count == new.utf8.count)
        guard let range = bytes.range(of: Data(old.utf8)) else { return bytes }
        var result = bytes
        result.replaceSubrange(range, with: Data(new.utf8))
        return result
    }

    static let cases: [Case] = [
        Case(name: "valid", rule: nil, qpdfAccepts: true) { try write(Fixtures.helvetica(), "valid.pdf", in: $0) },
        Case(name: "no pages", rule: .noPages, qpdfAccepts: true) { folder in
            var pdf = MiniPDF()
            let catalog = pdf.add("<< /Type /Catalog /Pages 2 0 R >>")
            pdf.add("<< /Type /Pages /Kids [] /Count 0 >>")
            return try write(pdf.data(root: catalog), "empty.pdf", in: folder)
        },
        Case(name: "NUL in a content name", rule: .contentStream, qpdfAccepts: false) {
            try write(Fixtures.helvetica(content: "BT /F1 24 Tf 72 700 Td /A#00B (x) Tj ET"), "null-name.pdf", in: $0)
        },
        Case(name: "unbalanced content array", rule: .contentStream, qpdfAccepts: false) {
            try write(Fixtures.helvetica(content: "BT /F1 24 Tf 72 700 Td [(x) TJ ET"), "open-array.pdf", in: $0)
        },
        Case(name: "wrong xref offsets", rule: .structureDamaged, qpdfAccepts: false) {
            try write(Damage.wrongXrefOffsets.apply(to: Fixtures.helvetica()), "xref.pdf", in: $0)
        },
        Case(name: "catalog without /Pages", rule: .pageTreeUnusable, qpdfAccepts: false) { folder in
            var pdf = MiniPDF()
            let catalog = pdf.add("<< /Type /Catalog >>")
            return try write(pdf.data(root: catalog), "no-pages-key.pdf", in: folder)
        },
        Case(name: "linearization /N mismatch", rule: .linearization, qpdfAccepts: false) { folder in
            let plain = try write(Fixtures.helvetica(pages: 2), "plain.pdf", in: folder)
            let linear = folder.appendingPathComponent("linear.pdf")
            try qpdf(["--linearize", plain.path, linear.path])
            return try write(patch(try Data(contentsOf: linear), "/N 2 ", "/N 3 "), "lin-bad.pdf", in: folder)
        },
        Case(name: "linearized, sound", rule: nil, qpdfAccepts: true) { folder in
            let plain = try write(Fixtures.helvetica(pages: 2), "plain.pdf", in: folder)
            let linear = folder.appendingPathComponent("linear.pdf")
            try qpdf(["--linearize", plain.path, linear.path])
            return linear
        },
        Case(name: "RC4 key without /Length", rule: .encryptionKeyLength, qpdfAccepts: true) { folder in
            let plain = try write(Fixtures.helvetica(), "plain.pdf", in: folder)
            let encrypted = folder.appendingPathComponent("encrypted.pdf")
            try qpdf([
                "--allow-weak-crypto", "--encrypt", "", "owner", "128", "--use-aes=n", "--", plain.path, encrypted.path
            ])
            return try write(
                patch(try Data(contentsOf: encrypted), "/Length 128 ", "/Wength 128 "), "no-length.pdf", in: folder)
        },
        Case(
            name: "stream over the stream limit", rule: .resourceLimit, qpdfAccepts: true,
            options: ValidationOptions(limits: ResourceLimits(streamBytes: 1 << 20))
        ) { folder in
            let content = String(repeating: "q Q ", count: 1 << 19) + "BT /F1 24 Tf 72 700 Td (Hello) Tj ET"
            return try write(Fixtures.helvetica(content: content), "big.pdf", in: folder)
        },
        Case(
            name: "content over the operator limit", rule: .resourceLimit, qpdfAccepts: true,
            options: ValidationOptions(limits: ResourceLimits(operators: 1000))
        ) { folder in
            try write(Fixtures.helvetica(content: String(repeating: "q Q ", count: 1000)), "ops.pdf", in: folder)
        },
        Case(
            name: "no Title or Lang, required", rule: .metadataMissing, qpdfAccepts: true,
            options: ValidationOptions(requireMetadata: true)
        ) { try write(Fixtures.helvetica(), "bare.pdf", in: $0) },
        Case(
            name: "Title and Lang, required", rule: nil, qpdfAccepts: true,
            options: ValidationOptions(requireMetadata: true)
        ) { folder in
            var pdf = MiniPDF()
            let catalog = pdf.add("<< /Type /Catalog /Pages 2 0 R /Lang (ja) >>")
            pdf.add("<< /Type /Pages /Kids [3 0 R] /Count 1 >>")
            pdf.add("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>")
            let info = pdf.add("<< /Title (Ticket) >>")
            return try write(pdf.data(root: catalog, info: info), "titled.pdf", in: folder)
        }
    ]

    @Test(arguments: cases)
    func verdictAgreesWithExpectationAndQPDF(_ entry: Case) throws {
        let scratch = try Scratch("check-corpus")
        let file = try entry.make(scratch.url)
        let qpdf = try Oracle.qpdfCheck(file)
        #expect(
            (qpdf.status == 0) == entry.qpdfAccepts, "qpdf --check exited \(qpdf.status): \(qpdf.stdout)\(qpdf.stderr)")
        let report: ValidationReport
        do {
            report = try Validator(options: entry.options).validate(file)
        } catch {
            Issue.record("\(entry.name): cannot be read: \(error)")
            return
        }
        if let rule = entry.rule {
            #expect(!report.isValid, "\(report.findings)")
            #expect(
                !report.findings(rule).filter { $0.severity == .error }.isEmpty,
                "expected \(rule.rawValue): \(report.findings)")
        } else {
            #expect(report.isValid, "\(report.findings)")
        }
        if qpdf.status != 0 { #expect(!report.isValid, "qpdf rejects it, Check must too") }
    }
}
