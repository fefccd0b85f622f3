import DrawingModule
import EInvoice
import Expressions
import Foundation
import Yams

/// A template's `einvoice:`: where each part of the e-invoice comes from, as expressions over the same names the
/// printed invoice reads — its data and its `let:` values — so the XML's totals are the printed ones, computed once.
///
/// ```yaml
/// einvoice:
///   number: number
///   issued: issued
///   seller: {name: issuer, registration: registration}
///   buyer: {name: customer, endpoint: customerNumber}
///   lines: {in: lines, each: item, name: item.name, quantity: item.qty, price: item.price, rate: item.rate}
///   taxes: [{rate: 10, taxable: base10, tax: tax10}, {rate: 8, taxable: base8, tax: tax8}]
///   total: total
/// ```
struct EInvoiceMapping: Hashable, Sendable {
    /// The invoice's own fields (`number`, `issued`, `due`, `period.start`, `period.end`, `currency`, `payment`,
    /// `total`, `seller.name` …), each named as errors name it.
    var fields: [String: TemplateLet]
    /// The list the lines come from.
    var lines: TemplateLet
    /// The loop variable each line is bound to.
    var each: String
    /// A line's `name`, `quantity`, `price` and `rate`, read with `each` bound.
    var line: [String: TemplateLet]
    /// The tax breakdown, one entry per rate: `rate`, `taxable`, `tax`.
    var taxes: [[String: TemplateLet]]

    /// The keys of `einvoice:` and of its parts.
    static let keys = [
        "number", "issued", "due", "period", "currency", "seller", "buyer", "lines", "taxes", "total",
        "payment"
    ]
    static let partyKeys = ["name", "registration", "endpoint", "address"]
    static let lineKeys = ["in", "each", "name", "quantity", "price", "rate"]
    static let taxKeys = ["rate", "taxable", "tax"]
}

extension TemplateParser {
    /// `einvoice:` read: every value an expression whose names are in scope (data and `let:` values; in `lines`,
    /// its `each` too).
    /// - Throws: `TemplateError` at the key for an unknown or missing key, or an expression that cannot be read.
    func eInvoiceMapping(_ node: Node?) throws(TemplateError) -> EInvoiceMapping? {
        guard let node else { return nil }
        let top = try map(node, context: "einvoice", allowed: EInvoiceMapping.keys)
        var fields: [String: TemplateLet] = [:]
        func read(_ node: Node, as name: String) throws(TemplateError) -> TemplateLet {
            TemplateLet(name: name, expression: try expression(node, key: name), mark: mark(node))
        }
        for key in ["number", "issued", "total", "seller", "buyer", "lines", "taxes"] where top.value(key) == nil {
            throw error(node, .missingKey(key: key, context: "einvoice"))
        }
        for key in ["number", "issued", "due", "currency", "payment", "total"] {
            if let value = top.value(key) { fields[key] = try read(value, as: key) }
        }
        if let period = top.value("period") {
            for (key, _, value) in try map(period, context: "einvoice.period", allowed: ["start", "end"]).pairs {
                fields["period.\(key)"] = try read(value, as: "period.\(key)")
            }
        }
        for party in ["seller", "buyer"] {
            guard let value = top.value(party) else { continue }
            let entries = try map(value, context: "einvoice.\(party)", allowed: EInvoiceMapping.partyKeys)
            guard entries.value("name") != nil else {
                throw error(value, .missingKey(key: "name", context: "einvoice.\(party)"))
            }
            for (key, _, value) in entries.pairs { fields["\(party).\(key)"] = try read(value, as: "\(party).\(key)") }
        }
        guard let linesNode = top.value("lines") else {
            throw error(node, .missingKey(key: "lines", context: "einvoice"))
        }
        let lineEntries = try map(linesNode, context: "einvoice.lines", allowed: EInvoiceMapping.lineKeys)
        for key in EInvoiceMapping.lineKeys where lineEntries.value(key) == nil {
            throw error(linesNode, .missingKey(key: key, context: "einvoice.lines"))
        }
        guard let listNode = lineEntries.value("in"), let each = try lineEntries.string("each") else {
            throw error(linesNode, .missingKey(key: "in", context: "einvoice.lines"))
        }
        let list = try read(listNode, as: "lines.in")
        names.layers.append([each])
        defer { names.layers.removeLast() }
        var line: [String: TemplateLet] = [:]
        for key in ["name", "quantity", "price", "rate"] {
            if let value = lineEntries.value(key) { line[key] = try read(value, as: "lines.\(key)") }
        }
        guard let taxesNode = top.value("taxes"), case .sequence(let sequence) = taxesNode else {
            throw error(
                top.value("taxes") ?? node,
                .badValue(key: "taxes", value: "not a list", expected: "a list of {rate, taxable, tax}, one per rate"))
        }
        var taxes: [[String: TemplateLet]] = []
        for item in sequence {
            let entries = try map(item, context: "einvoice.taxes", allowed: EInvoiceMapping.taxKeys)
            var tax: [String: TemplateLet] = [:]
            for key in EInvoiceMapping.taxKeys {
                guard let value = entries.value(key) else {
                    throw error(item, .missingKey(key: key, context: "einvoice.taxes"))
                }
                tax[key] = try read(value, as: "taxes.\(key)")
            }
            taxes.append(tax)
        }
        return EInvoiceMapping(fields: fields, lines: list, each: each, line: line, taxes: taxes)
    }
}

