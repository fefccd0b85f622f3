import Barcodes
import Foundation

extension InvoiceData {
    /// The consumption tax rates an invoice may carry: the standard 10 %, the reduced 8 % (軽減税率) and 0 for what is
    /// exempt.
    public static let rates: [Decimal] = [10, 8, 0]

    /// Checks the data against the rules both e-invoices and the printed 適格請求書 share, first failure first:
    /// the 登録番号 is `T` and 13 digits (ibr-jp-04, ibr-jp-01); dates are `YYYY-MM-DD`; every rate is 10, 8 or 0;
    /// JPY amounts have no decimals (ibr-jp-06); each rate's taxable amount is its lines' sum, its tax the taxable
    /// amount × rate rounded once (ibrp-051-jp), and the total the taxable amounts and taxes added up.
    /// - Throws: `EInvoiceError` naming the field, the line or rate, the rule and the fix.
    public func check() throws(EInvoiceError) {
        try checkRegistration()
        try Self.checkDate(issueDate, field: "issued")
        if let dueDate { try Self.checkDate(dueDate, field: "due") }
        if let periodStart { try Self.checkDate(periodStart, field: "period.start") }
        if let periodEnd { try Self.checkDate(periodEnd, field: "period.end") }
        guard currency == "JPY" else {
            throw EInvoiceError(
                field: "currency", rule: "ibr-jp-05", problem: "the currency is \(currency), not JPY",
                fix: "invoice in JPY (currency: JPY)")
        }
        guard !lines.isEmpty else {
            throw EInvoiceError(
                field: "lines", problem: "the invoice has no line", fix: "give the invoice at least one line")
        }
        for (index, line) in lines.enumerated() {
            let record = "line \(index + 1)"
            try Self.checkRate(line.rate, field: "lines.rate", record: record)
            try Self.checkYen(line.unitPrice, field: "lines.price", record: record)
            try Self.checkYen(line.amount, field: "lines.price × lines.quantity", record: record)
        }
        try checkTaxes()
        try Self.checkYen(total, field: "total", record: nil)
        let expected = usedTaxes.reduce(Decimal(0)) { $0 + $1.taxable + $1.tax }
        guard total == expected else {
            throw EInvoiceError(
                field: "total",
                problem: "the total \(Self.text(total)) is not the taxable amounts and taxes added up "
                    + "(\(Self.text(expected)))",
                fix: "compute the total from the same per-rate values the taxes use (base + tax of each rate)")
        }
    }

    /// The seller's 登録番号: `T` followed by 13 ASCII digits whose first is the check digit of the twelve after it
    /// (`InvoiceRegistration`, the check the printed `invoiceRegistration` filter makes too).
    private func checkRegistration() throws(EInvoiceError) {
        guard let registration = seller.registration, !registration.isEmpty else {
            throw EInvoiceError(
                field: "seller.registration", rule: "ibr-jp-04", problem: "the seller has no 登録番号",
                fix: "give the seller's registration number (T and 13 digits, e.g. T7000012050002)")
        }
        if let problem = InvoiceRegistration.problem(in: registration) {
            let parts = problem.components(separatedBy: ". Fix: ")
            throw EInvoiceError(
                field: "seller.registration", rule: "ibr-jp-04", problem: parts[0],
                fix: parts.count > 1 ? parts[1] : "give the registration number as the tax office issued it")
        }
        let digits = registration.dropFirst()
        guard registration.first == "T", digits.count == 13, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else {
            throw EInvoiceError(
                field: "seller.registration", rule: "ibr-jp-04",
                problem: "the 登録番号 \"\(registration)\" is not T followed by 13 digits",
                fix: "write the registration number as the e-invoice carries it, T and 13 ASCII digits (no hyphens, "
                    + "spaces or full-width digits)")
        }
    }

