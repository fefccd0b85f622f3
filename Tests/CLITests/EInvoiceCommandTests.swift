import Foundation
import TestSupport
import Testing

/// E-invoices from the printed invoice's data, proved by the rule sets' own tools: the UBL 2.1 schema and the JP PINT
/// Schematron rules (Saxon-HE), the factur-x library and CEN's EN 16931 CII rules, pikepdf for what the PDF carries
/// and pdftotext for what it prints. The rule files are kept in Tests/Fixtures/einvoice with their licences.
@Suite struct EInvoiceCommandTests {
    static let fixtures = Repo.root.appendingPathComponent("Tests/Fixtures/einvoice")
    static let invoice = Repo.root.appendingPathComponent("Templates/invoice.yaml").path
    static let invoiceData = Repo.root.appendingPathComponent("samples/invoice.json").path

    static func mkpdf(_ arguments: [String], in scratch: Scratch) throws -> Oracle.Result {
        try Oracle.run(Repo.mkpdf.path, arguments, directory: scratch.url)
    }

    /// The attached file `name` of `pdf` and its `/AFRelationship`, read by pikepdf.
    static func attachment(_ name: String, of pdf: URL) throws -> (data: Data, relationship: String, names: [String]) {
        let script = """
            import sys, json, base64, pikepdf
            pdf = pikepdf.open(sys.argv[1])
            files = pdf.attachments
            spec = files.get(sys.argv[2])
            print(json.dumps({'names': sorted(files.keys()),
              'relationship': str(spec.obj.get('/AFRelationship')) if spec else '',
              'data': base64.b64encode(spec.get_file().read_bytes()).decode() if spec else ''}))
            """
        let result = try Oracle.run("python3", ["-c", script, pdf.path, name])
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        let read = try #require(object, "pikepdf: \(result.stderr)")
        let data = try #require(Data(base64Encoded: read["data"] as? String ?? ""), "no \(name) in \(pdf.path)")
        return (data, read["relationship"] as? String ?? "", read["names"] as? [String] ?? [])
    }

    /// The text of every element `name` (a local name, any namespace prefix) in `xml`, in order.
    static func values(_ name: String, in xml: String) -> [String] {
        let pattern = try? NSRegularExpression(pattern: "<(?:\\w+:)?\(name)(?: [^>]*)?>([^<]*)</")
        let range = NSRange(xml.startIndex..., in: xml)
        return (pattern?.matches(in: xml, range: range) ?? []).compactMap { match in
            Range(match.range(at: 1), in: xml).map { String(xml[$0]) }
        }
    }

    /// `¥9,177`: an amount as the template's `yen` filter prints it.
    static func yen(_ plain: String) -> String {
        var digits = Array(plain)
        var grouped = ""
        while digits.count > 3 {
            grouped = "," + String(digits.suffix(3)) + grouped
            digits.removeLast(3)
        }
        return "¥" + String(digits) + grouped
    }

    /// The line of the printed text holding `label`.
    static func line(_ label: String, in text: String) -> String? {
        text.split(whereSeparator: \.isNewline).first { $0.contains(label) }.map(String.init)
    }

