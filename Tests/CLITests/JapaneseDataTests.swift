import Foundation
import TestSupport
import Testing

/// Issue 16 through the command: Excel's CP932 CSV, Japanese headers mapped to fields, numbered tickets, values kept
/// exactly or refused, and every file accounted for (locks, reserved names, modes, limits, kill -9).
@Suite struct JapaneseDataTests {
    static let hostile = "東京〜−①髙ﾊﾝｶｸ"

    static func mkpdf(
        _ arguments: [String], in scratch: Scratch, input: Data? = nil,
        environment: [String: String]? = nil
    ) throws -> Oracle.Result {
        try Oracle.run(Repo.mkpdf.path, arguments, input: input, environment: environment, directory: scratch.url)
    }

    /// `text` converted to CP932 by iconv (the oracle: not our encoder).
    static func cp932(_ text: String) throws -> Data {
        let result = try Oracle.run("iconv", ["-f", "UTF-8", "-t", "CP932"], input: Data(text.utf8))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(String(data: result.data, encoding: .utf8) == nil, "iconv output should not be UTF-8")
        return result.data
    }

    /// Files in a folder other than the outputs the manifest lists and the manifests.
    static func stray(in folder: URL) throws -> [String] {
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        let text = (try? String(contentsOf: folder.appendingPathComponent("manifest.jsonl"), encoding: .utf8)) ?? ""
        let listed = Set(
            text.split(separator: "\n").flatMap { line -> [String] in
                let object = (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any]
                return ((object?["outputs"] as? [[String: Any]]) ?? []).compactMap { $0["path"] as? String }
            })
        return names.filter { !listed.contains($0) && !$0.hasPrefix("manifest") }.sorted()
    }

    // MARK: - Encodings

    @Test func cp932CSVFromIconvRendersTheExactTextInBatchAndReport() throws {
        let scratch = try Scratch("ja-cp932")
        try Self.cp932("member,ticket,venue\nGCG-1,FN-1,\(Self.hostile)\n").write(to: scratch.file("excel.csv"))
        let batch = try Self.mkpdf(["batch", "--data", "excel.csv", "--out", "out"], in: scratch)
        #expect(batch.status == 0, "\(batch.stderr)")
        #expect(batch.stderr.contains("read as cp932 (detected"), "\(batch.stderr)")
        #expect(try Oracle.pdftotext(scratch.file("out/ticket-GCG-1.pdf")).contains(Self.hostile))

        try Self.cp932("氏名,備考\n髙橋 一郎,\(Self.hostile)\n").write(to: scratch.file("report.csv"))
        let report = try Self.mkpdf(["report", "--data", "report.csv", "-o", "report.pdf"], in: scratch)
        #expect(report.status == 0, "\(report.stderr)")
        let text = try Oracle.pdftotext(scratch.file("report.pdf"))
        #expect(text.contains(Self.hostile) && text.contains("髙橋 一郎"), "\(text)")
        // The same bytes given as --encoding shift_jis read the same.
        let named = try Self.mkpdf(
            ["report", "--data", "report.csv", "--encoding", "shift_jis", "-o", "named.pdf"],
            in: scratch)
        #expect(named.status == 0)
        #expect(try Oracle.pdftotext(scratch.file("named.pdf")).contains(Self.hostile))
    }

