import Foundation

extension Oracle {
    /// Text extracted by each engine (stdout), with its warnings (stderr; a Python engine's failure too): poppler's
    /// pdftotext (and, with `raw`, `pdftotext -raw`, which keeps the content stream's order), MuPDF, pypdf,
    /// pdfium and pikepdf's syntax check (the page count).
    public static func extractions(
        _ file: URL, raw: Bool = false
    ) throws -> [(engine: String, text: String, warnings: String)] {
        var out: [(String, String, String)] = []
        let poppler = try run("pdftotext", ["-enc", "UTF-8", file.path, "-"])
        out.append(("pdftotext", poppler.stdout, poppler.stderr))
        if raw {
            let ordered = try run("pdftotext", ["-raw", "-enc", "UTF-8", file.path, "-"])
            out.append(("pdftotext -raw", ordered.stdout, ordered.stderr))
        }
        let mupdf = try run("mutool", ["draw", "-q", "-F", "txt", "-o", "-", file.path])
        out.append(
            (
                "mutool", mupdf.stdout,
                mupdf.stderr.split(separator: "\n")
                    .filter { !$0.contains("ICC support is not available") }.joined(separator: "\n")
            ))
        let scripts = [
            (
                "pypdf",
                "import sys, pypdf; r = pypdf.PdfReader(sys.argv[1], strict=True); "
                    + "print('\\n'.join(p.extract_text() for p in r.pages))"
            ),
            (
                "pypdfium2",
                "import sys, pypdfium2 as p; d = p.PdfDocument(sys.argv[1]); "
                    + "print('\\n'.join(d[i].get_textpage().get_text_range() for i in range(len(d))))"
            ),
            (
                "pikepdf",
                "import sys, pikepdf; p = pikepdf.open(sys.argv[1]); problems = p.check_pdf_syntax(); "
                    + "print(len(p.pages)); sys.stderr.write(''.join(str(x) + '\\n' for x in problems))"
            )
        ]
        for (engine, script) in scripts {
            let result = try run("python3", ["-W", "error", "-c", script, file.path])
            let failure = result.status == 0 ? "" : "\(engine) exited with \(result.status)\n"
            out.append((engine, result.stdout, failure + result.stderr))
        }
        return out
    }

    /// The widest gap a `TJ` array of `file` opens between two glyphs, in thousandths of an em (the most negative
    /// number of any TJ array, negated; 0 for none), read by pikepdf: what pypdf and MuPDF read a word space into.
    public static func widestTJGap(_ file: URL) throws -> Int {
        let script = """
            import sys, pikepdf
            widest = 0
            for page in pikepdf.open(sys.argv[1]).pages:
                for operands, operator in pikepdf.parse_content_stream(page):
                    if str(operator) == "TJ":
                        for item in operands[0]:
                            if isinstance(item, (int, float, pikepdf.Object)) and not isinstance(item, pikepdf.String):
                                try: widest = max(widest, -float(item))
                                except (TypeError, ValueError): pass
            print(int(widest))
            """
        let result = try run("python3", ["-c", script, file.path])
        guard result.status == 0, let widest = Int(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
        else { throw UnreadableOutput(tool: "pikepdf", reason: result.stderr) }
        return widest
    }

    /// `text` without its line and page breaks, every other character (spaces included) kept: a paragraph set on
    /// several lines can be looked for as one string, and a space an engine reads into a line is not forgiven.
    public static func unwrapped(_ text: String) -> String {
        String(text.unicodeScalars.filter { !["\n", "\r", "\u{0C}"].contains($0) }.map(Character.init))
    }

    /// `text` without line breaks and the spaces engines insert between runs (ideographic spaces too), so a line
    /// can be looked for as one string.
    public static func squeezed(_ text: String) -> String {
        String(text.unicodeScalars.filter { !["\n", "\r", " ", "\u{3000}"].contains($0) }.map(Character.init))
    }
}
