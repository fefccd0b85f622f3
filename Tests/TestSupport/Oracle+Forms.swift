import Foundation

extension Oracle {
    /// Every form field of `file` as `name|type|value` (type `/Tx`, `/Btn`, `/Ch`, `/Sig`; a button's value its
    /// state name, `/Yes` or `/Off`), sorted by name, as pypdf's `get_fields` reads them (strict), after decrypting
    /// with `password` when given.
    /// - Throws: `PypdfFailure` when pypdf cannot read the file.
    public static func pypdfFields(_ file: URL, password: String? = nil) throws -> [String] {
        let script = """
            import sys
            from pypdf import PdfReader
            reader = PdfReader(sys.argv[1], strict=True)
            if len(sys.argv) > 2: reader.decrypt(sys.argv[2])
            for name, field in sorted((reader.get_fields() or {}).items()):
                value = field.get("/V")
                print("%s|%s|%s" % (name, field.get("/FT"), "" if value is None else value))
            """
        let result = try run("python3", ["-c", script, file.path] + (password.map { [$0] } ?? []))
        guard result.status == 0 else { throw PypdfFailure(file: file.lastPathComponent, stderr: result.stderr) }
        return result.stdout.split(separator: "\n").map(String.init)
    }

    /// pypdf could not read a file.
    public struct PypdfFailure: Error, CustomStringConvertible {
        /// The file.
        public var file: String
        /// Python's error output.
        public var stderr: String
        /// The file and the last lines of the traceback.
        public var description: String { "pypdf on \(file): \(stderr.suffix(800))" }
    }
}
