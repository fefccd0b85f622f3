import Foundation
import Synchronization
import TestSupport
import Testing

/// The numeric-extremes dictionary (issue 47): every numeric key of every sample template, part and data value —
/// and of a template that uses every numeric key the language has — set in turn to each extreme a hostile author
/// would try. Every case must end in its output or a clear error within its deadline: 0 signals, 0 hangs.
extension HostileInputFuzzTests {
    /// ±1e308, 1e20, NaN and infinity (as YAML and as text), -0, the smallest subnormal, a subnormal, and 1e-320.
    static let numericExtremes = [
        "1e308", "-1e308", "1e20", "-1e20", ".nan", "NaN", ".inf", "-.inf", "-0", "5e-324", "2.2e-310", "1e-320"
    ]

    /// A template with every numeric key of positioned elements (text boxes horizontal and vertical, repeats,
    /// rotation, a code, a chart of data numbers, a part) and of a flow, each written as `key: number`.
    static let everyNumericKey = """
        page: {width: 400, height: 300}
        margins: {top: 10, right: 10, bottom: 10, left: 10}
        typesetting: {autospace: 0.25}
        data:
          amount: 1200
          months: [{m: 4月, v: 120.5}, {m: 5月, v: 98.3}]
        palette:
          ink: {stroke: "#1A1A1A", fill: "#1A1A1A"}
          code: {stroke: "#000000", fill: "#000000"}
          paper: {stroke: "#FFFFFF", fill: "#FFFFFF"}
        elements:
          - line: {role: ink, width: 1, x1: 10, y1: 10, x2: 100, y2: 10, repeat: {count: 3, dx: 2, dy: 4}}
          - rect: {role: ink, paint: stroke, width: 0.5, x: 10, y: 20, w: 50, h: 20, repeat: {count: 2, dx: 60, dy: 0}}
          - text: {role: ink, text: "東京 {{amount}} 円", size: 14, x: 10, y: 50, w: 180, h: 40,
                   fit: [shrink, wrap, shrink, error], minSize: 7, lineHeight: 1.3, letterSpacing: 1, rotate: 0,
                   autospace: 0.125}
          - text: {role: ink, text: "令和7年 ご招待", size: 12, x: 250, y: 10, w: 24, h: 180, writing: vertical,
                   minSize: 5, lineHeight: 1.2, letterSpacing: 0.5}
          - text: {role: ink, text: "No. 0042", size: 9, x: 160, y: 160, w: 60, h: 12, rotate: 90}
          - barcode: {role: code, light: paper, kind: qr, data: "会員 GCG-40167", x: 300, y: 200, w: 60, h: 60,
                      module: 1.5}
          - chart: {kind: bar, x: 10, y: 100, w: 200, h: 120, size: 8, role: ink, roles: [ink], rows: months,
                    label: "{{row.m}}", series: [{name: 売上, value: "{{row.v}}"}]}
          - part: {file: parts/seal.yaml, x: 300, y: 100, w: 44, h: 44, rotate: 10, data: {name: 会長之印}}
        """

    /// One case: the template's text with one key's every number replaced by one extreme.
    struct NumericCase {
        var label: String
        var file: String
        var text: String
    }

    /// Every `key: number` of `text` (a number with a unit such as `12pt` or `10mm` too), by key.
    static func numericKeys(in text: String) -> [String] {
        let pattern =
            #"(?<=[\s{,])([\p{L}_][\p{L}\p{N}_]*):[ \t]*-?[0-9]+(?:\.[0-9]+)?(?:mm|pt|cm|in)?(?=[ \t]*[,}\n])"#
        guard let regex = try? NSRegularExpression(pattern: pattern) else { return [] }
        let range = NSRange(text.startIndex..., in: text)
        var keys: [String] = []
        for match in regex.matches(in: text, range: range) {
            guard let key = Range(match.range(at: 1), in: text).map({ String(text[$0]) }) else { continue }
            if !keys.contains(key) { keys.append(key) }
        }
        return keys
    }

    /// `text` with every number of `key` replaced by `value`.
    static func replacing(_ key: String, in text: String, with value: String) -> String {
        let escaped = NSRegularExpression.escapedPattern(for: key)
        let pattern = #"(?<=[\s{,])"# + escaped + #":[ \t]*-?[0-9]+(?:\.[0-9]+)?(?:mm|pt|cm|in)?(?=[ \t]*[,}\n])"#
        guard let regex = try? NSRegularExpression(pattern: pattern) else { return text }
        return regex.stringByReplacingMatches(
            in: text, range: NSRange(text.startIndex..., in: text),
            withTemplate: NSRegularExpression.escapedTemplate(for: "\(key): \(value)"))
    }

