import DrawingModule
import Foundation

/// Why a file could not be validated at all: it is missing, unreadable, not a PDF qpdf can open, or locked.
///
/// "Cannot be read" means qpdf could not open or parse the file even with its recovery; a file qpdf opens with
/// warnings is *damaged* and gets a report with `structure.*` findings instead. `mkpdf validate` exits 2 for these.
public enum ValidatorError: Error, CustomStringConvertible, LocalizedError, Equatable {
    /// No file at the path.
    case fileNotFound(path: String)
    /// The file exists but its bytes cannot be read (permissions, a folder, an I/O error).
    case notReadable(path: String, reason: String)
    /// qpdf cannot open the file as a PDF, even with recovery; `detail` is qpdf's message.
    case notAPDF(path: String, detail: String)
    /// The file is encrypted and no password, or a wrong one, was given.
    case passwordRequired(path: String, passwordGiven: Bool)

    /// What failed, where, and how to fix it.
    public var description: String {
        switch self {
        case .fileNotFound(let path):
            "\(path): no such file; check the path"
        case .notReadable(let path, let reason):
            "\(path): cannot be read (\(reason)); check that it is a regular file you may read"
        case .notAPDF(let path, let detail):
            "\(path): not a PDF qpdf can open, even with recovery (\(detail)); regenerate the file"
        case .passwordRequired(let path, let given):
            given
                ? "\(path): the password is wrong; give the user or owner password with --password-file PATH or "
                    + "--password-env NAME"
                : "\(path): the file is encrypted; give its user or owner password with --password-file PATH or "
                    + "--password-env NAME"
        }
    }

    /// Same as `description`, for `localizedDescription`.
    public var errorDescription: String? { description }

    /// The file the error is about.
    public var path: String {
        switch self {
        case .fileNotFound(let path), .notReadable(let path, _), .notAPDF(let path, _), .passwordRequired(let path, _):
            path
        }
    }
}

extension ValidatorError: Problem {
    /// `notFound` for no file, `io` for one that cannot be read, `badData` for one that is not a PDF, `badRequest`
    /// for a missing or wrong password.
    public var kind: ProblemKind {
        switch self {
        case .fileNotFound: .notFound
        case .notReadable: .io
        case .notAPDF: .badData
        case .passwordRequired: .badRequest
        }
    }

    /// The file the error is about.
    public var place: ProblemPlace { ProblemPlace(file: path) }
}
