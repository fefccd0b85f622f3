import DrawingModule
import Foundation
import QPDF

/// What a reader who opens an encrypted PDF with the user password may do; the owner password opens it fully.
///
/// The names are those `qpdf --show-encryption` reports; a permission not in the set is refused.
public struct PDFPermissions: OptionSet, Sendable, Hashable {
    /// The bits, in mkpdf's own order (not the PDF's `/P` bits: libqpdf writes those).
    public let rawValue: Int
    /// Wraps bits.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Printing at low resolution.
    public static let print = PDFPermissions(rawValue: 1 << 0)
    /// Printing at full resolution (implies `print`).
    public static let highQualityPrint = PDFPermissions(rawValue: 1 << 1)
    /// Copying text and graphics ("extract for any purpose").
    public static let copy = PDFPermissions(rawValue: 1 << 2)
    /// Changing the content ("modify other").
    public static let modify = PDFPermissions(rawValue: 1 << 3)
    /// Adding and changing annotations and form fields.
    public static let annotate = PDFPermissions(rawValue: 1 << 4)
    /// Filling in form fields.
    public static let fillForms = PDFPermissions(rawValue: 1 << 5)
    /// Inserting, rotating and deleting pages, bookmarks and thumbnails ("document assembly").
    public static let assemble = PDFPermissions(rawValue: 1 << 6)
    /// Every permission.
    public static let all: PDFPermissions = [
        .print, .highQualityPrint, .copy, .modify, .annotate, .fillForms, .assemble
    ]

    /// Each permission by the name the command line and templates use.
    public static let names: [(name: String, permission: PDFPermissions)] = [
        ("print", .print), ("high-quality-print", .highQualityPrint), ("copy", .copy), ("modify", .modify),
        ("annotate", .annotate), ("fill-forms", .fillForms), ("assemble", .assemble)
    ]

    /// The permissions a comma-separated list of names gives (`print,copy`; `none` for none, `all` for all), or
    /// nil with the first unknown name.
    public static func parse(_ list: String) -> Result<PDFPermissions, UnknownPermission> {
        var result: PDFPermissions = []
        for item in list.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces).lowercased() }) {
            if item == "none" || item.isEmpty { continue }
            if item == "all" {
                result.formUnion(.all)
                continue
            }
            guard let found = names.first(where: { $0.name == item }) else {
                return .failure(UnknownPermission(name: item))
            }
            result.formUnion(found.permission)
        }
        return .success(result)
    }

    /// A permission name `parse` does not know.
    public struct UnknownPermission: Error, CustomStringConvertible {
        /// The name given.
        public var name: String
        /// What was wrong and the names there are.
        public var description: String {
            "unknown permission \"\(name)\"; permissions are "
                + PDFPermissions.names.map(\.name).joined(separator: ", ") + ", all, none"
        }
    }
}

/// AES-256 encryption (the standard security handler's revision 6) applied to a finished PDF through libqpdf.
///
/// libHaru 2.3.0 writes only RC4, which is broken; libqpdf, already linked for validation, rewrites the file with
/// AES-256. A PDF/A file cannot be encrypted (PDF/A forbids it), and an encrypted file is not signed here (the
/// signature would have to be encrypted with it): `render(_:options:)` refuses both.
public struct PDFEncryption: Sendable, Hashable {
    /// Opens the file with `permissions`; may be empty (anyone may open it, the permissions still apply).
    public var userPassword: String
    /// Opens the file with every permission; must not be empty.
    public var ownerPassword: String
    /// What the user password allows.
    public var permissions: PDFPermissions

    /// Creates the settings; the default permissions allow printing (both resolutions) and nothing else.
    public init(userPassword: String, ownerPassword: String, permissions: PDFPermissions = [.print, .highQualityPrint])
    {
        self.userPassword = userPassword
        self.ownerPassword = ownerPassword
        self.permissions = permissions
    }

    /// `pdf` encrypted.
    /// - Throws: `RenderError.protection` when the owner password is empty or libqpdf fails; no password is named.
    func apply(to pdf: Data) throws(RenderError) -> Data {
        guard !ownerPassword.isEmpty else {
            throw .protection(
                step: "encrypt the PDF", reason: "the owner password is empty",
                fix: "give an owner password (--owner-password-file or --owner-password-env)")
        }
        let permissions = permissions
        let document = QPDFDocument()
        do {
            try document.read(bytes: pdf, description: "the rendered PDF", password: nil)
            return try document.encryptedData(
                userPassword: userPassword, ownerPassword: ownerPassword,
                allow: QPDFDocument.Permissions(
                    print: permissions.contains(.print) || permissions.contains(.highQualityPrint),
                    highQualityPrint: permissions.contains(.highQualityPrint), copy: permissions.contains(.copy),
                    modify: permissions.contains(.modify), annotate: permissions.contains(.annotate),
                    fillForms: permissions.contains(.fillForms), assemble: permissions.contains(.assemble)))
        } catch {
            throw .protection(
                step: "encrypt the PDF", reason: error.message,
                fix: "report it as an mkpdf bug with the input")
        }
    }
}

extension PDFPermissions.UnknownPermission: Problem {
    /// `badRequest`: a permission name the option does not know.
    public var kind: ProblemKind { .badRequest }
}
