import Foundation
import TestSupport
import Testing

/// The application form template (Templates/application.yaml) through `mkpdf render`: its fields as pypdf reads them,
/// `--flatten-forms`, duplicate names in a template, and forms with PDF/A, encryption and a signature.
@Suite struct FormFieldCommandTests {
    static func mkpdf(_ arguments: [String], in scratch: Scratch, environment: [String: String]? = nil) throws
        -> Oracle.Result
    {
        try ArchivalTests.mkpdf(arguments, in: scratch, environment: environment)
    }

    static let application = ArchivalTests.template("application.yaml")

    static let defaults = [
        "フリガナ|/Tx|ヨシダ タカシ", "会員種別|/Btn|/一般", "住所|/Tx|千代田区丸の内1-9-1 グラントウキョウ ノースタワー 12F",
        "受付日|/Tx|", "受付番号|/Tx|", "同意|/Btn|/Yes", "備考|/Tx|", "支払方法|/Ch|クレジットカード", "氏名|/Tx|𠮷田 髙志",
        "生年月日|/Tx|1985-04-01", "郵便番号|/Tx|100-0005", "都道府県|/Ch|東京都", "連絡_メール|/Btn|/Yes",
        "連絡_電話|/Btn|/Off", "連絡_郵送|/Btn|/Yes", "電話番号|/Tx|03-1234-5678", "メール|/Tx|yoshida@example.jp"
    ]

    @Test func theApplicationFormHasEveryFieldWithItsValueFromData() throws {
        let scratch = try Scratch("application")
        let made = try Self.mkpdf(
            ["render", Self.application, "--set", "氏名=髙橋 𠮷野", "-o", "application.pdf"], in: scratch)
        #expect(made.status == 0, "\(made.stderr)")
        let pdf = scratch.file("application.pdf")
        #expect(try Oracle.qpdfCheck(pdf).status == 0)
        let expected = Self.defaults.map { $0 == "氏名|/Tx|𠮷田 髙志" ? "氏名|/Tx|髙橋 𠮷野" : $0 }
        #expect(try Oracle.pypdfFields(pdf).sorted() == expected.sorted())
        let text = Oracle.squeezed(try Oracle.pdftotext(pdf))
        #expect(text.contains("髙橋𠮷野") && text.contains("会員入会申込書"), "\(text)")
    }

    @Test func flattenFormsPrintsTheValuesAndLeavesNoFields() throws {
        let scratch = try Scratch("application-flat")
        for (arguments, name) in [(["--flatten-forms"], "flag.pdf"), ([], "plain.pdf")] {
            let made = try Self.mkpdf(["render", Self.application, "-o", name] + arguments, in: scratch)
            #expect(made.status == 0, "\(made.stderr)")
        }
        let flat = scratch.file("flag.pdf")
        #expect(try Oracle.pypdfFields(flat).isEmpty)
        #expect(try Oracle.pypdfFields(scratch.file("plain.pdf")).count == Self.defaults.count)
        let text = Oracle.squeezed(try Oracle.pdftotext(flat))
        for value in ["𠮷田髙志", "ヨシダタカシ", "yoshida@example.jp", "クレジットカード"] {
            #expect(text.contains(value), "\(value) in \(text)")
        }
        // A template's own `flatten: true` does the same as the flag.
        let yaml = try String(contentsOfFile: Self.application, encoding: .utf8)
            .replacingOccurrences(of: "font: gothic\n", with: "font: gothic\nflatten: true\n")
        try yaml.write(to: scratch.file("flat.yaml"), atomically: true, encoding: .utf8)
        let own = try Self.mkpdf(["render", scratch.file("flat.yaml").path, "-o", "own.pdf"], in: scratch)
        #expect(own.status == 0, "\(own.stderr)")
        #expect(try Oracle.pypdfFields(scratch.file("own.pdf")).isEmpty)
    }

