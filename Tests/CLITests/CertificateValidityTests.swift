import Foundation
import TestSupport
import Testing

/// `--sign` refuses a certificate that has expired or is not valid yet (a reader such as pdfsig would call the
/// signature invalid) unless `--sign-allow-expired`, and warns on standard error when the certificate expires within
/// 30 days. The certificates are made by the openssl CLI from the `TestPKI`'s CA and the signer's own request.
@Suite struct CertificateValidityTests {
    /// A `.p12` for the `TestPKI`'s signer key under a certificate its CA issues with `dates` (arguments of
    /// `openssl x509 -req`, or of `openssl ca` when `startDate` is given), protected by the PKI's password.
    static func signer(
        _ name: String, pki: TestPKI, days: Int, startDate: String? = nil, endDate: String? = nil
    ) throws -> URL {
        let folder = pki.folder
        var steps: [[String]]
        if let startDate, let endDate {
            // `openssl x509` of OpenSSL 3.0 cannot set notBefore; `openssl ca` can, from a minimal configuration.
            try """
            [ ca ]
            default_ca = test
            [ test ]
            database = \(folder.path)/index.txt
            new_certs_dir = \(folder.path)
            serial = \(folder.path)/ca-issued.serial
            default_md = sha256
            policy = anything
            unique_subject = no
            [ anything ]
            commonName = supplied

            """.write(to: folder.appendingPathComponent("ca.cnf"), atomically: true, encoding: .utf8)
            try "".write(to: folder.appendingPathComponent("index.txt"), atomically: true, encoding: .utf8)
            try "1000\n".write(to: folder.appendingPathComponent("ca-issued.serial"), atomically: true, encoding: .utf8)
            steps = [
                [
                    "ca", "-batch", "-config", "ca.cnf", "-cert", "ca.pem", "-keyfile", "ca.key", "-in", "signer.csr",
                    "-out", "\(name).pem", "-startdate", startDate, "-enddate", endDate, "-extfile", "signer.ext",
                    "-notext", "-utf8", "-preserveDN"
                ]
            ]
        } else {
            steps = [
                [
                    "x509", "-req", "-in", "signer.csr", "-CA", "ca.pem", "-CAkey", "ca.key", "-CAcreateserial",
                    "-out", "\(name).pem", "-days", String(days), "-extfile", "signer.ext"
                ]
            ]
        }
        steps.append([
            "pkcs12", "-export", "-inkey", "signer.key", "-in", "\(name).pem", "-certfile", "ca.pem",
            "-out", "\(name).p12", "-passout", "file:signer.password"
        ])
        for step in steps {
            let made = try Oracle.run("openssl", step, directory: folder)
            #expect(made.status == 0, "openssl \(step.joined(separator: " ")): \(made.stderr)")
        }
        let dates = try Oracle.run("openssl", ["x509", "-in", "\(name).pem", "-noout", "-dates"], directory: folder)
        print("certificate \(name): \(dates.stdout.replacingOccurrences(of: "\n", with: " "))")
        return folder.appendingPathComponent("\(name).p12")
    }

    static func ticket(_ output: String, key: URL, pki: TestPKI, _ more: [String] = [], in scratch: Scratch) throws
        -> Oracle.Result
    {
        try SignatureTests.mkpdf(
            [
                "ticket", "--member", "GCG-40167", "-o", output, "--sign", key.path, "--sign-password-file",
                pki.passwordFile.path
            ] + more, in: scratch)
    }

    @Test func anExpiredCertificateIsRefusedUnlessAllowedAndThenPdfsigSaysExpired() throws {
        let scratch = try Scratch("sign-expired")
        let pki = try TestPKI(in: scratch)
        let expired = try Self.signer("expired", pki: pki, days: -1)
        let refused = try Self.ticket("refused.pdf", key: expired, pki: pki, in: scratch)
        #expect(refused.status != 0, "\(refused.stdout)")
        #expect(refused.stderr.contains("certificate of \"\(pki.signerName)\" expired on"), "\(refused.stderr)")
        #expect(refused.stderr.contains("--sign-allow-expired"), "\(refused.stderr)")
        #expect(!refused.stderr.contains(pki.password))
        #expect(!FileManager.default.fileExists(atPath: scratch.file("refused.pdf").path))

        let allowed = try Self.ticket("allowed.pdf", key: expired, pki: pki, ["--sign-allow-expired"], in: scratch)
        #expect(allowed.status == 0, "\(allowed.stderr)")
        #expect(allowed.stderr.contains("warning") && allowed.stderr.contains("expired on"), "\(allowed.stderr)")
        let poppler = try Oracle.pdfsig(scratch.file("allowed.pdf"))
        #expect(poppler.stdout.contains("Certificate has Expired"), "\(poppler.stdout)")
    }

    @Test func aCertificateNotValidYetIsRefused() throws {
        let scratch = try Scratch("sign-future")
        let pki = try TestPKI(in: scratch)
        let future = try Self.signer(
            "future", pki: pki, days: 0, startDate: "20990101000000Z", endDate: "20991231000000Z")
        let refused = try Self.ticket("future.pdf", key: future, pki: pki, in: scratch)
        #expect(refused.status != 0, "\(refused.stdout)")
        #expect(refused.stderr.contains("is not valid before 2099-01-01 UTC"), "\(refused.stderr)")
        #expect(!FileManager.default.fileExists(atPath: scratch.file("future.pdf").path))
    }

    @Test func aCertificateExpiringWithin30DaysSignsWithAWarning() throws {
        let scratch = try Scratch("sign-soon")
        let pki = try TestPKI(in: scratch)
        let soon = try Self.signer("soon", pki: pki, days: 10)
        let made = try Self.ticket("soon.pdf", key: soon, pki: pki, in: scratch)
        #expect(made.status == 0, "\(made.stderr)")
        #expect(made.stderr.contains("warning"), "\(made.stderr)")
        #expect(
            made.stderr.contains("expires in 9 days") || made.stderr.contains("expires in 10 days"), "\(made.stderr)")
        try SignatureTests.expectSigned(scratch.file("soon.pdf"), pki: pki, text: "GCG-40167")

        // A year's certificate (the PKI's own) signs without a word.
        let quiet = try SignatureTests.mkpdf(
            ["ticket", "--member", "GCG-40167", "-o", "quiet.pdf"] + SignatureTests.signing(pki), in: scratch)
        #expect(quiet.status == 0, "\(quiet.stderr)")
        #expect(!quiet.stderr.contains("warning"), "\(quiet.stderr)")
    }

    @Test func allowExpiredWithoutSignIsRefused() throws {
        let scratch = try Scratch("sign-allow-alone")
        let made = try SignatureTests.mkpdf(
            ["ticket", "--member", "GCG-40167", "-o", "a.pdf", "--sign-allow-expired"], in: scratch)
        #expect(made.status != 0)
        #expect(made.stderr.contains("apply to --sign"), "\(made.stderr)")
    }
}