    @Test func jpPintInsidePDFA3PassesTheUBLSchemaAndTheJPPINTRulesWithThePrintedTotals() throws {
        let scratch = try Scratch("einvoice-jp")
        let made = try Self.mkpdf(
            ["render", Self.invoice, "--data", Self.invoiceData, "--einvoice", "jp-pint", "-o", "invoice.pdf"],
            in: scratch)
        #expect(made.status == 0, "\(made.stderr)")
        let pdf = scratch.file("invoice.pdf")
        let attached = try Self.attachment("jp-pint.xml", of: pdf)
        #expect(attached.names == ["jp-pint.xml"])
        #expect(attached.relationship == "/Alternative")
        let xmlFile = scratch.file("jp-pint.xml")
        try attached.data.write(to: xmlFile)
        let check = try Oracle.run("python3", [Self.fixtures.appendingPathComponent("check-ubl.py").path, xmlFile.path])
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        #expect(check.stdout.contains("xsd-errors=0 fatal=0"), "\(check.stdout)")

        // The XML's totals are the printed ones: the total, and each rate's taxable amount and tax.
        let xml = String(decoding: attached.data, as: UTF8.self)
        // The seller, with no 法人番号 given, is reached under its 登録番号 (scheme 0221); the buyer under its 法人番号.
        #expect(xml.contains("<cbc:EndpointID schemeID=\"0221\">T9234567890123</cbc:EndpointID>"), "\(xml)")
        #expect(xml.contains("<cbc:EndpointID schemeID=\"0188\">3210987654321</cbc:EndpointID>"), "\(xml)")
        let printed = try Oracle.pdftotext(pdf, layout: true)
        let payable = try #require(Self.values("PayableAmount", in: xml).first)
        #expect(printed.contains(Self.yen(payable) + "（税込）"), "total \(payable)")
        let taxable = Self.values("TaxableAmount", in: xml)
        let taxes = Array(Self.values("TaxAmount", in: xml).dropFirst())
        let rates = Self.values("Percent", in: xml)
        #expect(taxable.count == 2 && taxes.count == 2, "\(xml)")
        for (index, rate) in ["10", "8"].enumerated() where index < taxable.count && index < taxes.count {
            #expect(rates.contains(rate))
            let base = try #require(Self.line("\(rate)%対象", in: printed), "no \(rate)% subtotal in the print")
            #expect(base.contains(Self.yen(taxable[index])), "\(base) against \(taxable[index])")
            let tax = try #require(Self.line("消費税（\(rate)%）", in: printed))
            #expect(tax.contains(Self.yen(taxes[index])), "\(tax) against \(taxes[index])")
        }
        let validated = try Self.mkpdf(["validate", pdf.path, "--pdfa", "3b"], in: scratch)
        #expect(validated.status == 0, "\(validated.stdout)\(validated.stderr)")
    }

    @Test func facturXPDFAndItsXMLPassFacturXAndEN16931() throws {
        let scratch = try Scratch("einvoice-fx")
        let made = try Self.mkpdf(
            ["render", Self.invoice, "--data", Self.invoiceData, "--einvoice", "factur-x", "-o", "invoice.pdf"],
            in: scratch)
        #expect(made.status == 0, "\(made.stderr)")
        let script = Self.fixtures.appendingPathComponent("check-cii.py").path
        let pdfCheck = try Oracle.run("python3", [script, scratch.file("invoice.pdf").path])
        #expect(pdfCheck.status == 0, "\(pdfCheck.stdout)\(pdfCheck.stderr)")
        #expect(pdfCheck.stdout.contains("xsd=ok fatal=0 warning=0 level=EN 16931"), "\(pdfCheck.stdout)")

        let alone = try Self.mkpdf(
            ["einvoice", Self.invoice, "--data", Self.invoiceData, "--einvoice", "factur-x", "-o", "factur-x.xml"],
            in: scratch)
        #expect(alone.status == 0, "\(alone.stderr)")
        let xmlCheck = try Oracle.run("python3", [script, scratch.file("factur-x.xml").path])
        #expect(xmlCheck.status == 0, "\(xmlCheck.stdout)\(xmlCheck.stderr)")
        // The XML written alone is the one the PDF carries.
        let carried = try Self.attachment("factur-x.xml", of: scratch.file("invoice.pdf"))
        #expect(carried.data == (try Data(contentsOf: scratch.file("factur-x.xml"))))
        #expect(carried.relationship == "/Alternative")
    }