extension Template {
    /// The invoice's data as the template's `einvoice:` maps it, read from `scope` — the scope the printed pages are
    /// filled from — and checked (`InvoiceData.check()`).
    /// - Throws: `TemplateError` with the mapping's line for a value missing or of the wrong kind, and
    ///   `.eInvoice` naming the field for data that breaks an e-invoice rule.
    func invoiceData(scope: TemplateScope) throws(TemplateError) -> InvoiceData {
        guard let mapping = eInvoice else {
            throw TemplateError(
                file: file,
                reason: .missingKey(
                    key: "einvoice", context: "the template (an e-invoice is written from its einvoice: mapping)"))
        }
        func value(_ field: TemplateLet, in scope: TemplateScope) throws(TemplateError) -> TemplateValue {
            do {
                return try field.expression.evaluate(in: scope)
            } catch {
                throw failure(error, expression: field.expression, mark: field.mark, scope: scope)
            }
        }
        func refuse(_ field: TemplateLet, _ problem: String, fix: String, record: String? = nil) -> TemplateError {
            TemplateError(
                file: file, line: field.mark?.line, column: field.mark?.column,
                reason: .eInvoice(EInvoiceError(field: field.name, record: record, problem: problem, fix: fix)))
        }
        func text(_ key: String, in scope: TemplateScope = scope, from fields: [String: TemplateLet]? = nil)
            throws(TemplateError) -> String?
        {
            guard let field = (fields ?? mapping.fields)[key] else { return nil }
            let result = try value(field, in: scope)
            if result == .null { return nil }
            guard let text = result.text else {
                throw refuse(field, "the value is \(result.kindDescription), not text", fix: "map the field to a text")
            }
            return text
        }
        func number(_ field: TemplateLet?, in scope: TemplateScope, record: String? = nil) throws(TemplateError)
            -> Decimal
        {
            guard let field else { return 0 }
            let result = try value(field, in: scope)
            guard let number = result.numberValue else {
                throw refuse(
                    field, "the value is \(result.kindDescription), not a number", fix: "map the field to a number",
                    record: record)
            }
            return number
        }
        func required(_ key: String) throws(TemplateError) -> String {
            guard let text = try text(key), !text.isEmpty else {
                let field = mapping.fields[key]
                throw TemplateError(
                    file: file, line: field?.mark?.line, column: field?.mark?.column,
                    reason: .eInvoice(
                        EInvoiceError(
                            field: key, problem: "the value is empty", fix: "give \(key) a value in the data")))
            }
            return text
        }
        let listValue = try value(mapping.lines, in: scope)
        guard case .list(let items) = listValue else {
            throw refuse(
                mapping.lines, "the lines are \(listValue.kindDescription), not a list", fix: "map lines.in to a list")
        }
        var lines: [InvoiceData.Line] = []
        for (index, item) in items.enumerated() {
            // A data file's lines are the data's size: the job's time limit is checked at each.
            try scope.deadline?.check { (exceeded: LimitExceeded) -> TemplateError in
                TemplateError(
                    file: file, line: mapping.lines.mark?.line, column: mapping.lines.mark?.column,
                    reason: .limit(exceeded))
            }
            let record = "line \(index + 1)"
            let lineScope = scope.adding([mapping.each: item])
            guard let name = try text("name", in: lineScope, from: mapping.line) else {
                throw refuse(mapping.lines, "the line has no name", fix: "give every line a name", record: record)
            }
            lines.append(
                InvoiceData.Line(
                    name: name, quantity: try number(mapping.line["quantity"], in: lineScope, record: record),
                    unitPrice: try number(mapping.line["price"], in: lineScope, record: record),
                    rate: try number(mapping.line["rate"], in: lineScope, record: record)))
        }
        var taxes: [InvoiceData.TaxSubtotal] = []
        for tax in mapping.taxes {
            taxes.append(
                InvoiceData.TaxSubtotal(
                    rate: try number(tax["rate"], in: scope), taxable: try number(tax["taxable"], in: scope),
                    tax: try number(tax["tax"], in: scope)))
        }
        let data = InvoiceData(
            number: try required("number"), issueDate: try required("issued"), dueDate: try text("due"),
            periodStart: try text("period.start"), periodEnd: try text("period.end"),
            currency: try text("currency") ?? "JPY",
            seller: InvoiceData.Party(
                name: try required("seller.name"), registration: try text("seller.registration"),
                endpoint: try text("seller.endpoint"), address: try text("seller.address")),
            buyer: InvoiceData.Party(
                name: try required("buyer.name"), endpoint: try text("buyer.endpoint"),
                address: try text("buyer.address")),
            lines: lines, taxes: taxes, total: try number(mapping.fields["total"], in: scope),
            paymentAccount: try text("payment"))
        do {
            try data.check()
        } catch {
            // The mapping's line of the field; for a tax, the entry of the rate the error names.
            let rate = taxes.firstIndex { "rate \(TemplateValue.number($0.rate).text ?? "")%" == error.record } ?? 0
            let tax = mapping.taxes.indices.contains(rate) ? mapping.taxes[rate] : [:]
            let field =
                mapping.fields[error.field] ?? mapping.line[String(error.field.dropFirst("lines.".count))]
                ?? tax[String(error.field.dropFirst("taxes.".count))]
            var failure = TemplateError(
                file: file, line: field?.mark?.line, column: field?.mark?.column, reason: .eInvoice(error))
            // A line's failure names the data row it came from (`row 14` of a CSV), as a batch's record.
            if let record = error.record, record.hasPrefix("line "), let number = Int(record.dropFirst(5)),
                items.indices.contains(number - 1), case .record(let item) = items[number - 1]
            {
                failure.record = item.origin
            }
            throw failure
        }
        return data
    }

