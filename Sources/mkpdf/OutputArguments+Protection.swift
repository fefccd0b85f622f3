import ArgumentParser
import DrawingModule
import Foundation
import Render

/// `--pdfa`, `--attach`, `--encrypt` and `--sign`, read from `OutputArguments`: what they ask for, checked and made
/// into the output options. Secrets come from a file or an environment variable, never from the command line (which
/// `ps` shows).
extension OutputArguments {
    /// The usage rules of the PDF/A, encryption and signing options.
    func validateProtection() throws {
        try validateSigning()
        let secrets = [userPasswordFile, userPasswordEnvironment, ownerPasswordFile, ownerPasswordEnvironment, allow]
        if !encrypt, secrets.contains(where: { $0 != nil }) {
            throw ValidationError("passwords and --allow apply to --encrypt: add --encrypt, or leave them out")
        }
        if encrypt, ownerPasswordFile == nil, ownerPasswordEnvironment == nil {
            throw ValidationError(
                "--encrypt needs an owner password: --owner-password-file PATH or --owner-password-env NAME")
        }
        if let allow, case .failure(let unknown) = PDFPermissions.parse(allow) {
            throw ValidationError("--allow: \(unknown.description)")
        }
        if encrypt, pdfa != nil || !attach.isEmpty {
            throw ValidationError("PDF/A forbids encryption: give --encrypt or --pdfa/--attach, not both")
        }
        if let eInvoice, encrypt {
            throw ValidationError(
                "--einvoice \(eInvoice.rawValue) makes PDF/A-3b, which forbids encryption: leave out --encrypt")
        }
        if let eInvoice, let pdfa, !pdfa.carriesAttachments {
            throw ValidationError(
                "--einvoice \(eInvoice.rawValue) attaches a file, which only PDF/A-3 carries: give --pdfa 3b (or 3a) "
                    + "or leave --pdfa out")
        }
        if !attach.isEmpty, let pdfa, !pdfa.carriesAttachments {
            throw ValidationError(
                "--attach needs PDF/A-3: \(pdfa.name) carries no attached files; give --pdfa 3b (or 3a)")
        }
    }

    /// The PDF/A request: the level, and the attached files read now.
    /// - Throws: `ValidationError` naming an attachment that cannot be read.
    func archive() throws -> Document.Archive? {
        guard pdfa != nil || !attach.isEmpty || eInvoice != nil else { return nil }
        let files = try attach.map { path -> Document.Archive.Attachment in
            guard let data = FileManager.default.contents(atPath: path) else {
                throw ValidationError("--attach \(path): the file cannot be read. Fix: give an existing, readable file")
            }
            let name = URL(fileURLWithPath: path).lastPathComponent
            return Document.Archive.Attachment(
                name: name, data: data, mimeType: Document.Archive.Attachment.mimeType(forName: name))
        }
        return Document.Archive(level: pdfa ?? .a3b, attachments: files)
    }

    /// The encryption settings, passwords read from their files or variables.
    /// - Throws: `ValidationError` naming the file or variable (never the secret) that cannot be read.
    func encryption() throws -> PDFEncryption? {
        guard encrypt else { return nil }
        let owner = try Secret.read(
            file: ownerPasswordFile, environment: ownerPasswordEnvironment, what: "owner password")
        let user = try Secret.read(file: userPasswordFile, environment: userPasswordEnvironment, what: "user password")
        var permissions: PDFPermissions = [.print, .highQualityPrint]
        if let allow, case .success(let parsed) = PDFPermissions.parse(allow) { permissions = parsed }
        return PDFEncryption(userPassword: user ?? "", ownerPassword: owner ?? "", permissions: permissions)
    }
}

extension OutputArguments {
    /// The usage rules of the signing options.
    private func validateSigning() throws {
        let signingOptions: [Any?] = [signPasswordFile, signPasswordEnvironment, signRect, signPage, timestampAuthority]
        if sign == nil, signingOptions.contains(where: { $0 != nil }) || signAllowExpired {
            throw ValidationError(
                "--sign-password-*, --sign-rect, --sign-page, --sign-allow-expired and --tsa apply to --sign: add "
                    + "--sign KEY.p12")
        }
        if sign != nil, encrypt {
            throw ValidationError(
                "--sign and --encrypt together are not supported: a signed file is not encrypted here; leave one out")
        }
        if signPage != nil, signRect == nil {
            throw ValidationError("--sign-page places the --sign-rect field: add --sign-rect x,y,w,h")
        }
        if let signPage, signPage < 1 { throw ValidationError("--sign-page \(signPage): pages count from 1") }
        if signRect != nil { _ = try signatureRect() }
        if let timestampAuthority, !timestampAuthority.lowercased().hasPrefix("http://") {
            throw ValidationError(
                "--tsa \(timestampAuthority): give the authority's http:// URL (a time-stamp token is signed, so it "
                    + "needs no TLS; https is not supported)")
        }
    }