    @Test func aWrongRegistrationOrTaxRateFailsNamingTheFieldAndWritesNothing() throws {
        let scratch = try Scratch("einvoice-refused")
        // The check digit of T1234567890123 is wrong (the twelve digits after it give 9).
        for arguments in [
            ["einvoice", Self.invoice, "--set", "registration=T1234567890123", "--einvoice", "jp-pint", "-o", "a.xml"],
            ["einvoice", Self.invoice, "--set", "registration=T923456789012", "--einvoice", "factur-x", "-o", "b.xml"]
        ] {
            let refused = try Self.mkpdf(arguments, in: scratch)
            #expect(refused.status == 1, "\(arguments): \(refused.stderr)")
            #expect(refused.stderr.contains("einvoice field seller.registration"), "\(refused.stderr)")
            #expect(refused.stderr.contains("Fix:"), "\(refused.stderr)")
        }
        let printed = try Self.mkpdf(
            ["render", Self.invoice, "--set", "registration=T1234567890123", "--einvoice", "jp-pint", "-o", "c.pdf"],
            in: scratch)
        #expect(printed.status == 1, "\(printed.stderr)")
        #expect(printed.stderr.contains("T1234567890123"), "\(printed.stderr)")

        // A 5% line: no consumption tax rate.
        let data = try String(contentsOfFile: Self.invoiceData, encoding: .utf8)
        let five = try #require(data.range(of: "\"rate\": 8") ?? data.range(of: "\"rate\":8"), "\(data.prefix(400))")
        try data.replacingCharacters(in: five, with: "\"rate\": 5").write(
            to: scratch.file("rate5.json"), atomically: true, encoding: .utf8)
        for (command, output) in [("render", "d.pdf"), ("einvoice", "e.xml")] {
            let refused = try Self.mkpdf(
                [command, Self.invoice, "--data", "rate5.json", "--einvoice", "factur-x", "-o", output], in: scratch)
            #expect(refused.status == 1, "\(command): \(refused.stderr)")
            #expect(refused.stderr.contains("einvoice field lines.rate"), "\(refused.stderr)")
            #expect(refused.stderr.contains("5%"), "\(refused.stderr)")
        }
        #expect(try scratch.contents().filter { $0 != "rate5.json" } == [])

        // A template whose 8% tax is past the floor and ceiling of taxable × rate (427.2 → 429), or whose total is
        // not its taxable amounts and taxes added up, fails, print and XML alike, naming the field.
        let template = try String(contentsOfFile: Self.invoice, encoding: .utf8)
        let variants = [
            (
                "tax8: \"(base8 * 8 / 100) | round(0, 'down')\"",
                "tax8: \"(base8 * 8 / 100) | round(0, 'down') + 2\"", "einvoice field taxes.tax (rate 8%) [ibrp-051-jp]"
            ),
            (
                "total: \"base10 + tax10 + base8 + tax8\"", "total: \"base10 + tax10 + base8 + tax8 + 1\"",
                "einvoice field total"
            )
        ]
        for (index, (original, changed, named)) in variants.enumerated() {
            let name = "variant\(index).yaml"
            #expect(template.contains(original), "\(original) is no longer in invoice.yaml")
            try template.replacingOccurrences(of: original, with: changed).write(
                to: scratch.file(name), atomically: true, encoding: .utf8)
            for (command, output) in [("render", "v.pdf"), ("einvoice", "v.xml")] {
                let refused = try Self.mkpdf([command, name, "--einvoice", "jp-pint", "-o", output], in: scratch)
                #expect(refused.status == 1, "\(name) \(command): \(refused.stderr)")
                #expect(refused.stderr.contains(named), "\(refused.stderr)")
            }
        }
        #expect(try scratch.contents().filter { !$0.hasPrefix("variant") && $0 != "rate5.json" } == [])
    }