    /// The e-invoice of `format` for the data `values` and `data` fill the template with: the XML alone, what
    /// `mkpdf einvoice` writes, from the scope the printed invoice would be filled from.
    /// - Throws: `TemplateError` as `document(values:data:options:)` does for the data, and for the mapping as
    ///   `invoiceData(scope:)`.
    public func eInvoiceXML(
        _ format: EInvoiceFormat, values given: [String: String] = [:], data given2: [String: TemplateValue] = [:],
        options: TemplateRenderOptions = TemplateRenderOptions()
    ) throws(TemplateError) -> Data {
        Self.xml(
            format, for: try invoiceData(scope: try scope(values: given, data: given2, deadline: options.deadline)))
    }

    /// The XML of `format` for `data`.
    static func xml(_ format: EInvoiceFormat, for data: InvoiceData) -> Data {
        switch format {
        case .jpPint: UBLWriter.xml(for: data)
        case .facturX: CIIWriter.xml(for: data)
        }
    }

    /// `document` carrying `xml`, the e-invoice of `format`: attached as PDF/A-3b (the one level that carries files),
    /// under the format's file name and relationship, with the Factur-X XMP claim for Factur-X.
    static func attaching(_ format: EInvoiceFormat, xml: Data, to document: Document) -> Document {
        var document = document
        var archive = document.archive ?? Document.Archive(level: .a3b)
        archive.level = .a3b
        archive.attachments.append(
            Document.Archive.Attachment(
                name: format.fileName, data: xml, mimeType: "text/xml",
                relationship: Document.Archive.Attachment.Relationship(rawValue: format.relationship) ?? .alternative,
                description: format.description))
        if format == .facturX {
            archive.invoiceClaim = Document.Archive.InvoiceClaim(fileName: format.fileName)
        }
        document.archive = archive
        return document
    }
}
