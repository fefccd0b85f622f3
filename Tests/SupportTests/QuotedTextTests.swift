import Foundation
import Support
import Testing

/// `QuotedText.quoted(_:)`: what JSON and YAML readers read back is the text given, controls escaped, never raw.
@Suite struct QuotedTextTests {
    static let texts = ["髙橋 𠮷野", "a\"b\\c", "line\nbreak\ttab\rcr", "esc\u{1B}[2J del\u{7F}", "sep\u{2028}\u{2029}", ""]

    @Test(arguments: texts)
    func jsonReadsBackTheTextAndNoControlIsLeftRaw(text: String) throws {
        let quoted = QuotedText.quoted(text)
        #expect(!quoted.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F || $0 == "\u{2028}" })
        let read = try JSONSerialization.jsonObject(with: Data(quoted.utf8), options: [.fragmentsAllowed])
        #expect(read as? String == text)
    }

    @Test func pythonYAMLReadsItBackToo() throws {
        let document = Self.texts.map { "- " + QuotedText.quoted($0) }.joined(separator: "\n")
        let script = "import sys, json, yaml; print(json.dumps(yaml.safe_load(sys.stdin.read())))"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = ["-c", script]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(Data(document.utf8))
        try input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0)
        #expect(try JSONSerialization.jsonObject(with: data) as? [String] == Self.texts)
    }
}
