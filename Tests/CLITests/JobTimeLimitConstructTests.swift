import Foundation
import PNG
import TestSupport
import Testing

/// `--limit job-seconds=1` holds inside every loop of the work (issue 47): nested `for` whose body makes nothing,
/// `where` nested in `where`, parts, flow blocks, table rows, text setting and PNG output each stop within the
/// limit and a second, failing with a message that names the limit and the time the document really ran — and so do
/// the single long calls below them: one cairo fill, one markup paragraph, libpng's balanced encoder in `mkpdf image`.
@Suite(.serialized) struct JobTimeLimitConstructTests {
    /// How one construct ended.
    struct Stopped {
        var status: Int32
        var stderr: String
        var elapsed: Duration
        var wroteOutput: Bool
        /// How long the same command took with the same data and a template that uses none of it: reading a
        /// million items of data comes before the document starts, and is not the document's time.
        var reading: Duration = .zero
    }

    /// `mkpdf render t.yaml` with `template` (and `data` as d.json when given) under `--limit job-seconds=1` and
    /// `more` arguments, in a scratch folder that also holds `files`.
    static func render(
        _ template: String, data: String? = nil, output: String = "out.pdf", files: [String: String] = [:],
        input: String = "t.yaml", _ more: [String] = []
    ) throws -> Stopped {
        let scratch = try Scratch("job-seconds-construct")
        try Data(template.utf8).write(to: scratch.file(input))
        for (name, text) in files { try Data(text.utf8).write(to: scratch.file(name)) }
        // Data of a million items is trusted here: only the deadline may stop the work.
        var arguments =
            ["render", input, "-o", output, "--limit", "job-seconds=1", "--limit", "yaml-nodes=100000000"] + more
        if let data {
            try Data(data.utf8).write(to: scratch.file("d.json"))
            arguments += ["--data", "d.json"]
        }
        let clock = ContinuousClock()
        var reading = Duration.zero
        if data != nil {
            try Data(Self.reader.utf8).write(to: scratch.file("reader.yaml"))
            var read = arguments
            read[1] = "reader.yaml"
            read[3] = "reader.pdf"
            let start = clock.now
            let run = try Oracle.run(Repo.mkpdf.path, read, directory: scratch.url)
            reading = clock.now - start
            #expect(run.status == 0, "reading the data alone: \(run.stderr.suffix(300))")
        }
        let start = clock.now
        let run = try Oracle.run(Repo.mkpdf.path, arguments, directory: scratch.url)
        let elapsed = clock.now - start
        print(
            "job-seconds=1 \(template.prefix(60).replacingOccurrences(of: "\n", with: " ")) … → \(elapsed) "
                + "(reading the data alone: \(reading))")
        return Stopped(
            status: run.status, stderr: run.stderr, elapsed: elapsed,
            wroteOutput: FileManager.default.fileExists(atPath: scratch.file(output).path)
                || FileManager.default.fileExists(atPath: scratch.file("out-1.png").path), reading: reading)
    }