    /// The `--sign-rect` rectangle.
    private func signatureRect() throws -> Rect? {
        guard let signRect else { return nil }
        let numbers = signRect.split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard numbers.count == 4, let x = numbers[0], let y = numbers[1], let width = numbers[2],
            let height = numbers[3], [x, y, width, height].allSatisfy({ $0.isFinite && $0.magnitude <= 14_400 }),
            width > 0, height > 0
        else {
            throw ValidationError(
                "--sign-rect \(signRect): give four numbers x,y,w,h in points, width and height greater than 0, "
                    + "each at most 14400 (the largest page side)")
        }
        return Rect(x: x, y: y, width: width, height: height)
    }

    /// The signature settings, the key file opened with its password now (once for a whole batch).
    /// - Throws: `ValidationError` naming the key file or password source (never the password) that cannot be read,
    ///   or the key file's problem.
    func signing() throws -> PDFSigning? {
        guard let sign else { return nil }
        guard let bytes = FileManager.default.contents(atPath: sign) else {
            throw ValidationError("--sign \(sign): the file cannot be read. Fix: give an existing, readable .p12 file")
        }
        let password =
            try Secret.read(file: signPasswordFile, environment: signPasswordEnvironment, what: "signing key password")
            ?? ""
        let identity: SigningIdentity
        do {
            identity = try SigningIdentity(pkcs12: bytes, password: password, source: sign)
        } catch {
            throw ValidationError(error.description)
        }
        let now = Date()
        if let problem = identity.validityProblem(at: now) {
            guard signAllowExpired else {
                throw ValidationError(
                    "--sign \(sign): \(problem), so a reader reports the signature as invalid. Fix: sign with a "
                        + "valid certificate; to sign with this one anyway, add --sign-allow-expired")
            }
            FileHandle.standardError.write(
                Data("mkpdf: warning: --sign \(sign): \(problem); signing anyway (--sign-allow-expired)\n".utf8))
        } else if let days = identity.daysUntilExpiry(from: now, within: 30) {
            FileHandle.standardError.write(
                Data(
                    ("mkpdf: warning: --sign \(sign): the certificate of \"\(identity.name)\" expires in \(days) "
                        + "day\(days == 1 ? "" : "s") (\(SigningIdentity.day(identity.validUntil))); renew it before "
                        + "signing stops\n").utf8))
        }
        let field = try signatureRect().map { Document.SignatureField(page: signPage ?? 1, rect: $0) }
        var signing = PDFSigning(identity: identity, field: field, timestampAuthority: timestampAuthority)
        signing.allowsInvalidCertificateDates = signAllowExpired
        return signing
    }
}

/// A password read from a file (its first line) or an environment variable, so it never stands on a command line.
enum Secret {
    /// The secret, or nil when neither source is given.
    /// - Throws: `ValidationError` naming the file or variable that cannot be read, never its content.
    static func read(file: String?, environment: String?, what: String) throws -> String? {
        if let file {
            guard let data = FileManager.default.contents(atPath: file), let text = String(data: data, encoding: .utf8)
            else {
                throw ValidationError(
                    "the \(what) file \(file) cannot be read as UTF-8 text. Fix: give a readable file")
            }
            return String(text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
                .trimmingCharacters(in: CharacterSet(charactersIn: "\r"))
        }
        if let environment {
            guard let value = ProcessInfo.processInfo.environment[environment] else {
                throw ValidationError(
                    "the environment variable \(environment) for the \(what) is not set. Fix: export it first")
            }
            return value
        }
        return nil
    }
}

extension Document.Archive.Level: ExpressibleByArgument {
    /// Every level's name, for help (named here for the reason `PDFFontMode.allValueStrings` is).
    public static var allValueStrings: [String] { allCases.map { $0.rawValue } }
}