    @Test func eachGroupedInvoiceOfACP932BatchCarriesOnlyItsOwnLines() throws {
        let scratch = try Scratch("einvoice-batch")
        let made = try Self.mkpdf(
            [
                "batch", "--template", Self.invoice, "--data",
                Repo.root.appendingPathComponent("samples/invoice-lines.csv").path, "--group-by", "number",
                "--map", "請求番号=number", "--map", "取引先=customer", "--map", "発行日=issued", "--map", "品名=name",
                "--map", "数量=qty", "--map", "単価=price", "--map", "税率=rate", "--einvoice", "jp-pint", "--out",
                "out", "--name", "{{number}}"
            ], in: scratch)
        #expect(made.status == 0, "\(made.stderr)")
        let script = """
            import csv, collections, glob, os, sys, pikepdf
            from lxml import etree
            # CP932's 〜 ‖ − ¢ £ ¬ ―: Python reads them as the full-width forms, mkpdf as the JIS ones; both are the byte.
            same = str.maketrans({0xFF5E: 0x301C, 0x2225: 0x2016, 0xFF0D: 0x2212, 0xFFE0: 0xA2, 0xFFE1: 0xA3,
                                  0xFFE2: 0xAC, 0x2015: 0x2014})
            rows = collections.defaultdict(list)
            with open(sys.argv[1], encoding='cp932', newline='') as f:
                for row in csv.DictReader(f):
                    rows[row['請求番号']].append(row['品名'].translate(same))
            ns = {'cbc': 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
                  'cac': 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2'}
            checked = 0
            for path in sorted(glob.glob(os.path.join(sys.argv[2], '*.pdf'))):
                number = os.path.basename(path)[:-4]
                pdf = pikepdf.open(path)
                xml = pdf.attachments['jp-pint.xml'].get_file().read_bytes()
                names = etree.fromstring(xml).xpath('//cac:InvoiceLine/cac:Item/cbc:Name/text()', namespaces=ns)
                names = [name.translate(same) for name in names]
                if sorted(names) != sorted(rows[number]):
                    print(f'{number}: {names} != {rows[number]}')
                    sys.exit(1)
                open(os.path.join(sys.argv[3], number + '.xml'), 'wb').write(xml)
                checked += 1
            print(f'invoices={checked} groups={len(rows)}')
            """
        let result = try Oracle.run(
            "python3",
            [
                "-c", script, Repo.root.appendingPathComponent("samples/invoice-lines.csv").path,
                scratch.file("out").path, scratch.url.path
            ])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        // And each one's XML passes the schema and the JP PINT rules.
        for name in try scratch.contents() where name.hasSuffix(".xml") {
            let check = try Oracle.run(
                "python3", [Self.fixtures.appendingPathComponent("check-ubl.py").path, scratch.file(name).path])
            #expect(check.status == 0, "\(name): \(check.stdout)")
        }
        let summary = try #require(result.stdout.split(separator: "\n").last.map(String.init))
        let parts = summary.split(separator: " ").map { $0.split(separator: "=").last.map(String.init) ?? "" }
        #expect(parts.count == 2 && parts[0] == parts[1] && (Int(parts[0]) ?? 0) > 1, "\(summary)")
    }

    /// The grouped batch of samples/invoice-lines.csv with `template`, in `scratch`/`out` (extra arguments after).
    static func groupedBatch(_ template: String, in scratch: Scratch, _ extra: [String] = []) throws -> Oracle.Result {
        try Self.mkpdf(
            [
                "batch", "--template", template, "--data", Self.lines, "--group-by", "number", "--map",
                "請求番号=number", "--map", "取引先=customer", "--map", "発行日=issued", "--map", "品名=name", "--map",
                "数量=qty", "--map", "単価=price", "--map", "税率=rate", "--out", "out", "--name", "{{number}}"
            ] + extra, in: scratch)
    }

    static let lines = Repo.root.appendingPathComponent("samples/invoice-lines.csv").path

