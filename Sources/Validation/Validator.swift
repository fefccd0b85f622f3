import CQPDF
import Foundation
import QPDF

/// Validates PDF files: qpdf's structural check, an inspection of what the file holds, and mkpdf's rules.
///
/// Meant for every test that writes a PDF:
/// ```swift
/// let report = try Validator().validate(url)
/// #expect(report.errors.isEmpty, "\(report.errors)")
/// ```
/// A file qpdf opens only by recovering from damage gets a report with `structure.*` error findings (so
/// `report.isDamaged` agrees with `qpdf --check` exiting non-zero); a file qpdf cannot open at all throws a
/// `ValidatorError`. Linearization tables are checked by qpdf's own `checkLinearization` (through QPDFBridge).
/// Streams are first measured through a counter: a stream decoding to more than `ResourceLimits.streamBytes`
/// gives a `resource.limit` error and qpdf's whole-file check (which holds each decoded stream) is skipped.
public struct Validator: Sendable {
    /// What the files should hold beyond a sound structure.
    public var options: ValidationOptions

    /// A validator with the given expectations (by default: none, only structure and warnings).
    public init(options: ValidationOptions = ValidationOptions()) {
        self.options = options
        if options.archivePart != nil { self.options.requireEmbeddedFonts = true }
    }

    /// Validates the file at `url`; throws `ValidatorError` when it cannot be read at all.
    public func validate(_ url: URL) throws -> ValidationReport {
        let path = url.path
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            throw ValidatorError.fileNotFound(path: path)
        }
        guard !isFolder.boolValue else { throw ValidatorError.notReadable(path: path, reason: "it is a folder") }
        guard FileManager.default.isReadableFile(atPath: path) else {
            throw ValidatorError.notReadable(path: path, reason: "permission denied")
        }
        let document = QPDFDocument()
        do {
            try document.read(path: path, password: options.password)
        } catch {
            throw Self.openError(error, path: path, password: options.password)
        }
        let head = FileHandle(forReadingAtPath: path).flatMap { try? $0.read(upToCount: 1024) } ?? Data()
        let password = options.password
        return run(document, streamed: { StreamedDocument(path: path, password: password) }, name: path, head: head)
    }

    /// Validates PDF bytes in memory; `name` stands for the file in messages and in the report.
    public func validate(data: Data, name: String = "memory.pdf") throws -> ValidationReport {
        let document = QPDFDocument()
        do {
            try document.read(bytes: data, description: name, password: options.password)
        } catch {
            throw Self.openError(error, path: name, password: options.password)
        }
        let password = options.password
        return run(
            document, streamed: { StreamedDocument(path: name, bytes: data, password: password) },
            name: name, head: data.prefix(1024))
    }

    private static func openError(_ failure: QPDFFailure, path: String, password: String?) -> ValidatorError {
        switch failure.code {
        case qpdf_e_password: .passwordRequired(path: path, passwordGiven: !(password ?? "").isEmpty)
        case qpdf_e_system: .notReadable(path: path, reason: failure.message)
        default: .notAPDF(path: path, detail: failure.message)
        }
    }

    /// Whether the file starts like a linearized one: a `/Linearized` dictionary within its first 1024 bytes,
    /// the test qpdf's `isLinearized` makes (done here because that qpdf call does not trap exceptions).
    static func looksLinearized(_ head: Data) -> Bool {
        head.range(of: Data("/Linearized".utf8)) != nil
    }

    /// `streamed` opens the file again through QPDFBridge; each pass gets its own short-lived copy, since qpdf
    /// keeps every object it has read and two full copies would double the peak memory.
    private func run(_ document: QPDFDocument, streamed: () -> StreamedDocument?, name: String, head: Data)
        -> ValidationReport
    {
        var findings = document.takeWarnings().map(Self.damage)
        let limit = options.limits.streamBytes
        var oversized = (count: 0, firstObject: 0)
        var mismatch: (count: Int, first: String)?
        var largePages: Set<Int> = []
        if let scan = streamed() {
            oversized = scan.oversizedStreams(limit: limit)
            mismatch = scan.objectStreamMismatch(limit: limit)
            largePages = scan.pagesWithLargeContent(limit: options.limits.contentBytes)
        }
        if oversized.count > 0 {
            findings.append(
                Finding(
                    rule: .resourceLimit, severity: .error,
                    message:
                        "object \(oversized.firstObject) 0\(oversized.count > 1 ? " and \(oversized.count - 1) more streams" : "") "
                        + "decode\(oversized.count > 1 ? "" : "s") to more than \(limit) bytes (the stream limit; a compression "
                        + "bomb?); qpdf's whole-file check was skipped. Raise the limit to check the file fully"))
        } else {
            do {
                try document.check()
            } catch {
                findings.append(
                    Finding(
                        rule: .structureCheckFailed, severity: .error,
                        message: "qpdf's check failed: \(error.message); regenerate the file"))
            }
        }
        findings += document.takeWarnings().map(Self.damage)
        // On a file already found damaged the verdict stands; libqpdf 11.3's linearization check recurses without
        // end on some damaged cross-reference streams (qpdf --check itself dies on qpdf's xref-compressed-in-compressed.pdf).
        let damaged = findings.contains { $0.rule.isStructural }
        let linearized = Self.looksLinearized(head)
        for problem in (damaged || !linearized ? [] : streamed()?.linearizationProblems() ?? []).prefix(20) {
            findings.append(
                Finding(
                    rule: .linearization, severity: .error,
                    message:
                        "qpdf's linearization check: \(problem); re-linearize (qpdf --linearize) or write the file plainly"
                ))
        }
        if let mismatch {
            findings.append(
                Finding(
                    rule: .objectStreamMismatch, severity: .error,
                    message:
                        "\(mismatch.first)\(mismatch.count > 1 ? " (and \(mismatch.count - 1) more objects)" : ""); qpdf reads the object anyway, viewers such as poppler do not; regenerate the file"
                ))
        }
        let inspector = Inspector(
            document: document, uncompressedLimit: options.uncompressedStreamLimit,
            isLinearized: linearized, largePages: largePages, limits: options.limits)
        let inspection = inspector.inspect()
        let seen = Set(findings.map(\.message))
        let late = document.takeWarnings().filter { !seen.contains(Self.damage($0).message) }
        findings += inspector.findings
        findings += late.map {
            Finding(rule: .inspectionIncomplete, severity: .warning, message: "qpdf warned while reading: \($0)")
        }
        findings += Rules.findings(for: inspection, options: options)
        if let part = options.archivePart {
            findings += ArchiveRules.findings(in: document, part: part, conformance: options.archiveConformance)
        }
        return ValidationReport(file: name, findings: findings, inspection: inspection)
    }

    private static func damage(_ warning: String) -> Finding {
        Finding(
            rule: .structureDamaged, severity: .error,
            message: "qpdf recovered from damage: \(warning); regenerate the file")
    }
}
