import Foundation
import TestSupport
import Testing
import Validation

/// The broken-file corpus: each damage gives the right finding or error, never a crash, and Check agrees with
/// `qpdf --check` on whether the file is broken (qpdf exits non-zero ⇔ Check throws or reports damage).
@Suite struct BrokenPDFTests {
    /// What Check should say about each damage.
    enum Expected { case unreadable, damaged(Rule) }

    static let expected: [Damage: Expected] = [
        .truncated: .unreadable,
        .wrongStartxref: .damaged(.structureDamaged),
        .wrongXrefOffsets: .damaged(.structureDamaged),
        .missingTrailer: .unreadable,
        .badStreamLength: .damaged(.structureDamaged),
        .randomBytes: .unreadable
    ]

    @Test(arguments: Damage.allCases)
    func damageIsFoundAndAgreesWithQPDF(_ damage: Damage) throws {
        let scratch = try Scratch("check-broken")
        let file = scratch.file("\(damage.rawValue).pdf")
        try damage.apply(to: Fixtures.helvetica(pages: 2)).write(to: file)
        let qpdf = try Oracle.qpdfCheck(file)
        #expect(qpdf.status != 0, "the corpus file must be broken for qpdf too: \(qpdf.stdout)\(qpdf.stderr)")

        switch Self.expected[damage]! {
        case .unreadable:
            #expect(throws: ValidatorError.self) { try Validator().validate(file) }
            #expect(qpdf.status == 2)
            do {
                _ = try Validator().validate(file)
            } catch let error as ValidatorError {
                guard case .notAPDF(let path, let detail) = error else {
                    Issue.record("expected notAPDF, got \(error)")
                    return
                }
                #expect(path == file.path)
                #expect(!detail.isEmpty)
                #expect(error.description.contains(file.path))
            }
        case .damaged(let rule):
            let report = try Validator().validate(file)
            #expect(report.isDamaged)
            #expect(!report.isValid)
            #expect(!report.findings(rule).isEmpty, "\(report.findings)")
            #expect(report.findings(rule).allSatisfy { $0.severity == .error })
            // qpdf recovered: the pages are still there.
            #expect(report.inspection.pageCount == 2)
        }
    }

    @Test func encryptedFileWithoutPasswordCannotBeRead() throws {
        let scratch = try Scratch("check-encrypted")
        let plain = scratch.file("plain.pdf")
        let locked = scratch.file("locked.pdf")
        try Fixtures.helvetica().write(to: plain)
        #expect(
            try Oracle.run("qpdf", ["--encrypt", "user", "owner", "256", "--", plain.path, locked.path]).status == 0)
        #expect(try Oracle.qpdfCheck(locked).status == 2)

        #expect(throws: ValidatorError.passwordRequired(path: locked.path, passwordGiven: false)) {
            try Validator().validate(locked)
        }
        #expect(throws: ValidatorError.passwordRequired(path: locked.path, passwordGiven: true)) {
            try Validator(options: ValidationOptions(password: "wrong")).validate(locked)
        }
        for password in ["user", "owner"] {
            #expect(try Oracle.qpdfCheck(locked, password: password).status == 0)
            let report = try Validator(options: ValidationOptions(texts: ["Hello World"], password: password)).validate(
                locked)
            #expect(report.isValid, "\(report.findings)")
            let encryption = try #require(report.inspection.encryption)
            #expect(encryption.revision == 6)
            #expect(Set(encryption.permissions) == Set(Permission.allCases))
        }
    }

    /// qpdf's words in `--show-encryption` for each permission.
    static let shownAs: [Permission: String] = [
        .accessibility: "extract for accessibility", .extractAll: "extract for any purpose",
        .printLowResolution: "print low resolution", .printHighResolution: "print high resolution",
        .modifyAssembly: "modify document assembly", .modifyForms: "modify forms",
        .modifyAnnotations: "modify annotations", .modifyOther: "modify other"
    ]

    /// Key lengths (so revisions 2, 3/4 and 6) with restrictions, each decoded as `qpdf --show-encryption` decodes it.
    @Test(arguments: [
        ["40", "--print=n", "--modify=n", "--allow-weak-crypto"],
        ["40", "--extract=n", "--annotate=n", "--allow-weak-crypto"],
        ["128", "--print=low", "--modify=form", "--extract=n", "--use-aes=y"],
        [
            "128", "--assemble=n", "--annotate=n", "--form=n", "--modify-other=n", "--accessibility=n",
            "--allow-weak-crypto"
        ],
        ["256", "--print=none", "--modify=none", "--extract=n"],
        ["256", "--print=low", "--modify=annotate"]
    ])
    func permissionsAreDecodedAsQPDFDecodesThem(_ arguments: [String]) throws {
        let scratch = try Scratch("check-permissions")
        let plain = scratch.file("plain.pdf")
        let locked = scratch.file("locked.pdf")
        try Fixtures.helvetica().write(to: plain)
        // Weak (RC4) keys need a top-level opt-in before --encrypt.
        let weak = arguments.filter { $0 == "--allow-weak-crypto" }
        let options = arguments.dropFirst().filter { $0 != "--allow-weak-crypto" }
        let args = weak + ["--encrypt", "", "owner", arguments[0]] + options + ["--", plain.path, locked.path]
        let made = try Oracle.run("qpdf", args)
        #expect(made.status == 0, "\(made.stderr)")
        let report = try Validator().validate(locked)
        #expect(report.isValid, "\(report.findings)")
        let encryption = try #require(report.inspection.encryption)
        let shown = try Oracle.run("qpdf", ["--show-encryption", locked.path]).stdout
        #expect(shown.contains("R = \(encryption.revision)\n"))
        #expect(shown.contains("P = \(encryption.permissionBits)\n"))
        for permission in Permission.allCases {
            let word = encryption.permissions.contains(permission) ? "allowed" : "not allowed"
            #expect(shown.contains("\(Self.shownAs[permission]!): \(word)\n"), "\(permission) in \(shown)")
        }
        #expect(encryption.permissions.count < Permission.allCases.count)
    }

    @Test func undecodableContentStreamIsAnErrorLikeQPDF() throws {
        let scratch = try Scratch("check-flate")
        let file = scratch.file("flate.pdf")
        var pdf = MiniPDF()
        let catalog = pdf.add("<< /Type /Catalog /Pages 2 0 R >>")
        pdf.add("<< /Type /Pages /Kids [4 0 R] /Count 1 >>")
        pdf.addStream("/Filter /FlateDecode", Array("BT ET not flate data".utf8))
        pdf.add("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 100 100] /Contents 3 0 R >>")
        try pdf.data(root: catalog).write(to: file)
        #expect(try Oracle.qpdfCheck(file).status == 2)
        let report = try Validator().validate(file)
        #expect(report.isDamaged)
        let finding = try #require(report.findings(.contentStream).first)
        #expect(finding.page == 1)
        #expect(finding.message.contains("object 3 0"))
    }

    @Test func missingAndFolderPathsAreTypedErrors() throws {
        let scratch = try Scratch("check-missing")
        let missing = scratch.file("nope.pdf")
        #expect(throws: ValidatorError.fileNotFound(path: missing.path)) { try Validator().validate(missing) }
        #expect(throws: ValidatorError.notReadable(path: scratch.url.path, reason: "it is a folder")) {
            try Validator().validate(scratch.url)
        }
        let text = ValidatorError.fileNotFound(path: missing.path).localizedDescription
        #expect(text.contains(missing.path) && text.contains("check the path"))
    }
}