    @Test func eachGroupedDocumentAttachesItsOwnRowsRecordEInvoiceAndFile() throws {
        let scratch = try Scratch("attach-generated")
        let template =
            try String(contentsOfFile: Self.invoice, encoding: .utf8) + """
                attach:
                  - {generate: rows, name: "{{number}}-lines.csv"}
                  - {generate: record, name: "{{number}}.json"}
                  - {generate: einvoice, format: jp-pint}
                  - {file: "notes/{{number}}.txt", relationship: Supplement}

                """
        try template.write(to: scratch.file("invoice.yaml"), atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(at: scratch.file("notes"), withIntermediateDirectories: true)
        for number in ["INV-2025-0101", "INV-2025-0102", "INV-2025-0103"] {
            try "note for \(number)\n".write(to: scratch.file("notes/\(number).txt"), atomically: true, encoding: .utf8)
        }
        let made = try Self.groupedBatch("invoice.yaml", in: scratch)
        #expect(made.status == 0, "\(made.stderr)")
        // Python's csv module reads the CP932 input and each PDF's attached CSV (pikepdf): the header is the input's,
        // the rows are the group's own, and so are the record, the e-invoice and the note.
        let script = """
            import csv, collections, glob, io, json, os, sys, pikepdf
            same = str.maketrans({0xFF5E: 0x301C, 0x2225: 0x2016, 0xFF0D: 0x2212, 0xFFE0: 0xA2, 0xFFE1: 0xA3,
                                  0xFFE2: 0xAC, 0x2015: 0x2014})
            with open(sys.argv[1], encoding='cp932', newline='') as f:
                table = list(csv.reader(f))
            header, groups = table[0], collections.defaultdict(list)
            for row in table[1:]:
                groups[row[0]].append([cell.translate(same) for cell in row])
            checked = 0
            for path in sorted(glob.glob(os.path.join(sys.argv[2], '*.pdf'))):
                number = os.path.basename(path)[:-4]
                pdf = pikepdf.open(path)
                files = {name: spec.get_file().read_bytes() for name, spec in pdf.attachments.items()}
                assert sorted(files) == sorted([number + '-lines.csv', number + '.json', 'jp-pint.xml', number + '.txt']), files.keys()
                attached = list(csv.reader(io.StringIO(files[number + '-lines.csv'].decode('utf-8'), newline='')))
                assert attached[0] == header, (attached[0], header)
                assert sorted(attached[1:]) == sorted(groups[number]), (number, attached[1:], groups[number])
                record = json.loads(files[number + '.json'])
                assert record['number'] == number and len(record['rows']) == len(groups[number]), record
                assert ('<cbc:ID>' + number + '</cbc:ID>').encode() in files['jp-pint.xml']
                assert files[number + '.txt'] == ('note for ' + number + '\\n').encode()
                checked += 1
            assert checked == len(groups) > 1, (checked, len(groups))
            print('checked', checked)
            """
        let result = try Oracle.run("python3", ["-c", script, Self.lines, scratch.file("out").path])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("checked 3"), "\(result.stdout)")
    }

    @Test func theWholeInputAttachedToGroupedDocumentsIsRefusedUnlessAskedFor() throws {
        let scratch = try Scratch("attach-whole")
        let refused = try Self.groupedBatch(Self.invoice, in: scratch, ["--attach", Self.lines])
        #expect(refused.status == 64, "\(refused.stderr)")
        #expect(refused.stderr.contains("is the batch's whole input"), "\(refused.stderr)")
        #expect(refused.stderr.contains("every other group's rows"), "\(refused.stderr)")
        #expect(refused.stderr.contains("--attach-whole-input"), "\(refused.stderr)")
        #expect(!FileManager.default.fileExists(atPath: scratch.file("out").path))
        let asked = try Self.groupedBatch(Self.invoice, in: scratch, ["--attach", Self.lines, "--attach-whole-input"])
        #expect(asked.status == 0, "\(asked.stderr)")
        let attached = try Self.attachment("invoice-lines.csv", of: scratch.file("out/INV-2025-0101.pdf"))
        #expect(attached.data == (try Data(contentsOf: URL(fileURLWithPath: Self.lines))))
    }

