import Foundation
import TestSupport
import Testing

/// The budgets reach every command: `raster-bytes` the PNGs of `ticket` and `batch` (through the one output entry
/// point), `data-file-bytes` a data file before it is read.
@Suite struct LimitReachTests {
    @Test func rasterBytesReachesTicketAndBatch() throws {
        let scratch = try Scratch("limit-raster")
        let ticket = try Oracle.run(
            Repo.mkpdf.path, ["ticket", "--member", "GCG-1", "-o", "t.png", "--limit", "raster-bytes=100000"],
            directory: scratch.url)
        #expect(ticket.status == 4 && ticket.stderr.contains("raster-bytes"), "\(ticket.stderr)")
        #expect(!FileManager.default.fileExists(atPath: scratch.file("t.png").path))
        try Data("member,ticket\nGCG-1,FN-1\n".utf8).write(to: scratch.file("m.csv"))
        let batch = try Oracle.run(
            Repo.mkpdf.path,
            ["batch", "--data", "m.csv", "--out", "out", "--format", "png", "--limit", "raster-bytes=100000"],
            directory: scratch.url)
        #expect(batch.status == 1 && batch.stderr.contains("raster-bytes"), "\(batch.stderr)")
        let defaults = try Oracle.run(
            Repo.mkpdf.path, ["ticket", "--member", "GCG-1", "-o", "t.png"], directory: scratch.url)
        #expect(defaults.status == 0, "the default admits the 800 × 300 px ticket: \(defaults.stderr)")
    }

    @Test func aDataFileOverItsBudgetOrNotRegularIsRefusedBeforeItIsRead() throws {
        let scratch = try Scratch("limit-data-file")
        let template = Repo.root.appendingPathComponent("Templates/invoice.yaml").path
        try Data(#"{"number": "X-1", "customer": "髙島商店"}"#.utf8).write(to: scratch.file("one.json"))
        let over = try Oracle.run(
            Repo.mkpdf.path,
            ["render", template, "--data", "one.json", "-o", "x.pdf", "--limit", "data-file-bytes=10"],
            directory: scratch.url)
        #expect(over.status == 4 && over.stderr.contains("data-file-bytes"), "\(over.stderr)")
        #expect(!FileManager.default.fileExists(atPath: scratch.file("x.pdf").path))
        #expect(mkfifo(scratch.file("pipe.json").path, 0o600) == 0)
        let pipe = try Oracle.run(
            Repo.mkpdf.path, ["render", template, "--data", "pipe.json", "-o", "y.pdf"], directory: scratch.url)
        #expect(pipe.status == 2 && pipe.stderr.contains("not a regular file"), "\(pipe.stderr)")
    }

    /// A `--data` file's problems speak of the data, never of a template: the file is the user's record, and a fix
    /// telling them to "name a template file" sends them to the wrong file.
    @Test func aDataFileThatIsNotARecordOrMissingIsNamedAsData() throws {
        let scratch = try Scratch("data-file-words")
        let template = Repo.root.appendingPathComponent("Templates/invoice.yaml").path
        try Data("髙橋 𠮷野家 ﾊﾝｶｸ\n".utf8).write(to: scratch.file("text.yaml"))
        let text = try Oracle.run(
            Repo.mkpdf.path, ["render", template, "--data", "text.yaml", "-o", "x.pdf"], directory: scratch.url)
        #expect(text.status == 1, "\(text)")
        #expect(text.stderr.contains("text.yaml:1: not a data record: line 1 is text"), "\(text.stderr)")
        #expect(text.stderr.contains("JSON object or YAML mapping") && !text.stderr.contains("template file"), "\(text.stderr)")
        #expect(!text.stderr.contains("髙橋"), "the file's text is not echoed: \(text.stderr)")
        let missing = try Oracle.run(
            Repo.mkpdf.path, ["render", template, "--data", "none.json", "-o", "x.pdf"], directory: scratch.url)
        #expect(missing.status == 2 && missing.stderr.contains("cannot read the data file"), "\(missing.stderr)")
        #expect(!FileManager.default.fileExists(atPath: scratch.file("x.pdf").path))
    }
}
