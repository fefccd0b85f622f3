import DrawingModule
import Foundation
import TestSupport
import Testing

/// Bad barcode data through `mkpdf render`: a non-zero exit, a message naming the command, the field and the fix,
/// and no output file — for PDF and PNG alike.
@Suite struct BarcodeCLITests {
    struct Bad: Sendable, CustomTestStringConvertible {
        var name: String
        var barcode: Drawing.Command.Barcode
        /// Fragments the message must hold.
        var message: [String]
        var testDescription: String { name }
    }

    static func code(
        _ kind: Drawing.Command.Barcode.Symbology, _ data: String, w: Double = 200, h: Double = 80,
        dark: Color = .black, light: Color? = nil,
        options: Drawing.Command.Barcode.Options = .init()
    ) -> Drawing.Command.Barcode {
        .init(
            symbology: kind, data: data, rect: Rect(x: 10, y: 10, width: w, height: h), dark: dark, light: light,
            options: options)
    }

    static let cases: [Bad] = [
        Bad(
            name: "wrong JAN check digit", barcode: code(.ean13, "4901234567890"),
            message: [
                "commands[1].data (barcode)", "check digit of \"4901234567890\" is 0", "give 4",
                "(4901234567894)"
            ]),
        Bad(
            name: "NW-7 character it cannot encode", barcode: code(.codabar, "A12X4B"),
            message: ["commands[1].data (barcode)", "codabar cannot encode", "Fix:"]),
        Bad(
            name: "JAN with a letter", barcode: code(.ean13, "49012345678A"),
            message: ["commands[1].data", "digits only", "\"A\""]),
        Bad(
            name: "Japanese in Code 128", barcode: code(.code128, "会員123"),
            message: ["commands[1].data", "code128 cannot encode \"会\" (U+4F1A)", "qr"]),
        Bad(
            name: "Japanese in Micro QR", barcode: code(.microQR, "¥500", w: 80, h: 80),
            message: ["commands[1].data", "Micro QR cannot carry the ECI", "\"¥\""]),
        Bad(
            name: "too long for the box", barcode: code(.qr, String(repeating: "mkpdf ", count: 300), w: 40, h: 40),
            message: ["commands[1].data (barcode)", "too many for the box (40.0×40.0 pt)", "Fix: shorten"]),
        Bad(
            name: "dark on dark",
            barcode: code(
                .qr, "T-2", w: 80, h: 80, dark: Color(0.2, 0.2, 0.2),
                light: Color(0.1, 0.1, 0.1)),
            message: ["commands[1].dark (barcode)", "print contrast of", "below the 50 %"]),
        Bad(
            name: "white on white (a role with a white or no fill)",
            barcode: code(
                .qr, "T-2", w: 80, h: 80,
                dark: .white),
            message: ["commands[1].dark (barcode)", "#FFFFFF", "white paper", "print contrast of 0 %"]),
        Bad(
            name: "transparent bars", barcode: code(.ean13, "490123456789", dark: Color(0, 0, 0, 0)),
            message: ["commands[1].dark (barcode)", "#00000000"]),
        Bad(
            name: "quiet zone cut by the box",
            barcode: code(.ean13, "490123456789", w: 100, h: 60, options: .init(moduleWidth: 1)),
            message: ["commands[1].rect (barcode)", "cuts its quiet zone", "Fix: make the box larger"]),
        Bad(
            name: "QR level that does not exist", barcode: code(.qr, "T-2", options: .init(errorCorrection: "X")),
            message: ["commands[1].options.errorCorrection", "L, M, Q, H"])
    ]

    @Test(arguments: cases) func badDataExitsNonZeroAndWritesNoFile(_ bad: Bad) throws {
        let scratch = try Scratch("barcode-cli")
        let drawing = Drawing(
            size: Size(width: 240, height: 120), background: .white,
            commands: [
                .text(.init(color: .black, string: "会員証", font: "gothic", size: 10, origin: Point(x: 0, y: 0))),
                .barcode(bad.barcode)
            ])
        try drawing.jsonData().write(to: scratch.file("bad.json"))
        for output in ["out.pdf", "out.png"] {
            let result = try Oracle.run(
                Repo.mkpdf.path,
                [
                    "render", scratch.file("bad.json").path, "-o",
                    scratch.file(output).path
                ])
            #expect(result.status != 0, "\(output): exit \(result.status)")
            for fragment in bad.message {
                #expect(result.stderr.contains(fragment), "\(output): \(result.stderr)")
            }
            #expect(try scratch.contents() == ["bad.json"])
        }
    }

    @Test func aTemplateNamesFileLineKeyAndTheValueFromTheRecord() throws {
        let scratch = try Scratch("barcode-template")
        let template = scratch.file("slip.yaml")
        try """
        size: {width: 300, height: 120}
        background: "#FFFFFF"
        placeholders: {jan: null}
        palette:
          ink: {fill: "#000000"}
        elements:
          - barcode: {role: ink, kind: ean13, data: "{{jan}}", x: 10, y: 10, w: 200, h: 80}
        """.write(to: template, atomically: true, encoding: .utf8)
        let bad = try Oracle.run(
            Repo.mkpdf.path,
            [
                "render", template.path, "--set", "jan=4901234567890", "-o",
                scratch.file("slip.pdf").path
            ])
        #expect(bad.status != 0)
        #expect(
            bad.stderr.contains("slip.yaml:7:") && bad.stderr.contains("barcode (ean13), key \"data\" (from {{jan}})"),
            "\(bad.stderr)")
        #expect(bad.stderr.contains("but the digits before it give 4"), "\(bad.stderr)")
        #expect(try scratch.contents() == ["slip.yaml"])
        let good = try Oracle.run(
            Repo.mkpdf.path,
            [
                "render", template.path, "--set", "jan=4901234567894", "-o",
                scratch.file("slip.png").path, "--scale", "2"
            ])
        #expect(good.status == 0, "\(good.stderr)")
        #expect(try Oracle.run("zbarimg", ["--raw", "-q", scratch.file("slip.png").path]).stdout == "4901234567894\n")
    }

    @Test func aBatchNamesTheRecordTheFieldAndTheElementAndWritesOnlyTheGoodRecords() throws {
        let scratch = try Scratch("barcode-batch")
        let csv = scratch.file("v.csv")
        try "member,jan\n00000001,490123456789\n00000002,4901234567890\n".write(
            to: csv, atomically: true,
            encoding: .utf8)
        let out = scratch.file("out")
        let result = try Oracle.run(
            Repo.mkpdf.path,
            [
                "batch", "--data", csv.path, "--out", out.path, "--template",
                Repo.root.appendingPathComponent("Templates/voucher.yaml").path
            ])
        #expect(
            result.stderr.contains("row 2 (member 00000002), field \"jan\": ")
                && result.stderr.contains("voucher.yaml:37:")
                && result.stderr.contains("barcode (ean13), key \"data\" (from {{jan}}): the check digit"),
            "\(result.stderr)")
        let files = try FileManager.default.contentsOfDirectory(atPath: out.path).sorted()
        #expect(files == ["manifest.jsonl", "ticket-00000001.pdf"])
    }
}