    @Test func sixtyInvoicesFromAShuffledCP932CSVEachCarryOwnLinesValidXMLAndThePrintedTotals() throws {
        let scratch = try Scratch("einvoice-sixty")
        // 60 invoices of 1 to 6 lines, the lines shuffled, written as Excel saves CSV (CP932).
        var random = SeededRandom(seed: 49)
        let items = [
            ("ブレンドコーヒー豆 200g", 1200, 8), ("ドリップバッグ 10袋入", 980, 8), ("髙島屋ギフト券", 5000, 10),
            ("ペーパーフィルター ①号", 350, 10), ("焼菓子詰合せ", 1600, 8), ("コーヒーミル（手挽き）", 4800, 10)
        ]
        var rows: [String] = []
        for invoice in 1...60 {
            let number = String(format: "INV-2026-%04d", invoice)
            for (name, price, rate) in items.shuffled(using: &random).prefix(Int.random(in: 1...6, using: &random)) {
                let quantity = Int.random(in: 1...9, using: &random)
                rows.append("\(number),取引先\(invoice % 7)株式会社,2026-11-30,\(name),\(quantity),\(price),\(rate)")
            }
        }
        rows.shuffle(using: &random)
        let csv = (["請求番号,取引先,発行日,品名,数量,単価,税率"] + rows).joined(separator: "\r\n") + "\r\n"
        try #require(csv.data(using: .shiftJIS)).write(to: scratch.file("lines.csv"))
        let made = try Self.mkpdf(
            [
                "batch", "--template", Self.invoice, "--data", "lines.csv", "--group-by", "number", "--map",
                "請求番号=number", "--map", "取引先=customer", "--map", "発行日=issued", "--map", "品名=name", "--map",
                "数量=qty", "--map", "単価=price", "--map", "税率=rate", "--einvoice", "jp-pint", "--pdfa", "3b",
                "--out", "out", "--name", "{{number}}"
            ], in: scratch)
        #expect(made.status == 0, "\(made.stderr)")
        // Each PDF's jp-pint.xml holds its own lines (pikepdf) and its total and per-rate taxes are the printed ones
        // (pdftotext -layout); each XML is written out for the rule check below.
        let script = """
            import collections, csv, glob, os, re, subprocess, sys, pikepdf
            from lxml import etree
            groups = collections.defaultdict(list)
            with open(sys.argv[1], encoding='cp932', newline='') as f:
                for row in csv.DictReader(f):
                    groups[row['請求番号']].append(row['品名'])
            ns = {'cbc': 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
                  'cac': 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2'}
            def yen(text):
                return '¥' + format(int(text), ',')
            checked = 0
            for path in sorted(glob.glob(os.path.join(sys.argv[2], '*.pdf'))):
                number = os.path.basename(path)[:-4]
                pdf = pikepdf.open(path)
                assert sorted(pdf.attachments.keys()) == ['jp-pint.xml'], list(pdf.attachments.keys())
                xml = pdf.attachments['jp-pint.xml'].get_file().read_bytes()
                open(os.path.join(sys.argv[3], number + '.xml'), 'wb').write(xml)
                root = etree.fromstring(xml)
                names = root.xpath('//cac:InvoiceLine/cac:Item/cbc:Name/text()', namespaces=ns)
                assert sorted(names) == sorted(groups[number]), (number, names, groups[number])
                printed = subprocess.run(['pdftotext', '-layout', path, '-'], capture_output=True, text=True).stdout
                total = root.xpath('//cac:LegalMonetaryTotal/cbc:PayableAmount/text()', namespaces=ns)[0]
                assert yen(total) + '（税込）' in printed, (number, total)
                for subtotal in root.xpath('//cac:TaxTotal/cac:TaxSubtotal', namespaces=ns):
                    rate = subtotal.xpath('cac:TaxCategory/cbc:Percent/text()', namespaces=ns)[0]
                    tax = subtotal.xpath('cbc:TaxAmount/text()', namespaces=ns)[0]
                    line = next(l for l in printed.splitlines() if '消費税（' + rate + '%）' in l)
                    assert yen(tax) in line, (number, rate, tax, line)
                checked += 1
            assert checked == len(groups) == 60, (checked, len(groups))
            print('checked', checked)
            """
        try FileManager.default.createDirectory(at: scratch.file("xml"), withIntermediateDirectories: true)
        let result = try Oracle.run(
            "python3",
            ["-c", script, scratch.file("lines.csv").path, scratch.file("out").path, scratch.file("xml").path])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("checked 60"), "\(result.stdout)")
        let files = try FileManager.default.contentsOfDirectory(atPath: scratch.file("xml").path).sorted()
        #expect(files.count == 60)
        let check = try Oracle.run(
            "python3",
            [Self.fixtures.appendingPathComponent("check-ubl.py").path]
                + files.map { scratch.file("xml/\($0)").path })
        #expect(check.status == 0, "\(check.stdout.suffix(2000))")
        #expect(
            check.stdout.components(separatedBy: "xsd-errors=0 fatal=0").count == 61, "\(check.stdout.suffix(2000))")
        for file in ["INV-2026-0001", "INV-2026-0060"] {
            let validated = try Self.mkpdf(["validate", "out/\(file).pdf", "--pdfa", "3b"], in: scratch)
            #expect(validated.status == 0, "\(validated.stdout)\(validated.stderr)")
        }
    }
}