    @Test func anUndecodableByteNamesRowColumnOffsetAndBytes() throws {
        let scratch = try Scratch("ja-badbyte")
        var bytes = try Self.cp932("member,ticket,venue\nGCG-1,FN-1,東京\n")
        let offset = bytes.count + "GCG-2,FN-2,".utf8.count
        bytes.append(Data("GCG-2,FN-2,".utf8))
        bytes.append(contentsOf: [0x81, 0x20]) // a CP932 lead byte without its trail byte
        bytes.append(Data("\n".utf8))
        try bytes.write(to: scratch.file("bad.csv"))
        for command in [["batch", "--data", "bad.csv", "--out", "out"], ["report", "--data", "bad.csv", "-o", "r.pdf"]]
        {
            let result = try Self.mkpdf(command + ["--encoding", "cp932"], in: scratch)
            #expect(result.status != 0)
            #expect(
                result.stderr.contains("row 2 (line 3), column \"venue\", byte offset \(offset): the bytes 0x81 0x20"),
                "\(result.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: scratch.file("r.pdf").path))
    }

    @Test func utf16WithABOMIsReadAndWithoutOneIsAClearError() throws {
        let scratch = try Scratch("ja-utf16")
        let text = "member,ticket,venue\nGCG-1,FN-1,\(Self.hostile)\n"
        try #require(text.data(using: .utf16)).write(to: scratch.file("bom.csv")) // Foundation writes a BOM
        let read = try Self.mkpdf(["batch", "--data", "bom.csv", "--out", "out"], in: scratch)
        #expect(read.status == 0, "\(read.stderr)")
        #expect(try Oracle.pdftotext(scratch.file("out/ticket-GCG-1.pdf")).contains(Self.hostile))

        try #require(text.data(using: .utf16LittleEndian)).write(to: scratch.file("nobom.csv"))
        let refused = try Self.mkpdf(["report", "--data", "nobom.csv", "-o", "r.pdf"], in: scratch)
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("NUL bytes but no byte-order mark") && !refused.stderr.contains("\0"))
        let given = try Self.mkpdf(
            ["report", "--data", "nobom.csv", "--encoding", "utf-16", "-o", "r.pdf"],
            in: scratch)
        #expect(given.status == 0, "\(given.stderr)")
        #expect(try Oracle.pdftotext(scratch.file("r.pdf")).contains(Self.hostile))
    }

    @Test func setFileValuesAreDecodedLikeData() throws {
        let scratch = try Scratch("ja-setfile")
        try Self.cp932("\(Self.hostile)\r\n").write(to: scratch.file("venue.txt"))
        let ticket = try Self.mkpdf(
            [
                "ticket", "--member", "GCG-1", "--ticket", "FN-1", "--set-file", "venue=venue.txt",
                "-o", "t.pdf"
            ], in: scratch)
        #expect(ticket.status == 0, "\(ticket.stderr)")
        #expect(try Oracle.pdftotext(scratch.file("t.pdf")).contains("\n\(Self.hostile)\n"))
        let template = Repo.root.appendingPathComponent("Templates/ticket.yaml").path
        let render = try Self.mkpdf(
            [
                "render", template, "--set", "member=GCG-2", "--set-file", "venue=venue.txt",
                "-o", "r.pdf"
            ], in: scratch)
        #expect(render.status == 0, "\(render.stderr)")
        #expect(try Oracle.pdftotext(scratch.file("r.pdf")).contains(Self.hostile))
        try Data([0x81, 0x20]).write(to: scratch.file("bad.txt"))
        let bad = try Self.mkpdf(
            [
                "ticket", "--member", "GCG-1", "--set-file", "venue=bad.txt",
                "--set-file-encoding", "cp932", "-o", "b.pdf"
            ], in: scratch)
        #expect(bad.status != 0)
        #expect(bad.stderr.contains("byte offset 0: the bytes 0x81 0x20 are not cp932"), "\(bad.stderr)")
        #expect(!FileManager.default.fileExists(atPath: scratch.file("b.pdf").path))
    }

    // MARK: - Fields by any name

    @Test func samplesMembersCSVDrivesBatchWithMapAndNumber() throws {
        let scratch = try Scratch("ja-members")
        let members = Repo.root.appendingPathComponent("samples/members.csv").path
        let result = try Self.mkpdf(
            [
                "batch", "--data", members, "--out", "out", "--map", "会員番号=member",
                "--number", "ticket=FN-{{index+1:06}}"
            ], in: scratch)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("36 ok, 0 failed"), "\(result.stdout)")
        let text = try Oracle.pdftotext(scratch.file("out/ticket-GCG-40100.pdf"))
        #expect(text.contains("FN-000001") && text.contains("GCG-40100"), "\(text)")
        #expect(try Oracle.pdftotext(scratch.file("out/ticket-GCG-40138.pdf")).contains("FN-000002"))