    @Test(.timeLimit(.minutes(10)))
    func numericExtremesOverEveryNumericKeyNeverTrapOrHang() throws {
        let root = Repo.root.appendingPathComponent("Templates")
        var sources: [(file: String, text: String)] = [("every-key.yaml", Self.everyNumericKey)]
        for name in try FileManager.default.contentsOfDirectory(atPath: root.path).sorted()
        where name.hasSuffix(".yaml") {
            sources.append((name, try String(contentsOf: root.appendingPathComponent(name), encoding: .utf8)))
        }
        for name in try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("parts").path)
            .sorted() where name.hasSuffix(".yaml")
        {
            sources.append(
                ("parts/\(name)", try String(contentsOf: root.appendingPathComponent("parts/\(name)"), encoding: .utf8))
            )
        }
        var built: [NumericCase] = []
        var keyCount = 0
        for source in sources {
            let keys = Self.numericKeys(in: source.text)
            keyCount += keys.count
            for key in keys {
                for value in Self.numericExtremes {
                    built.append(
                        NumericCase(
                            label: "\(source.file) \(key): \(value)", file: source.file,
                            text: Self.replacing(key, in: source.text, with: value)))
                }
            }
        }
        #expect(keyCount >= 150, "numeric keys found: \(keyCount)")
        let cases = built
        // Two workers, each in its own copy of Templates/ (parts and logo included), PNG for every third case.
        let workers = 2
        let results = Mutex<(outcomes: [(Outcome, Duration)], failures: [String])>(([], []))
        let spaces = try (0..<workers).map { _ in try Self.workspace() }
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            let space = spaces[worker]
            for (index, item) in cases.enumerated() where index % workers == worker {
                do {
                    // A part's case renders the template that draws it (certificate.yaml holds seal.yaml).
                    let isPart = item.file.hasPrefix("parts/")
                    let partFile = space.file(item.file)
                    let original = isPart ? try String(contentsOf: partFile, encoding: .utf8) : ""
                    if isPart { try item.text.write(to: partFile, atomically: true, encoding: .utf8) }
                    defer { if isPart { try? original.write(to: partFile, atomically: true, encoding: .utf8) } }
                    let templateName = isPart ? "every-key.yaml" : "case.yaml"
                    if isPart {
                        try Self.everyNumericKey.write(
                            to: space.file(templateName), atomically: true, encoding: .utf8)
                    } else {
                        try item.text.write(to: space.file(templateName), atomically: true, encoding: .utf8)
                    }
                    let output = space.file(index % 3 == 0 ? "out.png" : "out.pdf")
                    for name in try FileManager.default.contentsOfDirectory(atPath: space.url.path)
                    where name.hasPrefix("out.") || name.hasPrefix("out-") {
                        try FileManager.default.removeItem(at: space.file(name))
                    }
                    var arguments = ["render", templateName, "-o", output.lastPathComponent, "--limit", "job-seconds=5"]
                    if output.pathExtension == "png" { arguments += ["--scale", "1"] }
                    let start = ContinuousClock.now
                    let outcome = try Self.run(arguments, in: space.url, output: output, label: item.label, seconds: 10)
                    let elapsed = ContinuousClock.now - start
                    results.withLock { $0.outcomes.append((outcome, elapsed)) }
                } catch {
                    results.withLock { $0.failures.append("\(item.label): \(error)") }
                }
            }
        }
        let (outcomes, failures) = results.withLock { ($0.outcomes, $0.failures) }
        #expect(failures.isEmpty, "\(failures.prefix(5))")
        let signals = outcomes.filter { $0.0.signalled }
        let hangs = outcomes.filter { $0.0.timedOut }
        let worst = outcomes.max { $0.1 < $1.1 }
        let errors = outcomes.filter { $0.0.status != 0 }.count
        print(
            "numeric extremes: \(outcomes.count) cases (\(keyCount) numeric keys × \(Self.numericExtremes.count) values), "
                + "\(errors) clear errors, \(signals.count) signals, \(hangs.count) hangs, worst \(worst.map { "\($0.1) (\($0.0.label))" } ?? "-")"
        )
        #expect(outcomes.count == cases.count)
        for (outcome, elapsed) in outcomes {
            #expect(!outcome.timedOut && !outcome.signalled, "\(outcome)")
            #expect(elapsed < .seconds(6), "within job-seconds + 1 s: \(elapsed) \(outcome)")
            #expect(!outcome.stderr.contains("Fatal error") && !outcome.stderr.contains("Stack dump"), "\(outcome)")
            #expect(outcome.status != 70, "every refusal has a kind, none is an unclassified error: \(outcome)")
            if outcome.status == 0 {
                #expect(outcome.outputExists, "\(outcome)")
            } else {
                #expect(!outcome.stderr.isEmpty && !outcome.outputExists, "\(outcome)")
                #expect(outcome.stderr.utf8.count < 4_000, "a bounded message: \(outcome.stderr.prefix(300))")
            }
        }
    }
}
