import Foundation
import TestSupport
import Testing

/// The same PDF/A document made again is the same file but for its dates and ID: its fonts' `/CIDSet` streams are
/// numbered in the order the fonts were made, not in the order of a dictionary keyed by pointers (three runs gave
/// two different files before).
@Suite struct ArchivalReproducibleTests {
    /// `data` with the creation and modification dates (Info and XMP) and the trailer's `/ID` blanked.
    static func withoutDates(_ data: Data) throws -> String {
        var text = String(decoding: data, as: UTF8.self)
        for pattern in [#"D:\d{14}[^)]*"#, #"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[^<"]*"#, #"/ID\s*\[[^\]]*\]"#] {
            text = text.replacingOccurrences(of: pattern, with: "", options: .regularExpression)
        }
        return text
    }

    @Test(arguments: ["receipt", "certificate"])
    func aPDFAMadeThreeTimesIsOneFile(_ name: String) throws {
        let scratch = try Scratch("pdfa-again")
        var files: [String] = []
        for run in 1...3 {
            let output = scratch.file("\(name)-\(run).pdf")
            let made = try Oracle.run(
                Repo.mkpdf.path,
                [
                    "render", Repo.root.appendingPathComponent("Templates/\(name).yaml").path, "--pdfa", "1b", "-o",
                    output.path
                ], directory: scratch.url)
            try #require(made.status == 0, "\(made.stderr)")
            files.append(try Self.withoutDates(try Data(contentsOf: output)))
        }
        #expect(files[1] == files[0] && files[2] == files[0], "\(name): the three files differ past their dates")
    }
}