        // The same renames from a mapping file; a column the data lacks is named with the columns it has.
        try Data("# 会員名簿 → ticket\n会員番号 = member\n都道府県=venue\n".utf8).write(to: scratch.file("map.txt"))
        let filed = try Self.mkpdf(
            [
                "batch", "--data", members, "--out", "filed", "--map-file", "map.txt",
                "--number", "ticket=FN-{{index+1:06}}"
            ], in: scratch)
        #expect(filed.status == 0, "\(filed.stderr)")
        #expect(try Oracle.pdftotext(scratch.file("filed/ticket-GCG-40100.pdf")).contains("東京都"))
        let wrong = try Self.mkpdf(["batch", "--data", members, "--out", "wrong", "--map", "会員=member"], in: scratch)
        #expect(wrong.status != 0)
        #expect(wrong.stderr.contains("has no column \"会員\"; its columns are 会員番号, 氏名"), "\(wrong.stderr)")

        // Without --map the member column is missing: every record says so rather than printing a default.
        let unmapped = try Self.mkpdf(
            ["batch", "--data", members, "--out", "none", "--number", "ticket=T-{{row}}"],
            in: scratch)
        #expect(unmapped.status == 1)
        #expect(unmapped.stderr.contains("field \"member\": the field \"member\" is missing"), "\(unmapped.stderr)")
    }

    @Test func placeholdersMayBeJapaneseNames() throws {
        let scratch = try Scratch("ja-placeholders")
        try Data(
            """
            name: card
            size: {width: 200, height: 60}
            font: gothic
            placeholders:
              会員番号: GCG-0
              氏名: 名無し
            palette:
              ink: {stroke: "#000000"}
            elements:
              - text: {role: ink, text: "{{会員番号}} {{氏名}}", size: 12, x: 5, y: 5}
            """.utf8
        ).write(to: scratch.file("card.yaml"))
        let members = Repo.root.appendingPathComponent("samples/members.csv").path
        let result = try Self.mkpdf(
            [
                "batch", "--data", members, "--template", "card.yaml", "--out", "out",
                "--name", "card-{{会員番号}}"
            ], in: scratch)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try Oracle.pdftotext(scratch.file("out/card-GCG-40100.pdf")).contains("GCG-40100 髙橋 一郎"))
    }

    @Test func ticketNumbersFromNumberAreTheSameInTicketAndBatch() throws {
        let scratch = try Scratch("ja-number")
        let ticket = try Self.mkpdf(
            [
                "ticket", "--member", "GCG-1", "--number", "ticket=FN-{{index+1:06}}",
                "--index", "41", "-o", "t.pdf"
            ], in: scratch)
        #expect(ticket.status == 0, "\(ticket.stderr)")
        #expect(try Oracle.pdftotext(scratch.file("t.pdf")).contains("FN-000042"))
        let fixed = try Self.mkpdf(["ticket", "--member", "GCG-1", "-o", "d.pdf"], in: scratch)
        #expect(fixed.status == 0 && fixed.stderr.isEmpty, "the main command prints the path and nothing else")
        #expect(fixed.stdout.hasSuffix("/d.pdf\n") && fixed.stdout.split(separator: "\n").count == 1, "\(fixed.stdout)")
    }

    // MARK: - Strict values

    @Test func jsonNumbersKeepTheirDigitsAndBooleansAndNullsAreRefused() throws {
        let scratch = try Scratch("ja-json")
        let jsonl = """
            {"member": "GCG-1", "ticket": 12345678901234567890123}
            {"member": "GCG-2", "ticket": "FN-2", "venue": true}
            {"member": "GCG-3", "ticket": "FN-3", "venue": null}
            """
        try Data(jsonl.utf8).write(to: scratch.file("m.jsonl"))
        let result = try Self.mkpdf(["batch", "--data", "m.jsonl", "--out", "out", "--jobs", "1"], in: scratch)
        #expect(result.status == 1)
        #expect(try Oracle.pdftotext(scratch.file("out/ticket-GCG-1.pdf")).contains("12345678901234567890123"))
        #expect(
            result.stderr.contains("row 2 (member GCG-2), field \"venue\": the value of \"venue\" is true"),
            "\(result.stderr)")
        #expect(result.stderr.contains("row 3 (member GCG-3), field \"venue\": the value of \"venue\" is null"))
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: scratch.file("out").path).sorted()
                == ["manifest.jsonl", "ticket-GCG-1.pdf"])

        // A template that says how to print the literals prints them.
        try Data(
            """
            name: flags
            size: {width: 200, height: 40}
            palette:
              ink: {stroke: "#000000"}
            literals: {"true": はい, "false": いいえ, "null": 未定}
            placeholders: {venue: "-", member: null}
            elements:
              - text: {role: ink, text: "{{member}}:{{venue}}", size: 12, x: 5, y: 5}
            """.utf8
        ).write(to: scratch.file("flags.yaml"))
        let printed = try Self.mkpdf(
            ["batch", "--data", "m.jsonl", "--template", "flags.yaml", "--out", "flags"],
            in: scratch)
        #expect(printed.status == 0, "\(printed.stderr)")
        #expect(try Oracle.pdftotext(scratch.file("flags/ticket-GCG-1.pdf")).contains("GCG-1:-"))
        #expect(try Oracle.pdftotext(scratch.file("flags/ticket-GCG-2.pdf")).contains("GCG-2:はい"))
        #expect(try Oracle.pdftotext(scratch.file("flags/ticket-GCG-3.pdf")).contains("GCG-3:未定"))
    }

    @Test func anUnterminatedQuoteIsAnErrorNamingTheLineNotMergedRecords() throws {
        let scratch = try Scratch("ja-quote")
        try Data("member,ticket,venue\nGCG-1,FN-1,\"東京\nGCG-2,FN-2,大阪\n".utf8).write(to: scratch.file("q.csv"))
        let result = try Self.mkpdf(["batch", "--data", "q.csv", "--out", "out"], in: scratch)
        #expect(result.status != 0)
        #expect(result.stderr.contains("row 1 (line 2) opens a quoted field that is never closed"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: scratch.file("out/ticket-GCG-1.pdf").path))
    }

    // MARK: - Streaming

    /// The input is streamed, not read whole: with standard input (and then a FIFO given as --data) still open, the
    /// record after 20,000 lines is rendered before the input ends — which a reader that reads to the end first
    /// (for encoding detection or the quote check) cannot do.
    @Test func batchRendersARecordAfter20000LinesWhileItsInputIsStillOpen() throws {
        signal(SIGPIPE, SIG_IGN) // a write to a batch that exited early is an error here, not the end of the test run
        let scratch = try Scratch("ja-stream")
        let rows = 20_000
        let head = "member,ticket,venue\n" + (0..<rows).map { "GCG-\($0),FN-\($0),東京〜髙" }.joined(separator: "\n")
        let fifo = scratch.file("members.csv")
        try #require(mkfifo(fifo.path, 0o600) == 0)
        for data in ["-", "members.csv"] {
            let out = data == "-" ? "from-stdin" : "from-fifo"
            let process = Process()
            process.executableURL = Repo.mkpdf
            // --shard 0/20000: only records 0 and 20000 (the one after 20,000 lines) are rendered.
            process.arguments = ["batch", "--data", data, "--out", out, "--shard", "0/\(rows)", "--jobs", "1"]
            process.currentDirectoryURL = scratch.url
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            let pipe = Pipe()
            if data == "-" { process.standardInput = pipe }
            try process.run()
            defer {
                if process.isRunning {
                    kill(process.processIdentifier, SIGKILL)
                    process.waitUntilExit()
                }
            }
            let writer = try #require(data == "-" ? pipe.fileHandleForWriting : FileHandle(forWritingAtPath: fifo.path))
            try writer.write(contentsOf: Data((head + "\nLATE-1,FN-LATE,大阪〜①\n").utf8))
            let late = scratch.file("\(out)/ticket-LATE-1.pdf")
            let deadline = Date().addingTimeInterval(90)
            while Date() < deadline, process.isRunning, !FileManager.default.fileExists(atPath: late.path) {
                usleep(20_000)
            }
            #expect(FileManager.default.fileExists(atPath: late.path), "\(data): not rendered before the input ended")
            #expect(process.isRunning, "\(data): the batch should still be waiting for more input")
            try writer.close()
            process.waitUntilExit()
            #expect(process.terminationStatus == 0, "\(data)")
            #expect(try Oracle.pdftotext(late).contains("大阪〜①"))
            let manifest = try BatchCommandTests.manifest(scratch.file("\(out)/manifest-shard-0-of-\(rows).jsonl"))
            #expect(manifest.map(\.index).sorted() == [0, rows] && manifest.allSatisfy { $0.status == "ok" })
        }
    }

    // MARK: - Files

    @Test func aRecordNamedImposedCannotOverwriteTheImposedSheets() throws {
        let scratch = try Scratch("ja-reserved")
        try Data("member,ticket\nimposed,FN-1\nGCG-2,FN-2\nGCG-2,FN-3\n".utf8).write(to: scratch.file("m.csv"))
        let result = try Self.mkpdf(
            [
                "batch", "--data", "m.csv", "--out", "out", "--name", "{{member}}",
                "--impose", "a4", "--jobs", "1"
            ], in: scratch)
        #expect(result.status == 1)
        #expect(result.stderr.contains("row 1 (member imposed): the output name imposed.pdf is reserved"))
        #expect(
            result.stderr.contains("GCG-2.pdf is already used by row 2: rows 2 and 3 both name it"),
            "\(result.stderr)")
        let imposed = try Oracle.pdftotext(scratch.file("out/imposed.pdf"))
        #expect(imposed.contains("GCG-2") && imposed.contains("FN-2") && !imposed.contains("FN-3"))
        #expect(try Self.stray(in: scratch.file("out")) == ["imposed.pdf"])
    }

    @Test func aSecondBatchOrAResumeIntoTheSameFolderRefusesNamingThePid() throws {
        let scratch = try Scratch("ja-lock")
        // Enough rows that the first batch is still running when the second starts (400 finished first once).
        try Data(BatchCommandTests.csv(count: 1500).utf8).write(to: scratch.file("m.csv"))
        let first = try BatchCommandTests.start(["--data", "m.csv", "--out", "out", "--jobs", "1"], in: scratch.url)
        defer {
            if first.isRunning {
                kill(first.processIdentifier, SIGKILL)
                first.waitUntilExit()
            }
        }
        try BatchCommandTests.wait(for: 5, in: scratch.file("out/manifest.jsonl"), while: first)
        #expect(first.isRunning)
        for extra in [[], ["--resume"]] {
            let second = try Self.mkpdf(["batch", "--data", "m.csv", "--out", "out"] + extra, in: scratch)
            #expect(second.status != 0)
            #expect(
                second.stderr.contains("is in use by another mkpdf batch (process \(first.processIdentifier))"),
                "\(second.stderr)")
        }
        first.waitUntilExit()
        #expect(first.terminationStatus == 0)
        try BatchCommandTests.expectComplete(scratch.file("out"), count: 1500)
    }

    @Test func killedAtRandomPointsThenResumedLeavesNothingInTmpOrStrayInOut() throws {
        let scratch = try Scratch("ja-kill")
        let temporary = scratch.file("tmp")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        var environment = ProcessInfo.processInfo.environment
        environment["TMPDIR"] = temporary.path
        try Data(BatchCommandTests.csv(count: 300).utf8).write(to: scratch.file("m.csv"))
        var random = SeededRandom(seed: 16)
        for _ in 0..<3 {
            let process = Process()
            process.executableURL = Repo.mkpdf
            process.arguments = ["batch", "--data", "m.csv", "--out", "out", "--resume", "--jobs", "2"]
            process.currentDirectoryURL = scratch.url
            process.environment = environment
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            usleep(UInt32.random(in: 150_000...700_000, using: &random))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        let resumed = try Self.mkpdf(
            ["batch", "--data", "m.csv", "--out", "out", "--resume"], in: scratch,
            environment: environment)
        #expect(resumed.status == 0, "\(resumed.stderr)")
        try BatchCommandTests.expectComplete(scratch.file("out"), count: 300)
        #expect(try Self.stray(in: scratch.file("out")) == [])
        let leftInTmp = try FileManager.default.contentsOfDirectory(atPath: temporary.path)
        // Font subsets are made in memory: nothing of a killed run stays in TMPDIR.
        #expect(leftInTmp == [])
    }

    @Test func mode0600SurvivesAnOverwriteAndTheUmaskIsFollowed() throws {
        let scratch = try Scratch("ja-mode")
        let first = try Self.mkpdf(["ticket", "--member", "GCG-1", "--ticket", "FN-1", "-o", "t.pdf"], in: scratch)
        #expect(first.status == 0)
        chmod(scratch.file("t.pdf").path, 0o600)
        for arguments in [["ticket", "--member", "GCG-2", "--ticket", "FN-2", "-o", "t.pdf"]] {
            #expect(try Self.mkpdf(arguments, in: scratch).status == 0)
        }
        let attributes = try FileManager.default.attributesOfItem(atPath: scratch.file("t.pdf").path)
        #expect(attributes[.posixPermissions] as? Int == 0o600)
        #expect(try Oracle.pdftotext(scratch.file("t.pdf")).contains("GCG-2"))

        let masked = try Oracle.run(
            "/bin/sh",
            [
                "-c",
                "umask 077; exec '\(Repo.mkpdf.path)' ticket --member GCG-3 "
                    + "--ticket FN-3 -o new.png"
            ], directory: scratch.url)
        #expect(masked.status == 0, "\(masked.stderr)")
        let png = try FileManager.default.attributesOfItem(atPath: scratch.file("new.png").path)
        #expect(png[.posixPermissions] as? Int == 0o600)
    }

    @Test func aFileSizeLimitIsReportedAsEFBIGAndLeavesNothing() throws {
        let scratch = try Scratch("ja-xfsz")
        try Data("氏名,備考\n髙橋,\(Self.hostile)\n".utf8).write(to: scratch.file("r.csv"))
        for arguments in [["report", "--data", "r.csv", "-o", "r.pdf"], ["ticket", "--member", "GCG-1", "-o", "t.png"]]
        {
            let quoted = ([Repo.mkpdf.path] + arguments).map { "'\($0)'" }.joined(separator: " ")
            let result = try Oracle.run("/bin/sh", ["-c", "ulimit -f 2; exec \(quoted)"], directory: scratch.url)
            #expect(result.status == 2, "an I/O problem: \(arguments): status \(result.status) \(result.stderr)")
            #expect(
                result.stderr.contains("File too large") && result.stderr.contains("ulimit -f"),
                "\(result.stderr)")
            #expect(try scratch.contents() == ["r.csv"])
        }
    }

    /// Whether this process may mount a small tmpfs (root with CAP_SYS_ADMIN), to make a real full disk.
    static let canMountTmpfs: Bool = {
        guard let scratch = try? Scratch("ja-probe") else { return false }
        guard (try? Oracle.run("mount", ["-t", "tmpfs", "-o", "size=64k", "tmpfs", scratch.url.path]))?.status == 0
        else { return false }
        _ = try? Oracle.run("umount", [scratch.url.path])
        return true
    }()

    @Test(.enabled(if: canMountTmpfs, "needs root to mount a 64 KiB tmpfs"))
    func aFullDiskIsReportedAndLeavesNothing() throws {
        let scratch = try Scratch("ja-full")
        try Data("氏名,備考\n髙橋,\(Self.hostile)\n".utf8).write(to: scratch.file("r.csv"))
        let disk = scratch.file("disk")
        try FileManager.default.createDirectory(at: disk, withIntermediateDirectories: false)
        #expect(try Oracle.run("mount", ["-t", "tmpfs", "-o", "size=64k", "tmpfs", disk.path]).status == 0)
        defer { _ = try? Oracle.run("umount", [disk.path]) }
        try Data(count: 60 * 1024).write(to: disk.appendingPathComponent("fill"))
        for arguments in [
            ["report", "--data", "r.csv", "-o", "disk/r.pdf"],
            ["ticket", "--member", "GCG-1", "--ticket", "FN-1", "-o", "disk/t.png"]
        ] {
            let result = try Self.mkpdf(arguments, in: scratch)
            #expect(result.status == 2, "an I/O problem")
            #expect(result.stderr.contains("No space left on device (the disk is full"), "\(result.stderr)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: disk.path) == ["fill"])
        }
    }

    @Test func pngPagesAppearAllOrNone() throws {
        let scratch = try Scratch("ja-pages")
        let rows = (1...160).map { "GCG-\($0),髙橋 \($0)" }.joined(separator: "\n")
        try Data("会員番号,氏名\n\(rows)\n".utf8).write(to: scratch.file("r.csv"))
        try FileManager.default.createDirectory(at: scratch.file("r-2.png"), withIntermediateDirectories: false)
        let result = try Self.mkpdf(["report", "--data", "r.csv", "-o", "r.png"], in: scratch)
        #expect(result.status != 0)
        #expect(result.stderr.contains("r-2.png"), "\(result.stderr)")
        #expect(try scratch.contents().sorted() == ["r-2.png", "r.csv"])
    }

    @Test func renderedPNGPagesAppearAllOrNone() throws {
        let scratch = try Scratch("ja-render-pages")
        let page = #"{"size": {"width": 100, "height": 100}, "commands": []}"#
        let document = #"{"pages": [\#(page), \#(page)], "metadata": {"title": "二枚"}}"#
        try Data(document.utf8).write(to: scratch.file("d.json"))
        try FileManager.default.createDirectory(at: scratch.file("d-2.png"), withIntermediateDirectories: false)
        let failed = try Self.mkpdf(["render", "d.json", "-o", "d.png"], in: scratch)
        #expect(failed.status != 0)
        #expect(failed.stderr.contains("d-2.png"), "\(failed.stderr)")
        #expect(try scratch.contents().sorted() == ["d-2.png", "d.json"], "d-1.png must not appear alone")
        try FileManager.default.removeItem(at: scratch.file("d-2.png"))
        let written = try Self.mkpdf(["render", "d.json", "-o", "d.png"], in: scratch)
        #expect(written.status == 0, "\(written.stderr)")
        #expect(try scratch.contents().sorted() == ["d-1.png", "d-2.png", "d.json"])
    }

    @Test func controlCharactersInAnyCommandsErrorAreEscaped() throws {
        let scratch = try Scratch("ja-control-any")
        try Data("member,venue\nGCG-1,東京\n".utf8).write(to: scratch.file("r.csv"))
        try Data(
            "page: a4\ndata: {rows: []}\nflow:\n  - table: {rows: rows, columns: [{title: x, value: \"{{row['a\\u001b[2Jb']}}\"}]}\n"
                .utf8
        )
        .write(to: scratch.file("r.yaml"))
        let result = try Self.mkpdf(["report", "--data", "r.csv", "--template", "r.yaml", "-o", "r.pdf"], in: scratch)
        #expect(result.status != 0)
        #expect(result.stderr.contains("a\\u{1B}[2Jb") && !result.stderr.contains("\u{1B}"), "\(result.stderr)")
    }

    @Test func controlCharactersFromDataAreEscapedInFailureLines() throws {
        let scratch = try Scratch("ja-control")
        try Data("member,ticket\n\"GCG\u{1B}[2J\n1\",FN-1\nGCG-\u{0}2,FN-2\n".utf8).write(to: scratch.file("m.csv"))
        let result = try Self.mkpdf(["batch", "--data", "m.csv", "--out", "out", "--jobs", "1"], in: scratch)
        #expect(result.status == 1)
        #expect(result.stderr.contains("GCG\\u{1B}[2J\\n1"), "\(result.stderr)")
        #expect(result.stderr.contains("GCG-\\u{0}2"), "\(result.stderr)")
        #expect(!result.stderr.contains("\u{1B}[2J") && !result.stderr.contains("\u{0}"))
    }

    @Test func aBatchOfMembersWithoutTicketNumbersWorksAndSaysSoOnce() throws {
        let scratch = try Scratch("ja-member-only")
        let csv = "member,name\nGCG-40100,髙橋 一郎\nGCG-40101,佐藤 花子\n"
        try Data(csv.utf8).write(to: scratch.file("members.csv"))
        let result = try Self.mkpdf(["batch", "--data", "members.csv", "--out", "tickets"], in: scratch)
        #expect(result.status == 0 && result.stdout.contains("2 ok, 0 failed"), "\(result.stdout) \(result.stderr)")
        let notes = result.stderr.components(separatedBy: "has no ticket column").count - 1
        #expect(notes == 1, "the default ticket number is stated once: \(result.stderr)")
        #expect(try Oracle.pdftotext(scratch.file("tickets/ticket-GCG-40101.pdf")).contains("FN-579-413"))
    }
}