    /// Each used rate: one of the allowed rates, whole yen, the tax within the taxable amount × rate rounded down and
    /// up, and the taxable amount equal to its lines' sum; and every line's rate has its subtotal.
    private func checkTaxes() throws(EInvoiceError) {
        for subtotal in taxes {
            let record = "rate \(Self.text(subtotal.rate))%"
            try Self.checkRate(subtotal.rate, field: "taxes.rate", record: record)
            try Self.checkYen(subtotal.taxable, field: "taxes.taxable", record: record)
            try Self.checkYen(subtotal.tax, field: "taxes.tax", record: record)
            let exact = subtotal.taxable * subtotal.rate / 100
            guard subtotal.tax >= Self.rounded(exact, .down), subtotal.tax <= Self.rounded(exact, .up) else {
                throw EInvoiceError(
                    field: "taxes.tax", record: record, rule: "ibrp-051-jp",
                    problem: "the tax \(Self.text(subtotal.tax)) is not \(Self.text(subtotal.taxable)) × "
                        + "\(Self.text(subtotal.rate))% = \(Self.text(exact)) rounded once",
                    fix: "compute the tax once per rate from the rate's taxable amount, e.g. "
                        + "(base10 * 10 / 100) | round(0, 'down'), not line by line")
            }
            let sum = lines.filter { $0.rate == subtotal.rate }.reduce(Decimal(0)) { $0 + $1.amount }
            guard sum == subtotal.taxable else {
                throw EInvoiceError(
                    field: "taxes.taxable", record: record,
                    problem: "the taxable amount \(Self.text(subtotal.taxable)) is not the sum of the lines at "
                        + "\(Self.text(subtotal.rate))% (\(Self.text(sum)))",
                    fix: "compute each rate's taxable amount from the same lines the invoice prints")
            }
        }
        for (index, line) in lines.enumerated() where !taxes.contains(where: { $0.rate == line.rate }) {
            throw EInvoiceError(
                field: "taxes", record: "line \(index + 1)",
                problem: "no tax breakdown is given for the line's rate \(Self.text(line.rate))%",
                fix: "add {rate: \(Self.text(line.rate)), taxable: …, tax: …} under einvoice.taxes")
        }
    }

    /// A rate the Japanese consumption tax has.
    private static func checkRate(_ rate: Decimal, field: String, record: String?) throws(EInvoiceError) {
        guard rates.contains(rate) else {
            throw EInvoiceError(
                field: field, record: record, rule: "ibrp-cl-01-jp",
                problem: "the tax rate \(text(rate))% is not a consumption tax rate",
                fix: "give 10 (standard), 8 (reduced, 軽減税率) or 0 (exempt)")
        }
    }

    /// Whole yen.
    private static func checkYen(_ amount: Decimal, field: String, record: String?) throws(EInvoiceError) {
        guard rounded(amount, .plain) == amount else {
            throw EInvoiceError(
                field: field, record: record, rule: "ibr-jp-06",
                problem: "the amount \(text(amount)) has decimals, which JPY amounts may not",
                fix: "round the amount to whole yen where the template computes it (| round(0, 'down'))")
        }
    }

    /// A date written `YYYY-MM-DD`.
    private static func checkDate(_ date: String, field: String) throws(EInvoiceError) {
        let parts = date.split(separator: "-", omittingEmptySubsequences: false)
        let widths = parts.map(\.count)
        guard widths == [4, 2, 2], parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
            let month = Int(parts[1]), (1...12).contains(month), let day = Int(parts[2]), (1...31).contains(day)
        else {
            throw EInvoiceError(
                field: field, problem: "the date \"\(date)\" is not written YYYY-MM-DD",
                fix: "give the date as 2025-11-23")
        }
    }

    /// `value` rounded to whole units.
    static func rounded(_ value: Decimal, _ mode: NSDecimalNumber.RoundingMode) -> Decimal {
        var value = value
        var result = Decimal()
        NSDecimalRound(&result, &value, 0, mode)
        return result
    }

    /// The decimal's digits, no grouping, `.` for the point.
    static func text(_ value: Decimal) -> String {
        var value = value
        return NSDecimalString(&value, Locale(identifier: "en_US_POSIX"))
    }
}
