import Documents
import DrawingModule
import Foundation
import Support
import TestSupport
import Testing

/// Templates and data written by someone else (issue 27): every expansion has a budget checked before the work,
/// every file a template names stays inside its root, and no error quotes a file it read.
@Suite struct StrangerTemplateTests {
    // MARK: Expression depth

    /// Each of these overflowed the thread stack (SIGSEGV) before the depth limit.
    static let deepExpressions: [(label: String, source: String)] = [
        ("6,000 nested parentheses", String(repeating: "(", count: 6_000) + "1" + String(repeating: ")", count: 6_000)),
        ("10,000 × unary minus", String(repeating: "-", count: 10_000) + "1"),
        ("10,000 × not", String(repeating: "not ", count: 10_000) + "true"),
        ("10,000 × | floor", "1" + String(repeating: " | floor", count: 10_000)),
        ("100,000 × 1+", String(repeating: "1+", count: 100_000) + "1"),
        ("10,000 × [0]", "items" + String(repeating: "[0]", count: 10_000)),
        (
            "10,000 nested [",
            "items" + String(repeating: "[items", count: 10_000) + String(repeating: "]", count: 10_000)
        )
    ]

    @Test(arguments: deepExpressions.map(\.label))
    func aDeepExpressionIsAnErrorNamingTheLimit(_ label: String) throws {
        let source = try #require(Self.deepExpressions.first { $0.label == label }).source
        let error = try #require(throws: ExpressionError.self) { try Expression(parsing: source) }
        let limit = try #require(error.limit)
        #expect(limit.limit == "expression-depth")
        #expect(limit.maximum == 200 && limit.value == 201)
        #expect(error.description.contains("--limit expression-depth=N"))
    }

    @Test func anExpressionAtTheLimitParsesAndEvaluates() throws {
        // 199 nested parentheses around a literal: depth 199 of recursion, 1 node.
        let parens = String(repeating: "(", count: 199) + "7" + String(repeating: ")", count: 199)
        #expect(try Expression(parsing: parens).evaluate(in: TemplateScope([:])) == .int(7))
        // A chain of 200 nodes: 100 × "1+" and its last 1 nest 101 deep.
        let chain = String(repeating: "1+", count: 100) + "1"
        #expect(try Expression(parsing: chain).evaluate(in: TemplateScope([:])) == .int(101))
        // The limit can be raised: 300 × "1+" with a limit of 400 (a debug build spends about 8 KB of stack a level
        // evaluating, so a limit in the thousands needs a larger stack than a test thread's).
        let longer = String(repeating: "1+", count: 300) + "1"
        #expect(throws: ExpressionError.self) { try Expression(parsing: longer) }
        #expect(try Expression(parsing: longer, maximumDepth: 400).evaluate(in: TemplateScope([:])) == .int(301))
    }

    @Test func aTemplateWithADeepExpressionNamesItsLineAndTheLimit() throws {
        let yaml = """
            page: a6
            palette: {ink: {stroke: "#000000"}}
            elements:
              - text: {role: ink, text: "{{ \(String(repeating: "-", count: 1_000))1 }}", size: 10, x: 10, y: 10}
            """
        let error = try #require(throws: TemplateError.self) { try Template(yaml: yaml, file: "deep.yaml") }
        #expect(error.line == 4)
        #expect(error.description.contains("expression-depth"), "\(error)")
        var limits = Limits()
        limits.expressionDepth = 2_000
        #expect(throws: Never.self) { try Template(yaml: yaml, file: "deep.yaml", limits: limits) }
    }