/// Excel's `¥1,200` in a CP932 CSV is the byte 0x5C before the digits: it reads as the amount, so the invoice's
/// totals are those of the same file without the yen signs, not a failed record or a ¥0.
@Suite struct CP932YenTests {
    @Test func aYenSignSavedAsCP932IsTheAmount() throws {
        let scratch = try Scratch("ja-cp932-yen")
        let lines = try Data(contentsOf: Repo.root.appendingPathComponent("samples/invoice-lines.csv"))
        let text = try #require(
            String(data: try Oracle.run("iconv", ["-f", "CP932", "-t", "UTF-8"], input: lines).data, encoding: .utf8))
        // Excel ends lines with CR LF, which Swift's String holds as one Character: split on the scalars.
        let end = text.contains("\r\n") ? "\r\n" : "\n"
        var rows = text.components(separatedBy: end)
        // The price column (単価, the sixth) of every data row written in Excel's currency format: "¥1,200".
        for index in rows.indices.dropFirst() where !rows[index].isEmpty {
            var fields = rows[index].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            try #require(fields.count == 7, "\(rows[index])")
            let amount = try #require(Int(fields[5].trimmingCharacters(in: .whitespacesAndNewlines)))
            // Quoted, as Excel quotes a value holding a comma.
            let digits = amount >= 1000 ? "\(amount / 1000),\(String(format: "%03d", amount % 1000))" : "\(amount)"
            fields[5] = "\"YEN\(digits)\""
            rows[index] = fields.joined(separator: ",")
        }
        var yen = try JapaneseDataTests.cp932(rows.joined(separator: end))
        // iconv has no CP932 byte for "YEN"'s letters' meaning: put Excel's 0x5C in their place.
        let marker = Data("YEN".utf8)
        while let range = yen.range(of: marker) { yen.replaceSubrange(range, with: [0x5C]) }
        try #require(yen.contains(0x5C))
        try yen.write(to: scratch.file("yen.csv"))
        try lines.write(to: scratch.file("plain.csv"))
        var texts: [String] = []
        for name in ["plain", "yen"] {
            let run = try Oracle.run(
                Repo.mkpdf.path,
                [
                    "batch", "--template", Repo.root.appendingPathComponent("Templates/invoice.yaml").path, "--data",
                    "\(name).csv", "--group-by", "number", "--map", "請求番号=number", "--map", "取引先=customer",
                    "--map", "発行日=issued", "--map", "品名=name", "--map", "数量=qty", "--map", "単価=price",
                    "--map", "税率=rate", "--out", name, "--name", "{{number}}"
                ], directory: scratch.url)
            #expect(run.status == 0, "\(name): \(run.stderr)")
            #expect(run.stdout.contains("0 failed"), "\(name): \(run.stdout)")
            let folder = scratch.file(name)
            let pdfs = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".pdf") }
                .sorted()
            try #require(!pdfs.isEmpty)
            texts.append(try pdfs.map { try Oracle.pdftotext(folder.appendingPathComponent($0)) }.joined())
        }
        #expect(texts[0] == texts[1])
        #expect(texts[1].contains("¥") && !texts[1].contains("¥0\n"), "\(texts[1].prefix(600))")
    }
}