    /// The failure every construct must end in: exit 4 (a limit), the limit named with the real time, nothing
    /// written, and within the limit and a second.
    static func expectStopped(_ stopped: Stopped, _ construct: Comment) {
        #expect(stopped.status == 4, "\(construct): exit \(stopped.status): \(stopped.stderr.suffix(400))")
        #expect(
            stopped.stderr.contains("the document was stopped after 1.")
                && stopped.stderr.contains("seconds, over the limit job-seconds of 1 seconds"),
            "\(construct): the message says the real elapsed time: \(stopped.stderr.suffix(400))")
        #expect(stopped.stderr.contains("--limit job-seconds=N"), "\(construct): \(stopped.stderr.suffix(300))")
        #expect(!stopped.wroteOutput, "\(construct): no output after a failure")
        #expect(
            stopped.elapsed - stopped.reading < .seconds(2),
            "\(construct): stopped within job-seconds + 1 s: \(stopped.elapsed), of which reading \(stopped.reading)")
    }

    /// `{"xs": [0, 1, …, count - 1]}`.
    static func numbers(_ count: Int) -> String {
        "{\"xs\": [" + (0..<count).map(String.init).joined(separator: ",") + "]}"
    }

    /// A template that declares `xs` and `ys` and draws one text: the time of reading the data alone.
    static let reader = """
        page: {width: 200, height: 200}
        data: {xs: [], ys: [], t: ""}
        palette: {ink: {stroke: "#000000"}}
        elements:
          - text: {role: ink, text: x, size: 9, x: 1, y: 1}
        """

    static let header = """
        page: {width: 200, height: 200}
        data: {xs: []}
        palette: {ink: {stroke: "#000000"}}

        """

    @Test func threeNestedForsWhoseBodyIsIfFalse() throws {
        let template =
            Self.header + """
                elements:
                  - for: {each: a, in: xs, elements: [{for: {each: b, in: xs, elements: [{for: {each: c, in: xs,
                      elements: [{if: {test: "false", then: [{text: {role: ink, text: x, size: 9, x: 1, y: 1}}]}}]}}]}}]}
                """
        Self.expectStopped(try Self.render(template, data: Self.numbers(1_000)), "for × for × for, if: false")
    }

    @Test func nestedForsThatMakeElements() throws {
        // 1,000 × 1,000 × 20 texts: the page budget raised so only the deadline can stop it.
        let template =
            Self.header + """
                elements:
                  - for: {each: a, in: xs, elements: [{for: {each: b, in: xs, elements: [{for: {each: c, in: ys,
                      elements: [{text: {role: ink, text: "{{a}}", size: 9, x: 1, y: 1}}]}}]}}]}
                """
        let data =
            "{\"xs\": [" + (0..<1_000).map(String.init).joined(separator: ",") + "], \"ys\": ["
            + (0..<20).map(String.init).joined(separator: ",") + "]}"
        Self.expectStopped(
            try Self.render(
                template.replacingOccurrences(of: "data: {xs: []}", with: "data: {xs: [], ys: []}"), data: data,
                ["--limit", "elements-per-page=100000000"]),
            "for × for × for making texts")
    }

    @Test func aQuotedWhereNestedInAWhere() throws {
        let template =
            Self.header + """
                let:
                  matched: "xs | where('(xs | where(\\"n > 0\\") | count) > 0') | count"
                elements:
                  - text: {role: ink, text: "{{matched}}", size: 9, x: 1, y: 1}
                """
        let records = "{\"xs\": [" + (0..<3_000).map { "{\"n\": \($0)}" }.joined(separator: ",") + "]}"
        Self.expectStopped(try Self.render(template, data: records), "where nested in where over 3,000 records")
    }

    @Test func aPartWhoseLoopsMakeNothing() throws {
        let part = """
            page: {width: 50, height: 50}
            data: {xs: [\((0..<1_000).map(String.init).joined(separator: ", "))]}
            palette: {ink: {stroke: "#000000"}}
            elements:
              - for: {each: a, in: xs, elements: [{for: {each: b, in: xs, elements: [{for: {each: c, in: xs,
                  elements: [{if: {test: "a < 0", then: [{text: {role: ink, text: x, size: 9, x: 1, y: 1}}]}}]}}]}}]}
            """
        let template = """
            page: {width: 200, height: 200}
            palette: {ink: {stroke: "#000000"}}
            elements:
              - part: {file: part.yaml, x: 0, y: 0, w: 50, h: 50}
            """
        Self.expectStopped(try Self.render(template, files: ["part.yaml": part]), "a part's loops")
    }

    @Test func flowLoopsWhoseBodyIsIfFalse() throws {
        let template = """
            page: a6
            data: {xs: []}
            flow:
              - for: {each: a, in: xs, flow: [{for: {each: b, in: xs, flow: [{for: {each: c, in: xs,
                  flow: [{if: {test: "false", then: [{paragraph: x}]}}]}}]}}]}
            """
        Self.expectStopped(try Self.render(template, data: Self.numbers(1_000)), "flow for × for × for, if: false")
    }

    @Test func aFlowOfManyParagraphs() throws {
        let template = """
            page: a6
            data: {xs: []}
            flow:
              - for: {each: a, in: xs, flow: [{paragraph: "{{a}} 東京国際展示場 西ホール 特設会場 東京国際展示場 西ホール"}]}
            """
        Self.expectStopped(
            try Self.render(template, data: Self.numbers(150_000), ["--limit", "elements-per-document=1000000"]),
            "flow layout of 150,000 paragraphs")
    }

    @Test func aTableOfManyRows() throws {
        let template = """
            page: a6
            data: {xs: []}
            flow:
              - table:
                  rows: xs
                  each: row
                  columns:
                    - {title: 番号, value: "{{row}}"}
                    - {title: 会場, value: "東京国際展示場 {{row}}"}
            """
        Self.expectStopped(
            try Self.render(template, data: Self.numbers(400_000), ["--limit", "elements-per-document=10000000"]),
            "table of 400,000 rows")
    }

    @Test func manyTextBoxesShrunkAndWrapped() throws {
        let template =
            Self.header + """
                elements:
                  - for: {each: a, in: xs, elements: [{text: {role: ink, text: "{{a}} 東京国際展示場 西ホール 特設会場",
                      size: 12, x: 10, y: 10, w: 60, h: 40, fit: [wrap, shrink, error], minSize: 4}}]}
                """
        Self.expectStopped(
            try Self.render(template, data: Self.numbers(100_000), ["--limit", "elements-per-page=1000000"]),
            "text setting of 100,000 boxes")
    }

    @Test func oneTextBoxOfAThirdOfAMegabyte() throws {
        // One box, one long paragraph (and then 20,000 short ones): each layout its fit policies try stops at the
        // paragraph or line the deadline finds it in.
        let template =
            Self.header.replacingOccurrences(of: "data: {xs: []}", with: "data: {t: \"\"}") + """
                elements:
                  - text: {role: ink, text: "{{t}}", size: 12, x: 10, y: 10, w: 180, h: 180, fit: [wrap, shrink, error],
                           minSize: 4}
                """
        for separator in [" ", "\\n"] {
            let text = Array(repeating: "東京国際展示場 西ホール 特設会場", count: 20_000).joined(separator: separator)
            let stopped = try Self.render(template, data: "{\"t\": \"\(text)\"}")
            Self.expectStopped(stopped, "one text box of 20,000 phrases joined by \(separator)")
            #expect(stopped.stderr.contains("setting field \"t\": text \""), "\(stopped.stderr.prefix(300))")
            // 20,000 phrases of 17 characters and 19,999 separators of one.
            #expect(stopped.stderr.contains("… (359999 characters)"), "\(stopped.stderr.prefix(300))")
            #expect(stopped.stderr.split(separator: "\n").count == 1, "one line: \(stopped.stderr.prefix(300))")
        }
    }

    @Test func aPNGOfManyShapes() throws {
        // A million rectangles made by `repeat` (cheap to make), each drawn by cairo at 4 pixels per point.
        let rect =
            "  - rect: {role: ink, paint: stroke, x: 10, y: 10, w: 100, h: 100, repeat: {count: 10000, dx: 0.001}}"
        let template = Self.header + "elements:\n" + Array(repeating: rect, count: 100).joined(separator: "\n")
        Self.expectStopped(
            try Self.render(
                template, output: "out.png", ["--limit", "elements-per-page=10000000", "--scale", "4"]),
            "raster drawing of 1,000,000 rectangles")
    }

    @Test func onePathOfManyTallEdgesInAPNG() throws {
        // One path, 100,000 edges zigzagging down the whole page: cairo scans each edge on every row it crosses,
        // some ten seconds in one fill, which cannot be stopped once begun; it is filled band by band instead.
        Self.expectStopped(
            try Self.render(Self.zigzag(100_000), output: "out.png", input: "t.json"),
            "one path of 100,000 page-tall edges")
    }

    /// A drawing JSON of `count` zigzag path elements down an A4 page.
    static func zigzag(_ count: Int) -> String {
        var elements = ["{\"move\": [0, 0]}"]
        for index in 0..<count {
            elements.append("{\"line\": [\(Double(index) * 595 / Double(count)), \(index % 2 * 842)]}")
        }
        elements.append("{\"close\": []}")
        return """
            {"size": {"width": 595, "height": 842}, "commands": [{"kind": "path",
             "elements": [\(elements.joined(separator: ","))], "paint": "fill", "lineWidth": 1, "stroke": "#000000",
             "fill": "#FF0000"}]}
            """
    }

    @Test func aDescriptionTooLongToReadInTime() throws {
        // 400,000 path elements (13 MB): JSONDecoder takes longer than the job may run; each element asks the clock.
        Self.expectStopped(
            try Self.render(
                Self.zigzag(400_000), output: "out.png", input: "t.json", ["--limit", "template-bytes=64M"]),
            "a drawing JSON of 400,000 path elements")
    }

    @Test func aDescriptionOverTemplateBytesIsRefusedBeforeItIsRead() throws {
        let stopped = try Self.render(Self.zigzag(200_000), input: "t.json", ["--limit", "template-bytes=1M"])
        #expect(stopped.status == 4, "exit \(stopped.status): \(stopped.stderr.suffix(300))")
        #expect(
            stopped.stderr.contains("t.json: the description file holds")
                && stopped.stderr.contains("over the limit template-bytes of 1048576 bytes"),
            "\(stopped.stderr.suffix(300))")
        #expect(!stopped.wroteOutput)
        #expect(stopped.elapsed < .seconds(1), "refused before reading: \(stopped.elapsed)")
    }

    @Test func oneMarkupParagraphOfManyRuns() throws {
        // 40,000 styled runs in one flow paragraph, set by the markup setter in one call.
        let text = Array(repeating: "**東京国際展示場** 西ホール <u>特設会場</u>", count: 20_000).joined(separator: " ")
        let template = """
            page: a6
            flow:
              - paragraph: "\(text)"
            """
        Self.expectStopped(
            try Self.render(template, ["--limit", "template-bytes=64M", "--limit", "text-bytes=64M"]),
            "one markup paragraph of 40,000 runs")
    }

    @Test func aBalancedPNGOfManyMegapixels() throws {
        // `mkpdf image` re-encoding 25 megapixels of noise with libpng's balanced settings: seconds in one libpng
        // call, which now writes through a stream that asks the deadline.
        let scratch = try Scratch("job-seconds-image")
        let (width, height) = (5_000, 5_000)
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        pixels.withUnsafeMutableBytes { bytes in
            let words = bytes.bindMemory(to: UInt64.self)
            for index in words.indices {
                state ^= state << 13
                state ^= state >> 7
                state ^= state << 17
                words[index] = state
            }
        }
        let input = try PNGEncoder(compression: .fast)
            .encode(pixels: pixels, width: width, height: height, layout: .rgb)
        try input.write(to: scratch.file("noise.png"))
        let clock = ContinuousClock()
        let start = clock.now
        let run = try Oracle.run(
            Repo.mkpdf.path,
            ["image", "noise.png", "-o", "out.png", "--limit", "job-seconds=1", "--limit", "image-bytes=1G"],
            directory: scratch.url)
        let elapsed = clock.now - start
        print("job-seconds=1 mkpdf image of 25 megapixels of noise → \(elapsed)")
        Self.expectStopped(
            Stopped(
                status: run.status, stderr: run.stderr, elapsed: elapsed,
                wroteOutput: FileManager.default.fileExists(atPath: scratch.file("out.png").path)),
            "mkpdf image, balanced PNG of 25 megapixels")
        #expect(run.stderr.hasPrefix("Error: noise.png: "), "the input is named: \(run.stderr.prefix(200))")
    }
}