    @Test func letValuesThatDoubleATextStopAtTheTextLimit() throws {
        // Each `let` doubles the one before: 100 bytes × 2⁴⁰ before the limit (a hang, then gigabytes).
        let lets = (1...40).map { "a\($0): \"a\($0 - 1) + a\($0 - 1)\"" }.joined(separator: ", ")
        let yaml = """
            page: a6
            palette: {ink: {stroke: "#000000"}}
            let: {a0: "'\(String(repeating: "x", count: 100))'", \(lets)}
            elements:
              - text: {role: ink, text: "{{ a40 | length }}", size: 10, x: 10, y: 10}
            """
        let template = try Template(yaml: yaml, file: "double.yaml")
        let start = ContinuousClock.now
        let error = try #require(throws: TemplateError.self) { try template.render() }
        #expect(ContinuousClock.now - start < .seconds(2))
        #expect(error.line == 3 && error.description.contains("--limit text-bytes=N"), "\(error)")
        #expect(error.description.contains("a text of 1638400 bytes"), "\(error)")
        let joined = "{{ xs | join('\(String(repeating: "-", count: 1_000))') }}"
        let join = """
            page: a6
            palette: {ink: {stroke: "#000000"}}
            data: {xs: [\(Array(repeating: "1", count: 2_000).joined(separator: ", "))]}
            elements:
              - text: {role: ink, text: "\(joined)", size: 10, x: 10, y: 10}
            """
        let joinError = try #require(throws: TemplateError.self) {
            try Template(yaml: join, file: "join.yaml").render()
        }
        #expect(joinError.description.contains("text-bytes"), "\(joinError)")
    }

    @Test func aFilterArgumentThatNamesItselfStopsInsteadOfOverflowingTheStack() throws {
        // `map(e)` evaluates e's text for each item, and e's text is `xs | map(e)` again: SIGSEGV before.
        let yaml = """
            page: a6
            palette: {ink: {stroke: "#000000"}}
            data: {xs: [{a: 1}], e: "xs | map(e)", f: "a * 2"}
            elements:
              - text: {role: ink, text: "{{ xs | map(e) | count }}", size: 10, x: 10, y: 10}
              - text: {role: ink, text: "{{ xs | map(f) | first }}", size: 10, x: 10, y: 30}
            """
        let template = try Template(yaml: yaml, file: "self.yaml")
        let error = try #require(throws: TemplateError.self) { try template.render() }
        #expect(error.line == 5 && error.description.contains("more than 2 deep"), "\(error)")
        let fine = try Template(yaml: yaml.replacingOccurrences(of: "map(e) | count", with: "count"), file: "f.yaml")
        let texts = try fine.render().commands.compactMap { command -> String? in
            if case .text(let text) = command { text.string } else { nil }
        }
        #expect(texts == ["1", "2"])
    }

    // MARK: YAML aliases

    /// 10 levels of 10 aliases each: 10¹⁰ scalars once expanded (5.9 GB and SIGABRT before the limit).
    static let aliasBomb: String = {
        var lines = [
            "page: a6", "palette: {ink: {stroke: \"#000000\"}}", "data:",
            "  l0: &l0 [" + Array(repeating: "x", count: 10).joined(separator: ", ") + "]"
        ]
        for level in 1..<10 {
            lines.append(
                "  l\(level): &l\(level) [" + Array(repeating: "*l\(level - 1)", count: 10).joined(separator: ", ")
                    + "]")
        }
        lines.append("elements:\n  - text: {role: ink, text: hello, size: 10, x: 10, y: 10}")
        return lines.joined(separator: "\n")
    }()

    @Test func anAliasBombIsRefusedQuicklyNamingTheLimit() throws {
        let start = ContinuousClock.now
        let error = try #require(throws: TemplateError.self) { try Template(yaml: Self.aliasBomb, file: "bomb.yaml") }
        #expect(ContinuousClock.now - start < .seconds(2))
        guard case .limit(let limit) = error.reason else {
            Issue.record("expected the yaml-nodes limit, got \(error)")
            return
        }
        #expect(limit.limit == "yaml-nodes" && limit.maximum == 100_000)
        #expect(error.description.contains("--limit yaml-nodes=N"), "\(error)")
    }

    @Test func aFewAliasesStayWithinTheLimit() throws {
        let yaml = """
            page: a6
            palette: {ink: {stroke: "#000000"}}
            data:
              item: &item {name: コーヒー, price: 500}
              items: [*item, *item, *item]
            elements:
              - text: {role: ink, text: "{{ items | sum('price') }}", size: 10, x: 10, y: 10}
            """
        let drawing = try Template(yaml: yaml, file: "aliases.yaml").render()
        guard case .text(let text) = drawing.commands.first else {
            Issue.record("expected a text, got \(drawing.commands)")
            return
        }
        #expect(text.string == "1500")
    }

    // MARK: Parts, for and repeat

    /// A folder of parts where each level includes the next `fanOut` times, `levels` deep.
    static func partTree(levels: Int, fanOut: Int) throws -> Scratch {
        let scratch = try Scratch("part-tree")
        for level in 0..<levels {
            let parts = (0..<fanOut).map { index in
                "  - part: {file: p\(level + 1).yaml, x: \(index), y: 0, w: 10, h: 10}"
            }
            let body = level == levels - 1 ? ["  - rect: {role: ink, x: 0, y: 0, w: 1, h: 1}"] : parts
            let head = ["page: {width: 10pt, height: 10pt}", "palette: {ink: {stroke: \"#000000\"}}", "elements:"]
            try (head + body).joined(separator: "\n")
                .write(to: scratch.file("p\(level).yaml"), atomically: true, encoding: .utf8)
        }
        return scratch
    }

    @Test func aPartFanOutIsStoppedByThePartCount() throws {
        // 4 parts per level over 22 levels never ended before the limit; 2 per level over 16 took 16 s.
        let scratch = try Self.partTree(levels: 22, fanOut: 4)
        var limits = Limits()
        limits.partDepth = 30
        let start = ContinuousClock.now
        let error = try #require(throws: TemplateError.self) {
            try Template(contentsOf: scratch.file("p0.yaml"), limits: limits)
        }
        #expect(ContinuousClock.now - start < .seconds(5))
        guard case .limit(let limit) = error.reason else {
            Issue.record("expected the part-count limit, got \(error)")
            return
        }
        #expect(limit.limit == "part-count" && limit.value == 1_001)
    }

    @Test func partsNestedTooDeepNameThePartDepth() throws {
        let scratch = try Self.partTree(levels: 12, fanOut: 1)
        let error = try #require(throws: TemplateError.self) { try Template(contentsOf: scratch.file("p0.yaml")) }
        #expect(error.description.contains("part-depth"), "\(error)")
        #expect(error.description.contains("9 levels deep"), "\(error)")
        let shallow = try Self.partTree(levels: 8, fanOut: 2)
        let drawing = try Template(contentsOf: shallow.file("p0.yaml")).render()
        #expect(drawing.commands.count == 2)
    }

    /// `count` `if`s nested around a rect, positioned (`elements:`) or in a flow.
    static func nestedIfs(_ count: Int, flow: Bool) -> String {
        var element = flow ? "{paragraph: x}" : "{rect: {role: ink, x: 0, y: 0, w: 1, h: 1}}"
        for _ in 0..<count { element = "{if: {test: \"true\", then: [\(element)]}}" }
        return "page: a6\npalette: {ink: {stroke: \"#000000\"}}\n\(flow ? "flow" : "elements"): [\(element)]\n"
    }

    @Test(arguments: [false, true])
    func deeplyNestedIfsAreAnErrorNotAStackOverflow(flow: Bool) throws {
        // 150 nested ifs overflowed the stack (SIGSEGV) while the template was read.
        let error = try #require(throws: TemplateError.self) {
            try Template(yaml: Self.nestedIfs(150, flow: flow), file: "ifs.yaml")
        }
        guard case .limit(let limit) = error.reason else {
            Issue.record("expected the element-depth limit, got \(error)")
            return
        }
        #expect(limit.limit == "element-depth" && limit.value == 33 && error.line == 3)
        let within = try Template(yaml: Self.nestedIfs(31, flow: flow), file: "ifs.yaml")
        #expect(try within.document().pages.count == 1)
    }

    @Test func elementDepthCountsThroughParts() throws {
        let scratch = try Scratch("depth-parts")
        try Self.nestedIfs(20, flow: false).write(to: scratch.file("inner.yaml"), atomically: true, encoding: .utf8)
        var element = "{part: {file: inner.yaml, x: 0, y: 0, w: 10, h: 10}}"
        for _ in 0..<20 { element = "{if: {test: \"true\", then: [\(element)]}}" }
        try "page: a6\nelements: [\(element)]\n".write(
            to: scratch.file("outer.yaml"), atomically: true, encoding: .utf8)
        let error = try #require(throws: TemplateError.self) { try Template(contentsOf: scratch.file("outer.yaml")) }
        #expect(error.file.hasSuffix("inner.yaml") && error.description.contains("element-depth"), "\(error)")
    }

    @Test func nestedForLoopsAreStoppedByTheElementsPerPage() throws {
        let yaml = """
            page: a6
            palette: {ink: {stroke: "#000000"}}
            data: {xs: [\(Array(repeating: "1", count: 1_000).joined(separator: ", "))]}
            elements:
              - for:
                  each: a
                  in: xs
                  elements:
                    - for:
                        each: b
                        in: xs
                        elements:
                          - for:
                              each: c
                              in: xs
                              elements: [{rect: {role: ink, x: 0, y: 0, w: 1, h: 1, repeat: {count: 10}}}]
            """
        let template = try Template(yaml: yaml, file: "loops.yaml")
        let start = ContinuousClock.now
        let error = try #require(throws: TemplateError.self) { try template.render() }
        #expect(ContinuousClock.now - start < .seconds(5))
        guard case .limit(let limit) = error.reason else {
            Issue.record("expected the elements-per-page limit, got \(error)")
            return
        }
        #expect(limit.limit == "elements-per-page" && limit.maximum == 20_000 && limit.value == 20_010)
    }

    @Test func nestedFlowLoopsAreStoppedByTheElementsPerDocument() throws {
        let yaml = """
            page: a6
            data: {xs: [\(Array(repeating: "1", count: 2_000).joined(separator: ", "))]}
            flow:
              - for:
                  each: a
                  in: xs
                  flow:
                    - for: {each: b, in: xs, flow: [{paragraph: "{{a}}"}]}
            """
        // 4,000,000 paragraphs; the default of 200,000 is reached in about 3 s of a debug build, so the test lowers it.
        var limits = Limits()
        limits.elementsPerDocument = 50_000
        let template = try Template(yaml: yaml, file: "flow.yaml", limits: limits)
        let start = ContinuousClock.now
        let error = try #require(throws: TemplateError.self) { try template.document() }
        #expect(ContinuousClock.now - start < .seconds(5))
        guard case .limit(let limit) = error.reason else {
            Issue.record("expected the elements-per-document limit, got \(error)")
            return
        }
        #expect(limit.limit == "elements-per-document" && limit.value == 50_001)
        #expect(error.description.contains("--limit elements-per-document=N"), "\(error)")
    }

    /// The first 33 bytes of a PNG that says it is `side` × `side` pixels (a decompression bomb's header: its 97 KB of
    /// zeros decode to width × height × 4 bytes).
    static func pngHeader(side: UInt32) -> Data {
        var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
        for value in [side, side] { bytes += withUnsafeBytes(of: value.bigEndian, Array.init) }
        return Data(bytes + [8, 6, 0, 0, 0, 0, 0, 0, 0])
    }

    @Test func manyLargeImagesAreRefusedBeforeAnyIsDecoded() throws {
        let scratch = try Scratch("images")
        try Self.pngHeader(side: 5_000).write(to: scratch.file("bomb.png"))
        try FileManager.default.copyItem(
            at: Repo.root.appendingPathComponent("Templates/report-logo.png"), to: scratch.file("logo.png"))
        func template(_ file: String, count: Int) throws -> Template {
            let images = (0..<count).map { "  - image: {file: \(file), x: \($0 * 10), y: 10, w: 10, h: 10}" }
            try (["page: a6", "elements:"] + images).joined(separator: "\n")
                .write(to: scratch.file("t.yaml"), atomically: true, encoding: .utf8)
            return try Template(contentsOf: scratch.file("t.yaml"))
        }
        // One 25-megapixel image (100 MB decoded) fits the default 128 MiB; two do not.
        let error = try #require(throws: TemplateError.self) { try template("bomb.png", count: 8).render() }
        guard case .limit(let limit) = error.reason else {
            Issue.record("expected the image-bytes limit, got \(error)")
            return
        }
        #expect(limit.limit == "image-bytes" && limit.value == 200_000_000)
        #expect(try template("logo.png", count: 8).render().commands.count == 8)
    }

    // MARK: The root

    /// A template folder `root/templates` with a part, an image and a header logo beside it, and a secret outside.
    static func rootFolder() throws -> Scratch {
        let scratch = try Scratch("root")
        let templates = scratch.file("templates")
        try FileManager.default.createDirectory(at: templates, withIntermediateDirectories: true)
        try "root:x:0:0:SECRET-CONTENT:/root:/bin/bash\n".write(
            to: scratch.file("secret.txt"), atomically: true, encoding: .utf8)
        try FileManager.default.copyItem(
            at: Repo.root.appendingPathComponent("Templates/report-logo.png"), to: scratch.file("outside.png"))
        try FileManager.default.copyItem(
            at: Repo.root.appendingPathComponent("Templates/report-logo.png"),
            to: templates.appendingPathComponent("logo.png"))
        return scratch
    }

    static func template(_ scratch: Scratch, _ elements: String, root: URL? = nil) throws -> Template {
        let url = scratch.file("templates/t.yaml")
        try "page: a6\npalette: {ink: {stroke: \"#000000\"}}\nelements:\n\(elements)\n".write(
            to: url, atomically: true, encoding: .utf8)
        return try Template(contentsOf: url, root: root)
    }

    @Test(arguments: [
        "  - part: {file: ../secret.txt, x: 0, y: 0, w: 10, h: 10}",
        "  - part: {file: ../../../../../../../../etc/passwd, x: 0, y: 0, w: 10, h: 10}",
        "  - part: {file: /etc/passwd, x: 0, y: 0, w: 10, h: 10}",
        "  - image: {file: ../outside.png, x: 0, y: 0, w: 10, h: 10}",
        "  - image: {file: /etc/passwd, x: 0, y: 0, w: 10, h: 10}"
    ])
    func aFileOutsideTheRootIsRefusedByElementAndRoot(_ element: String) throws {
        let scratch = try Self.rootFolder()
        let error = try #require(throws: TemplateError.self) { try Self.template(scratch, element) }
        guard case .outsideRoot(let kind, _, let root) = error.reason else {
            Issue.record("expected outside the root, got \(error)")
            return
        }
        #expect(element.contains(kind))
        #expect(root.hasSuffix("/templates"))
        #expect(error.line == 4)
        #expect(!error.description.contains("SECRET") && !error.description.contains("root:x:0"), "\(error)")
    }

    @Test func aSymlinkLeavingTheRootIsRefusedAndOneInsideIsFollowed() throws {
        let scratch = try Self.rootFolder()
        try FileManager.default.createSymbolicLink(
            at: scratch.file("templates/escape.png"), withDestinationURL: scratch.file("outside.png"))
        try FileManager.default.createSymbolicLink(
            at: scratch.file("templates/inside.png"), withDestinationURL: scratch.file("templates/logo.png"))
        let escape = try #require(throws: TemplateError.self) {
            try Self.template(scratch, "  - image: {file: escape.png, x: 0, y: 0, w: 10, h: 10}")
        }
        #expect(escape.description.contains("image \"escape.png\" is outside the template's root"), "\(escape)")
        let inside = try Self.template(scratch, "  - image: {file: inside.png, x: 0, y: 0, w: 10, h: 10}")
        #expect(inside.placeholderNames.isEmpty)
    }

    @Test func aFifoOrAnOversizedFileIsRefusedBeforeItIsRead() throws {
        let scratch = try Self.rootFolder()
        // A named pipe would block the read for ever.
        #expect(mkfifo(scratch.file("templates/pipe.yaml").path, 0o600) == 0)
        let fifo = try #require(throws: TemplateError.self) {
            try Self.template(scratch, "  - part: {file: pipe.yaml, x: 0, y: 0, w: 10, h: 10}")
        }
        #expect(fifo.description.contains("the part pipe.yaml is not a regular file"), "\(fifo)")
        let big = Data(repeating: UInt8(ascii: "#"), count: (4 << 20) + 1)
        try big.write(to: scratch.file("templates/big.yaml"))
        let oversized = try #require(throws: TemplateError.self) {
            try Self.template(scratch, "  - part: {file: big.yaml, x: 0, y: 0, w: 10, h: 10}")
        }
        #expect(oversized.description.contains("template-bytes"), "\(oversized)")
        let top = try #require(throws: TemplateError.self) {
            try Template(contentsOf: scratch.file("templates/big.yaml"))
        }
        #expect(top.description.contains("the template file holds 4194305 bytes"), "\(top)")
    }

    @Test func aWiderRootAllowsWhatItHoldsAndSlashAllowsAll() throws {
        let scratch = try Self.rootFolder()
        let image = "  - image: {file: ../outside.png, x: 0, y: 0, w: 10, h: 10}"
        _ = try Self.template(scratch, image, root: scratch.url)
        _ = try Self.template(scratch, image, root: URL(fileURLWithPath: "/"))
        let header =
            "  - text: {role: ink, text: x, size: 10, x: 0, y: 0}\nflow: [{paragraph: x}]\n"
            + "header: {logo: ../outside.png}"
        let error = try #require(throws: TemplateError.self) { try Self.template(scratch, header) }
        #expect(error.description.contains("header.logo \"../outside.png\" is outside"), "\(error)")
    }

    @Test func aFileThatIsNotATemplateIsNamedByKindNeverByContent() throws {
        let scratch = try Self.rootFolder()
        let error = try #require(throws: TemplateError.self) {
            try Self.template(scratch, "  - part: {file: ../secret.txt, x: 0, y: 0, w: 10, h: 10}", root: scratch.url)
        }
        #expect(error.description.contains("not a YAML template: line 1 is text"), "\(error)")
        #expect(!error.description.contains("SECRET"), "\(error)")
        // A configuration file is a YAML mapping, but its keys are its content: named by kind too.
        try "PasswordAuthentication: SECRET-KEY\nPort: 22\n".write(
            to: scratch.file("config.yaml"), atomically: true, encoding: .utf8)
        let config = try #require(throws: TemplateError.self) {
            try Self.template(scratch, "  - part: {file: ../config.yaml, x: 0, y: 0, w: 10, h: 10}", root: scratch.url)
        }
        #expect(config.description.contains("not a YAML template: line 1 starts a mapping without page:"), "\(config)")
        #expect(!config.description.contains("SECRET") && !config.description.contains("Password"), "\(config)")
    }

    // MARK: CSV

    @Test func oneHundredThousandColumnsReadInLinearTime() throws {
        let header = (0..<100_000).map { "c\($0)" }.joined(separator: ",")
        let row = (0..<100_000).map { "\($0)" }.joined(separator: ",")
        let data = Data((header + "\n" + row + "\n").utf8)
        let refused = try #require(throws: DataError.self) { try CSVTable(data: data, source: "wide.csv") }
        #expect(refused.description.contains("csv-columns"), "\(refused)")
        var limits = Limits()
        limits.csvColumns = 200_000
        let start = ContinuousClock.now
        let table = try CSVTable(data: data, source: "wide.csv", limits: limits)
        #expect(ContinuousClock.now - start < .seconds(5))
        #expect(table.columns.count == 100_000 && table.rows.first?.last == "99999")
    }

    @Test func aOneHundredMegabyteFieldIsAnErrorNamingTheLimit() throws {
        var data = Data("name,note\nx,".utf8)
        data.append(Data(repeating: UInt8(ascii: "a"), count: 100 << 20))
        data.append(Data("\n".utf8))
        let start = ContinuousClock.now
        let error = try #require(throws: DataError.self) { try CSVTable(data: data, source: "big.csv") }
        #expect(ContinuousClock.now - start < .seconds(5))
        guard case .limit(let limit, _, let row, let line) = error else {
            Issue.record("expected the csv-field-bytes limit, got \(error)")
            return
        }
        #expect(limit.limit == "csv-field-bytes" && row == 1 && line == 2)
    }

    @Test func aFieldOfExactlyTheLimitIsRead() throws {
        // The limit counts the field's value: not its quotes, nor the comma or line end after it; `""` is one byte.
        var limits = Limits()
        limits.csvFieldBytes = 10
        let table = try CSVTable(
            data: Data("name,note\n0123456789,\"ab\"\"cdefgh\"\n髙橋𠮷,x\n".utf8), source: "exact.csv", limits: limits)
        #expect(table.rows.map(\.first) == ["0123456789", "髙橋𠮷"])
        #expect(table.rows.first?.last == "ab\"cdefgh")
        for over in ["01234567890,x", "\"ab\"\"cdefghij\",x", "髙橋𠮷a,x"] {
            let error = try #require(throws: DataError.self) {
                try CSVTable(data: Data("name,note\n\(over)\n".utf8), source: "over.csv", limits: limits)
            }
            #expect(error.description.contains("csv-field-bytes") && error.description.contains("11"), "\(over): \(error)")
        }
    }

    // MARK: Limits

    @Test func limitsAreSetByNameWithSuffixesAndUnknownNamesAreRefused() throws {
        var limits = Limits()
        try limits.set("csv-field-bytes=4M")
        try limits.set("expression-depth=1_000")
        #expect(limits.csvFieldBytes == 4 << 20 && limits.expressionDepth == 1_000)
        let unknown = try #require(throws: LimitSettingError.self) { try limits.set("csv-colums=5") }
        #expect(unknown.description.contains("did you mean `csv-columns`?"))
        #expect(throws: LimitSettingError.self) { try limits.set("csv-columns=-1") }
        #expect(throws: LimitSettingError.self) { try limits.set("csv-columns") }
        // Every error's "Limits.NAME in the library" names the property `--limit` sets.
        for entry in Limits.all {
            let named = LimitExceeded(limit: entry.name, what: "", value: 2, maximum: 1).propertyName
            #expect(String(describing: entry.property) == "\\Limits.\(named)", "\(entry.name)")
        }
    }
}
