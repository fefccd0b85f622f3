import ArgumentParser
import DrawingModule
import Foundation
import Render

/// `--pdfa`, `--attach`, `--encrypt` with its passwords and permissions: how every command that writes a PDF asks
/// for an archival or protected file. Part of `OutputArguments`, so ticket, render, report, image and batch all take
/// them. Secrets come from a file or an environment variable, never from the command line (which `ps` shows).
struct ProtectionArguments: ParsableArguments {
    /// The PDF/A level.
    @Option(
        name: .customLong("pdfa"),
        help: ArgumentHelp(
            "Write PDF/A: 1b, 2b or 3b (XMP metadata, an sRGB OutputIntent, every font embedded). Overrides a "
                + "template's pdfa:.", valueName: "level"))
    var pdfa: Document.Archive.Level?

    /// Files to attach (PDF/A-3b).
    @Option(
        name: .customLong("attach"),
        help: ArgumentHelp(
            "Attach a file to the PDF with AFRelationship Data (repeatable; implies --pdfa 3b, the one level that "
                + "carries any file).", valueName: "file"))
    var attach: [String] = []

    /// Encrypt with AES-256.
    @Flag(help: "Encrypt the PDF with AES-256 (revision 6) through libqpdf; needs an owner password.")
    var encrypt = false

    /// Where the user password is read from.
    @Option(
        name: .customLong("user-password-file"),
        help: ArgumentHelp("Read the user password (opens the file) from this file's first line.", valueName: "path"))
    var userPasswordFile: String?

    /// The environment variable holding the user password.
    @Option(
        name: .customLong("user-password-env"),
        help: ArgumentHelp("Read the user password from this environment variable.", valueName: "name"))
    var userPasswordEnvironment: String?

    /// Where the owner password is read from.
    @Option(
        name: .customLong("owner-password-file"),
        help: ArgumentHelp(
            "Read the owner password (opens the file with every permission) from this file's first line.",
            valueName: "path"))
    var ownerPasswordFile: String?

    /// The environment variable holding the owner password.
    @Option(
        name: .customLong("owner-password-env"),
        help: ArgumentHelp("Read the owner password from this environment variable.", valueName: "name"))
    var ownerPasswordEnvironment: String?

    /// What the user password allows.
    @Option(
        help: ArgumentHelp(
            "What the user password allows, comma-separated: print, high-quality-print, copy, modify, annotate, "
                + "fill-forms, assemble, all or none (default: print,high-quality-print).", valueName: "list"))
    var allow: String?

    func validate() throws {
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
        if !attach.isEmpty, let pdfa, pdfa != .a3b {
            throw ValidationError("--attach needs PDF/A-3b: \(pdfa.name) carries no attached files; give --pdfa 3b")
        }
    }

    /// The PDF/A request: the level, and the attached files read now.
    /// - Throws: `ValidationError` naming an attachment that cannot be read.
    func archive() throws -> Document.Archive? {
        guard pdfa != nil || !attach.isEmpty else { return nil }
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

extension Document.Archive.Level: ExpressibleByArgument {}
