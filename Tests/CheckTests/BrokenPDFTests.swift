import Check
import Foundation
import Testing
import TestSupport

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
        .randomBytes: .unreadable,
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
            #expect(throws: CheckError.self) { try Validator().validate(file) }
            #expect(qpdf.status == 2)
            do {
                _ = try Validator().validate(file)
            } catch let error as CheckError {
                guard case .notAPDF(let path, let detail) = error else { Issue.record("expected notAPDF, got \(error)"); return }
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
        #expect(try Oracle.run("qpdf", ["--encrypt", "user", "owner", "256", "--", plain.path, locked.path]).status == 0)
        #expect(try Oracle.qpdfCheck(locked).status == 2)

        #expect(throws: CheckError.passwordRequired(path: locked.path, passwordGiven: false)) {
            try Validator().validate(locked)
        }
        #expect(throws: CheckError.passwordRequired(path: locked.path, passwordGiven: true)) {
            try Validator(options: ValidationOptions(password: "wrong")).validate(locked)
        }
        for password in ["user", "owner"] {
            #expect(try Oracle.qpdfCheck(locked, password: password).status == 0)
            let report = try Validator(options: ValidationOptions(texts: ["Hello World"], password: password)).validate(locked)
            #expect(report.isValid, "\(report.findings)")
            let encryption = try #require(report.inspection.encryption)
            #expect(encryption.revision == 6)
            #expect(Set(encryption.permissions) == Set(Permission.allCases))
        }
    }

    @Test func restrictedPermissionsAreDecoded() throws {
        let scratch = try Scratch("check-permissions")
        let plain = scratch.file("plain.pdf")
        let locked = scratch.file("locked.pdf")
        try Fixtures.helvetica().write(to: plain)
        let args = ["--encrypt", "", "owner", "256", "--print=none", "--modify=none", "--extract=n", "--", plain.path, locked.path]
        #expect(try Oracle.run("qpdf", args).status == 0)
        let report = try Validator().validate(locked)
        let encryption = try #require(report.inspection.encryption)
        #expect(!encryption.permissions.contains(.printHighResolution))
        #expect(!encryption.permissions.contains(.printLowResolution))
        #expect(!encryption.permissions.contains(.extractAll))
        #expect(!encryption.permissions.contains(.modifyOther))
        #expect(encryption.permissions.contains(.accessibility))
        #expect(encryption.permissionBits < 0)
        let shown = try Oracle.run("qpdf", ["--show-encryption", locked.path]).stdout
        #expect(shown.contains("P = \(encryption.permissionBits)"))
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
        #expect(throws: CheckError.fileNotFound(path: missing.path)) { try Validator().validate(missing) }
        #expect(throws: CheckError.notReadable(path: scratch.url.path, reason: "it is a folder")) {
            try Validator().validate(scratch.url)
        }
        let text = CheckError.fileNotFound(path: missing.path).localizedDescription
        #expect(text.contains(missing.path) && text.contains("check the path"))
    }
}