    @Test func twoFieldsOfOneNameAreRefusedNamingBothLines() throws {
        let scratch = try Scratch("field-twice")
        try """
        name: twice
        size: {width: 300, height: 200}
        data: {items: [一, 二]}
        elements:
          - field: {type: text, name: 氏名, x: 10, y: 10, w: 100, h: 20}
          - for:
              each: item
              in: items
              dy: 30
              elements:
                - field: {type: text, name: "行{{loop.index}}", value: "{{item}}", x: 10, y: 40, w: 100, h: 20}
          - field: {type: checkbox, name: 氏名, x: 10, y: 120}
        """.write(to: scratch.file("twice.yaml"), atomically: true, encoding: .utf8)
        let made = try Self.mkpdf(["render", scratch.file("twice.yaml").path, "-o", "twice.pdf"], in: scratch)
        #expect(made.status != 0)
        #expect(made.stderr.contains("twice.yaml:12:"), "\(made.stderr)")
        #expect(made.stderr.contains("the field at") && made.stderr.contains("twice.yaml:5:"), "\(made.stderr)")
        #expect(!FileManager.default.fileExists(atPath: scratch.file("twice.pdf").path))
        // Names made by a loop are distinct: without the last field the template renders.
        let fixed = try String(contentsOf: scratch.file("twice.yaml"), encoding: .utf8)
            .replacingOccurrences(of: "name: 氏名, x: 10, y: 120", with: "name: 同意, x: 10, y: 120")
        try fixed.write(to: scratch.file("fixed.yaml"), atomically: true, encoding: .utf8)
        let good = try Self.mkpdf(["render", scratch.file("fixed.yaml").path, "-o", "fixed.pdf"], in: scratch)
        #expect(good.status == 0, "\(good.stderr)")
        #expect(
            try Set(Oracle.pypdfFields(scratch.file("fixed.pdf"))) == [
                "同意|/Btn|/Off", "行1|/Tx|一", "行2|/Tx|二", "氏名|/Tx|"
            ])
    }

    @Test func optionsComeFromDataAndBadFieldsAreRefusedAtTheirLine() throws {
        let scratch = try Scratch("field-data")
        try """
        name: choices
        size: {width: 300, height: 120}
        data: {prefectures: [北海道, 沖縄県], home: 沖縄県, member: {agreed: true}}
        elements:
          - field: {type: combo, name: 都道府県, options: prefectures, value: "{{home}}", x: 10, y: 10, w: 100, h: 20}
          - field: {type: checkbox, name: 同意, checked: member.agreed, x: 10, y: 40}
        """.write(to: scratch.file("choices.yaml"), atomically: true, encoding: .utf8)
        let made = try Self.mkpdf(["render", scratch.file("choices.yaml").path, "-o", "choices.pdf"], in: scratch)
        #expect(made.status == 0, "\(made.stderr)")
        #expect(try Oracle.pypdfFields(scratch.file("choices.pdf")) == ["同意|/Btn|/Yes", "都道府県|/Ch|沖縄県"])
        let options = try Oracle.run(
            "python3",
            [
                "-c",
                "import sys, pikepdf; p = pikepdf.open(sys.argv[1]); f = p.Root.AcroForm.Fields[0]; "
                    + "print([str(o) for o in f.Opt])", scratch.file("choices.pdf").path
            ])
        #expect(options.stdout == "['北海道', '沖縄県']\n", "\(options.stdout)\(options.stderr)")

        let bad: [(String, String, String)] = [
            ("{type: button, name: a, x: 1, y: 1}", "5:", "one of checkbox, combo, list, radio, text"),
            ("{type: checkbox, name: a, value: x, x: 1, y: 1}", "5:", "tick it with checked:"),
            ("{type: list, name: a, x: 1, y: 1, w: 50, h: 20}", "5:", "needs the key \"options\""),
            ("{type: combo, name: a, options: [東京都], value: 大阪府, x: 1, y: 1, w: 50, h: 20}", "5:", "not one of"),
            ("{type: text, name: \"a.b\", x: 1, y: 1, w: 50}", "5:", "holds a period")
        ]
        for (index, (field, place, reason)) in bad.enumerated() {
            let name = "bad\(index).yaml"
            try "name: bad\nsize: {width: 100, height: 100}\ndata: {}\nelements:\n  - field: \(field)\n"
                .write(to: scratch.file(name), atomically: true, encoding: .utf8)
            let result = try Self.mkpdf(["render", scratch.file(name).path, "-o", "bad.pdf"], in: scratch)
            #expect(result.status != 0, "\(field)")
            #expect(result.stderr.contains("\(name):\(place)") && result.stderr.contains(reason), "\(result.stderr)")
        }
    }

    @Test func aFormIsValidPDFA1bWithNormalAppearancesOnly() throws {
        let scratch = try Scratch("application-pdfa")
        let made = try Self.mkpdf(["render", Self.application, "--pdfa", "1b", "-o", "a.pdf"], in: scratch)
        #expect(made.status == 0, "\(made.stderr)")
        let pdf = scratch.file("a.pdf")
        let verdict = try ArchivalTests.preflight(pdf)
        #expect(verdict.stdout.contains("is a valid PDF/A-1b file"), "\(verdict.stdout)")
        let validated = try Self.mkpdf(["validate", "--pdfa", "1b", pdf.path], in: scratch)
        #expect(validated.status == 0, "\(validated.stdout)\(validated.stderr)")
        #expect(try Oracle.pypdfFields(pdf).count == Self.defaults.count)
        // Without PDF/A the buttons have their down appearances too; `validate --pdfa` names what PDF/A refuses.
        _ = try Self.mkpdf(["render", Self.application, "-o", "plain.pdf"], in: scratch)
        let plain = try Self.mkpdf(["validate", "--pdfa", "2b", scratch.file("plain.pdf").path], in: scratch)
        #expect(plain.status != 0 && plain.stdout.contains("/D"), "\(plain.stdout)")
    }

    @Test func anEncryptedFormKeepsItsFieldsAndASignedFormIsIntact() throws {
        let scratch = try Scratch("application-protected")
        let owner = scratch.file("owner.txt")
        try "owner-秘密\n".write(to: owner, atomically: true, encoding: .utf8)
        let locked = try Self.mkpdf(
            [
                "render", Self.application, "--encrypt", "--owner-password-file", owner.path,
                "--user-password-env", "MKPDF_TEST_USER", "-o", "locked.pdf"
            ], in: scratch, environment: ["MKPDF_TEST_USER": "user-pass"])
        #expect(locked.status == 0, "\(locked.stderr)")
        #expect(try Oracle.qpdfCheck(scratch.file("locked.pdf"), password: "user-pass").status == 0)
        #expect(
            try Oracle.pypdfFields(scratch.file("locked.pdf"), password: "user-pass").sorted() == Self.defaults.sorted()
        )

        let pki = try TestPKI(in: scratch)
        let signed = try Self.mkpdf(
            ["render", Self.application, "-o", "signed.pdf"] + SignatureTests.signing(pki), in: scratch)
        #expect(signed.status == 0, "\(signed.stderr)")
        let file = scratch.file("signed.pdf")
        try SignatureTests.expectSigned(file, pki: pki, text: "会員入会申込書")
        // The signature joins the form's fields under a name none of them has.
        let fields = try Oracle.pypdfFields(file)
        #expect(
            fields.count == Self.defaults.count + 1 && fields.contains { $0.hasPrefix("Signature1|/Sig|") }, "\(fields)"
        )
    }
}
