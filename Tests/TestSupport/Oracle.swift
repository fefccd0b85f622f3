import Foundation

/// The external tools tests use as oracles (qpdf, poppler-utils, zbar-tools), run as real processes.
///
/// Tests check outputs with the tools a user would trust, never with our own reading of our own files.
public enum Oracle {
    /// What a finished process left behind.
    public struct Result: Sendable {
        /// The exit status.
        public var status: Int32
        /// Standard output, decoded as UTF-8.
        public var stdout: String
        /// Standard error, decoded as UTF-8.
        public var stderr: String
        /// Standard output as raw bytes, for binary output such as PPM images.
        public var data: Data
    }

    /// Thrown when an oracle is not installed, so the failure says how to get it.
    public struct MissingTool: Error, CustomStringConvertible {
        /// The command that was not found.
        public var tool: String
        /// Tells the reader what to run.
        public var description: String {
            "\(tool) is not installed: run scripts/setup (it installs qpdf, poppler-utils, zbar-tools)"
        }
    }

    /// Thrown when poppler prints "Missing language pack": without Debian's poppler-data, pdffonts and pdftotext
    /// cannot read CID fonts and print nothing for them, which would otherwise fail tests with empty text.
    public struct MissingLanguagePack: Error, CustomStringConvertible {
        /// The poppler tool that complained.
        public var tool: String
        /// Its message.
        public var message: String
        /// Tells the reader what to install.
        public var description: String {
            "\(tool): \(message) — Debian's poppler-data is missing: run scripts/setup (or apt-get install poppler-data)"
        }
    }

    /// Fails with `MissingLanguagePack` when poppler's `result` says its CID-font data is missing.
    static func requireLanguagePacks(_ result: Result, tool: String) throws -> Result {
        if let line = result.stderr.split(separator: "\n").first(where: { $0.contains("Missing language pack") }) {
            throw MissingLanguagePack(tool: tool, message: String(line))
        }
        return result
    }

    /// Finds `tool` on PATH.
    public static func path(of tool: String) -> String? {
        if tool.hasPrefix("/") { return FileManager.default.isExecutableFile(atPath: tool) ? tool : nil }
        let dirs = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        for dir in dirs + ["/usr/bin", "/usr/local/bin"] {
            let candidate = "\(dir)/\(tool)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// Runs `tool` with `arguments`, feeding `input` on standard input, and waits for it.
    @discardableResult
    public static func run(
        _ tool: String, _ arguments: [String], input: Data? = nil,
        environment: [String: String]? = nil, directory: URL? = nil
    ) throws -> Result {
        guard let executable = path(of: tool) else { throw MissingTool(tool: tool) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let environment {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        if let directory { process.currentDirectoryURL = directory }
        let out = Pipe()
        let err = Pipe()
        let inp = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = inp
        try process.run()
        if let input { inp.fileHandleForWriting.write(input) }
        try inp.fileHandleForWriting.close()
        // Read both pipes concurrently so a chatty process cannot block on a full pipe.
        let errBox = DataBox()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            errBox.set(err.fileHandleForReading.readDataToEndOfFile())
            group.leave()
        }
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        let errData = errBox.get()
        return Result(
            status: process.terminationStatus,
            stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self),
            data: outData)
    }

    /// `qpdf --check FILE`: true when qpdf finds no error (exit 0, or 3 for warnings only).
    public static func qpdfCheck(_ file: URL, password: String? = nil) throws -> Result {
        var args = ["--check"]
        if let password { args.append("--password=\(password)") }
        return try run("qpdf", args + [file.path])
    }

    /// `pdftotext -layout FILE -`: the text poppler extracts, page breaks as form feeds.
    public static func pdftotext(_ file: URL, password: String? = nil, layout: Bool = false) throws -> String {
        var args: [String] = ["-enc", "UTF-8"]
        if layout { args.append("-layout") }
        if let password { args += ["-upw", password] }
        return try requireLanguagePacks(run("pdftotext", args + [file.path, "-"]), tool: "pdftotext").stdout
    }

    /// One row of `pdffonts`.
    public struct FontRow: Sendable, Equatable {
        /// The font's name as poppler shows it, subset tag included (`ABCDEF+IPAexGothic`).
        public var name: String
        /// The font type (`Type 1`, `CID TrueType`, `CID Type 0C`, …).
        public var type: String
        /// The encoding column (`Custom`, `90ms-RKSJ-H`, `Identity-H`, …).
        public var encoding: String
        /// Whether the font program is embedded.
        public var embedded: Bool
        /// Whether the embedded program is a subset.
        public var subset: Bool
        /// Whether the font has a ToUnicode map.
        public var toUnicode: Bool = false
    }

    /// Parses `pdffonts FILE` by column positions, since names and types hold spaces.
    public static func pdffonts(_ file: URL) throws -> [FontRow] {
        let lines = try requireLanguagePacks(run("pdffonts", [file.path]), tool: "pdffonts").stdout.split(
            separator: "\n", omittingEmptySubsequences: false
        ).map(String.init)
        guard lines.count >= 2, let dashes = lines.dropFirst().first else { return [] }
        // The dash line marks the columns: name, type, encoding, emb, sub, uni, object ID.
        var columns: [Range<Int>] = []
        var start: Int?
        for (i, ch) in dashes.enumerated() {
            if ch == "-", start == nil { start = i }
            if ch == " ", let s = start {
                columns.append(s..<i)
                start = nil
            }
        }
        if let s = start { columns.append(s..<dashes.count) }
        func field(_ line: String, _ k: Int) -> String {
            let chars = Array(line)
            guard k < columns.count else { return "" }
            let lo = min(columns[k].lowerBound, chars.count)
            let hi = k + 1 < columns.count ? min(columns[k + 1].lowerBound, chars.count) : chars.count
            return String(chars[lo..<hi]).trimmingCharacters(in: .whitespaces)
        }
        return lines.dropFirst(2).filter { !$0.isEmpty }.map { line in
            FontRow(
                name: field(line, 0), type: field(line, 1), encoding: field(line, 2),
                embedded: field(line, 3) == "yes", subset: field(line, 4) == "yes",
                toUnicode: field(line, 5) == "yes")
        }
    }
}

/// A lock-protected slot for data produced on another thread.
final class DataBox: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()
    func set(_ value: Data) {
        lock.lock()
        data = value
        lock.unlock()
    }
    func get() -> Data {
        lock.lock()
        defer { lock.unlock() }
        return data
    }
}
