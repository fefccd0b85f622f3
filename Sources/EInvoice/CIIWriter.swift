import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Writes an invoice as Factur-X in its EN 16931 profile: a UN/CEFACT Cross Industry Invoice (D16B) with guideline
/// `urn:cen.eu:en16931:2017`, the XML a Factur-X PDF carries as `factur-x.xml`.
///
/// Elements come in the order the Factur-X EN 16931 schema sets. EN 16931 codes both Japanese rates as standard rated
/// (S) and 0 as zero rated (Z); the 登録番号 is the seller's identifier (BT-29) and tax registration (BT-32, scheme
/// FC), a party's 法人番号 its legal registration (BT-30).
public enum CIIWriter {
    /// The EN 16931 profile's guideline identifier (BT-24).
    public static let guidelineID = "urn:cen.eu:en16931:2017"

    private static let rsm = "urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100"
    private static let ram = "urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100"
    private static let qdt = "urn:un:unece:uncefact:data:standard:QualifiedDataType:100"
    private static let udt = "urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100"

    /// The CII document of `data`, which should have passed `InvoiceData.check()`.
    public static func xml(for data: InvoiceData) -> Data {
        let tree = XMLTree(
            root: "rsm:CrossIndustryInvoice", namespaces: [("rsm", rsm), ("qdt", qdt), ("ram", ram), ("udt", udt)])
        let root = tree.root
        func add(_ name: String, _ parent: XMLElement, _ text: String? = nil) -> XMLElement {
            XMLTree.add(name, to: parent, text: text)
        }
        func amount(_ name: String, _ parent: XMLElement, _ value: Decimal, currency: Bool = false) {
            XMLTree.add(
                name, to: parent, text: value.xmlText, attributes: currency ? [("currencyID", data.currency)] : [])
        }
        func date(_ name: String, _ parent: XMLElement, _ value: String) {
            let holder = add(name, parent)
            XMLTree.add(
                "udt:DateTimeString", to: holder, text: value.replacingOccurrences(of: "-", with: ""),
                attributes: [("format", "102")])
        }

        let context = add("rsm:ExchangedDocumentContext", root)
        _ = add("ram:ID", add("ram:GuidelineSpecifiedDocumentContextParameter", context), guidelineID)
        let document = add("rsm:ExchangedDocument", root)
        _ = add("ram:ID", document, data.number)
        _ = add("ram:TypeCode", document, "380")
        date("ram:IssueDateTime", document, data.issueDate)

        let transaction = add("rsm:SupplyChainTradeTransaction", root)
        for (index, line) in data.lines.enumerated() {
            let item = add("ram:IncludedSupplyChainTradeLineItem", transaction)
            _ = add("ram:LineID", add("ram:AssociatedDocumentLineDocument", item), String(index + 1))
            _ = add("ram:Name", add("ram:SpecifiedTradeProduct", item), line.name)
            let agreement = add("ram:SpecifiedLineTradeAgreement", item)
            amount("ram:ChargeAmount", add("ram:NetPriceProductTradePrice", agreement), line.unitPrice)
            XMLTree.add(
                "ram:BilledQuantity", to: add("ram:SpecifiedLineTradeDelivery", item), text: line.quantity.xmlText,
                attributes: [("unitCode", "H87")])
            let settlement = add("ram:SpecifiedLineTradeSettlement", item)
            let tax = add("ram:ApplicableTradeTax", settlement)
            _ = add("ram:TypeCode", tax, "VAT")
            _ = add("ram:CategoryCode", tax, category(line.rate))
            _ = add("ram:RateApplicablePercent", tax, line.rate.xmlText)
            amount(
                "ram:LineTotalAmount", add("ram:SpecifiedTradeSettlementLineMonetarySummation", settlement),
                line.amount)
        }

        let agreement = add("ram:ApplicableHeaderTradeAgreement", transaction)
        party(data.seller, under: add("ram:SellerTradeParty", agreement), seller: true)
        party(data.buyer, under: add("ram:BuyerTradeParty", agreement), seller: false)
        let delivery = add("ram:ApplicableHeaderTradeDelivery", transaction)
        date(
            "ram:OccurrenceDateTime", add("ram:ActualDeliverySupplyChainEvent", delivery),
            data.periodEnd ?? data.periodStart ?? data.issueDate)

        let settlement = add("ram:ApplicableHeaderTradeSettlement", transaction)
        _ = add("ram:PaymentReference", settlement, data.number)
        _ = add("ram:InvoiceCurrencyCode", settlement, data.currency)
        if let account = data.paymentAccount {
            let means = add("ram:SpecifiedTradeSettlementPaymentMeans", settlement)
            _ = add("ram:TypeCode", means, "30")
            _ = add("ram:ProprietaryID", add("ram:PayeePartyCreditorFinancialAccount", means), account)
        }
        for subtotal in data.usedTaxes {
            let tax = add("ram:ApplicableTradeTax", settlement)
            amount("ram:CalculatedAmount", tax, subtotal.tax)
            _ = add("ram:TypeCode", tax, "VAT")
            amount("ram:BasisAmount", tax, subtotal.taxable)
            _ = add("ram:CategoryCode", tax, category(subtotal.rate))
            _ = add("ram:RateApplicablePercent", tax, subtotal.rate.xmlText)
        }
        if data.dueDate != nil || data.paymentAccount != nil {
            let terms = add("ram:SpecifiedTradePaymentTerms", settlement)
            if let due = data.dueDate { date("ram:DueDateDateTime", terms, due) }
        }
        let totals = add("ram:SpecifiedTradeSettlementHeaderMonetarySummation", settlement)
        amount("ram:LineTotalAmount", totals, data.lineTotal)
        amount("ram:TaxBasisTotalAmount", totals, data.lineTotal)
        amount("ram:TaxTotalAmount", totals, data.taxTotal, currency: true)
        amount("ram:GrandTotalAmount", totals, data.total)
        amount("ram:DuePayableAmount", totals, data.total)
        return tree.data()
    }

    /// A trade party: the seller's identifier (BT-29, its 登録番号), name, legal registration (BT-30, the 法人番号 of
    /// `endpoint`, scheme 0188, when given), address and the 登録番号 as the tax registration (BT-32, scheme FC).
    private static func party(_ party: InvoiceData.Party, under element: XMLElement, seller: Bool) {
        if seller, let registration = party.registration {
            XMLTree.add("ram:ID", to: element, text: registration)
        }
        XMLTree.add("ram:Name", to: element, text: party.name)
        if let legal = party.endpoint {
            XMLTree.add(
                "ram:ID", to: XMLTree.add("ram:SpecifiedLegalOrganization", to: element), text: legal,
                attributes: [("schemeID", "0188")])
        }
        let address = XMLTree.add("ram:PostalTradeAddress", to: element)
        if let line = party.address { XMLTree.add("ram:LineOne", to: address, text: line) }
        XMLTree.add("ram:CountryID", to: address, text: party.country)
        if seller, let registration = party.registration {
            XMLTree.add(
                "ram:ID", to: XMLTree.add("ram:SpecifiedTaxRegistration", to: element), text: registration,
                attributes: [("schemeID", "FC")])
        }
    }

    /// S for a positive rate, Z (zero rated) for 0.
    private static func category(_ rate: Decimal) -> String { rate.isZero ? "Z" : "S" }
}
