import Batch
import Documents
import DrawingModule
import Foundation
import Render
import TestSupport
import Testing

/// The Batch Getting Started article's code (Sources/Batch/Batch.docc/GettingStarted.md): an Encodable invoice
/// through `Job` to a PDF and to PNG pages, and `Formatters` giving what the template prints.
@Suite struct JobTests {
    struct Item: Encodable {
        var name: String
        var qty: Int
        var price: Decimal
        var rate: Int
    }

    struct Invoice: Encodable {
        var number: String
        var customer: String
        var items: [Item]
    }

    static let template = Repo.root.appendingPathComponent("Templates/invoice.yaml")

    @Test func anEncodableInvoiceBecomesAPDFAndPNGPages() throws {
        let scratch = try Scratch("job-invoice")
        let invoice = Invoice(
            number: "INV-2025-0100", customer: "株式会社𠮷田商店",
            items: [
                Item(name: "ブレンドコーヒー豆", qty: 2, price: 1200, rate: 8),
                Item(name: "髙島屋ギフト券", qty: 1, price: 5000, rate: 10)
            ])
        let job = try Job(templateFile: Self.template)
        let written = try job.render(invoice).write(to: scratch.file("invoice.pdf"))
        #expect(written.map(\.lastPathComponent) == ["invoice.pdf"])
        let text = try Oracle.pdftotext(scratch.file("invoice.pdf")).filter { !$0.isWhitespace }
        // 2 × 1200 at 8 % (192) and 5000 at 10 % (500): ¥8,092.
        #expect(text.contains("株式会社𠮷田商店御中") && text.contains("ブレンドコーヒー豆"), "\(text)")
        #expect(text.contains("合計（税込）¥8,092"), "\(text)")
        #expect(try Oracle.qpdfCheck(scratch.file("invoice.pdf")).status == 0)

        var long = invoice
        long.items = (1...40).map { Item(name: "品目\($0)", qty: 1, price: 100, rate: 10) }
        var pages = job
        pages.output = OutputOptions(format: .png, scale: .factor(1))
        let files = try pages.render(long).write(to: scratch.file("long.png"))
        #expect(files.map(\.lastPathComponent) == ["long-1.png", "long-2.png"])
    }

    @Test func aValueThatIsNotAnObjectOrNamesAnUnknownFieldIsRefused() throws {
        let job = try Job(templateFile: Self.template)
        let list = #expect(throws: DataError.self) { try job.document(for: [1, 2, 3]) }
        #expect(list?.description.contains("is a list, not a mapping") == true, "\(String(describing: list))")
        let unknown = #expect(throws: TemplateError.self) { try job.document(data: ["custmer": .text("x")]) }
        #expect(unknown?.description.contains("customer") == true, "did-you-mean: \(String(describing: unknown))")
        let shape = #expect(throws: TemplateError.self) { try job.document(data: ["items": .text("コーヒー")]) }
        #expect(
            shape?.description.contains("\"items\" cannot be the text \"コーヒー\"") == true
                && shape?.description.contains("declares items as a list") == true, "\(String(describing: shape))")
        let record = #expect(throws: TemplateError.self) {
            try job.document(data: ["items": .record(TemplateRecord([("name", .text("豆"))]))])
        }
        #expect(record?.description.contains("declares items as a list") == true)
    }

    @Test func formattersPrintAsTheTemplateDoes() throws {
        #expect(try Formatters.yen(Formatters.round(Decimal(string: "9177.6")!, mode: "down")) == "¥9,177")
        #expect(try Formatters.wareki("2025-11-23") == "令和7年11月23日")
        #expect(try Formatters.wareki("2019-05-01", short: true) == "R1.5.1")
        #expect(try Formatters.number(Decimal(string: "1234.5")!, places: 2) == "1,234.50")
        #expect(try Formatters.date("2025-11-23", pattern: "yyyy年M月d日") == "2025年11月23日")
        #expect(throws: ExpressionError.self) { try Formatters.yen(Decimal(string: "1.5")!) }
        #expect(try Formatters.apply("pad", to: .int(42), .int(6)) == .text("000042"))
    }
}
