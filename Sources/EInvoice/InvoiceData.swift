import Foundation

/// An invoice as data: what a template's `einvoice:` mapping reads from the same values that print the invoice, and
/// what `UBLWriter` and `CIIWriter` write.
///
/// Amounts are `Decimal`s taken as the template computed them (its `let:` values): nothing here adds them up again
/// for the XML, so the data cannot say another total than the print. `check()` proves that they agree with each
/// other and with the rules of the Japanese qualified invoice before any file is written.
public struct InvoiceData: Sendable, Hashable {
    /// A seller or buyer.
    public struct Party: Sendable, Hashable {
        /// The registered name.
        public var name: String
        /// The seller's 適格請求書発行事業者登録番号, `T` and 13 digits; nil for a buyer.
        public var registration: String?
        /// The 13-digit 法人番号 the party receives e-invoices under (Peppol scheme 0188), or nil; a seller without
        /// one is reached under its 登録番号 (scheme 0221).
        public var endpoint: String?
        /// The postal address as one line, or nil.
        public var address: String?
        /// The ISO 3166 country code.
        public var country: String

        /// Creates a party.
        public init(
            name: String, registration: String? = nil, endpoint: String? = nil, address: String? = nil,
            country: String = "JP"
        ) {
            self.name = name
            self.registration = registration
            self.endpoint = endpoint
            self.address = address
            self.country = country
        }
    }

    /// One line of the invoice.
    public struct Line: Sendable, Hashable {
        /// What was sold.
        public var name: String
        /// How many.
        public var quantity: Decimal
        /// The price of one, before tax.
        public var unitPrice: Decimal
        /// The consumption tax rate in percent: 10, 8 or 0.
        public var rate: Decimal

        /// The line's net amount, quantity × unit price.
        public var amount: Decimal { quantity * unitPrice }

        /// Creates a line.
        public init(name: String, quantity: Decimal, unitPrice: Decimal, rate: Decimal) {
            self.name = name
            self.quantity = quantity
            self.unitPrice = unitPrice
            self.rate = rate
        }
    }

    /// The tax of one rate: the amount taxed at it and the tax, as printed.
    public struct TaxSubtotal: Sendable, Hashable {
        /// The rate in percent.
        public var rate: Decimal
        /// The amount taxed at the rate.
        public var taxable: Decimal
        /// The tax, rounded once for the rate.
        public var tax: Decimal

        /// Creates a subtotal.
        public init(rate: Decimal, taxable: Decimal, tax: Decimal) {
            self.rate = rate
            self.taxable = taxable
            self.tax = tax
        }
    }

    /// The invoice number.
    public var number: String
    /// The issue date, `YYYY-MM-DD`.
    public var issueDate: String
    /// The payment due date, `YYYY-MM-DD`, or nil.
    public var dueDate: String?
    /// The first and last day of supply (取引年月日), `YYYY-MM-DD`; the issue date when the template names none.
    public var periodStart: String?
    /// The last day of supply.
    public var periodEnd: String?
    /// The ISO 4217 currency; JPY.
    public var currency: String
    /// Who sells and issues the invoice.
    public var seller: Party
    /// Who is invoiced.
    public var buyer: Party
    /// The lines in order.
    public var lines: [Line]
    /// The tax per rate, as printed.
    public var taxes: [TaxSubtotal]
    /// The total with tax, as printed: what is due.
    public var total: Decimal
    /// The account to pay into (振込先), or nil.
    public var paymentAccount: String?

    /// Creates an invoice.
    public init(
        number: String, issueDate: String, dueDate: String? = nil, periodStart: String? = nil,
        periodEnd: String? = nil, currency: String = "JPY", seller: Party, buyer: Party, lines: [Line],
        taxes: [TaxSubtotal], total: Decimal, paymentAccount: String? = nil
    ) {
        self.number = number
        self.issueDate = issueDate
        self.dueDate = dueDate
        self.periodStart = periodStart
        self.periodEnd = periodEnd
        self.currency = currency
        self.seller = seller
        self.buyer = buyer
        self.lines = lines
        self.taxes = taxes
        self.total = total
        self.paymentAccount = paymentAccount
    }

    /// The sum of the lines' net amounts.
    public var lineTotal: Decimal { lines.reduce(Decimal(0)) { $0 + $1.amount } }

    /// The sum of the taxes.
    public var taxTotal: Decimal { taxes.reduce(Decimal(0)) { $0 + $1.tax } }

    /// The taxes that tax something or that a line's rate asks for: a rate with no line and nothing taxed is left out
    /// of the data as it is of the print.
    public var usedTaxes: [TaxSubtotal] {
        taxes.filter { subtotal in
            !subtotal.taxable.isZero || !subtotal.tax.isZero || lines.contains { $0.rate == subtotal.rate }
        }
    }
}
