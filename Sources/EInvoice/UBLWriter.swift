import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Writes an invoice as JP PINT: a UBL 2.1 `Invoice` with CustomizationID `urn:peppol:pint:billing-1@jp-1`, the
/// Peppol International invoice's Japanese specialisation (デジタルインボイス).
///
/// Elements come in the order the UBL 2.1 schema sets; 10 % is tax category S, 8 % AA (the reduced rate) and 0 E
/// (exempt), as JP PINT codes them. Amounts are written as `InvoiceData` holds them.
public enum UBLWriter {
    /// JP PINT's specification identifier (ibt-024).
    public static let customizationID = "urn:peppol:pint:billing-1@jp-1"
    /// The business process (ibt-023) of a PINT billing invoice.
    public static let profileID = "urn:peppol:bis:billing"

    private static let invoice = "urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"
    private static let aggregate = "urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2"
    private static let basic = "urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2"

    /// The UBL document of `data`, which should have passed `InvoiceData.check()`.
    public static func xml(for data: InvoiceData) -> Data {
        let tree = XMLTree(root: "Invoice", namespaces: [("", invoice), ("cac", aggregate), ("cbc", basic)])
        let root = tree.root
        let currency = data.currency
        func add(_ name: String, _ parent: XMLElement, _ text: String? = nil) -> XMLElement {
            XMLTree.add(name, to: parent, text: text)
        }
        func amount(_ name: String, _ parent: XMLElement, _ value: Decimal) {
            XMLTree.add(name, to: parent, text: value.xmlText, attributes: [("currencyID", currency)])
        }
        _ = add("cbc:CustomizationID", root, customizationID)
        _ = add("cbc:ProfileID", root, profileID)
        _ = add("cbc:ID", root, data.number)
        _ = add("cbc:IssueDate", root, data.issueDate)
        if let due = data.dueDate { _ = add("cbc:DueDate", root, due) }
        _ = add("cbc:InvoiceTypeCode", root, "380")
        _ = add("cbc:DocumentCurrencyCode", root, currency)
        let period = add("cac:InvoicePeriod", root)
        _ = add("cbc:StartDate", period, data.periodStart ?? data.issueDate)
        _ = add("cbc:EndDate", period, data.periodEnd ?? data.periodStart ?? data.issueDate)

        party(data.seller, under: add("cac:AccountingSupplierParty", root), seller: true)
        party(data.buyer, under: add("cac:AccountingCustomerParty", root), seller: false)

        if let account = data.paymentAccount {
            let means = add("cac:PaymentMeans", root)
            XMLTree.add("cbc:PaymentMeansCode", to: means, text: "30", attributes: [("name", "Credit transfer")])
            if let due = data.dueDate { _ = add("cbc:PaymentDueDate", means, due) }
            _ = add("cbc:PaymentID", means, data.number)
            let financial = add("cac:PayeeFinancialAccount", means)
            _ = add("cbc:ID", financial, account)
        }

        let taxTotal = add("cac:TaxTotal", root)
        amount("cbc:TaxAmount", taxTotal, data.taxTotal)
        for subtotal in data.usedTaxes {
            let element = add("cac:TaxSubtotal", taxTotal)
            amount("cbc:TaxableAmount", element, subtotal.taxable)
            amount("cbc:TaxAmount", element, subtotal.tax)
            category(subtotal.rate, under: add("cac:TaxCategory", element))
        }

        let totals = add("cac:LegalMonetaryTotal", root)
        amount("cbc:LineExtensionAmount", totals, data.lineTotal)
        amount("cbc:TaxExclusiveAmount", totals, data.lineTotal)
        amount("cbc:TaxInclusiveAmount", totals, data.total)
        amount("cbc:PayableAmount", totals, data.total)

        for (index, line) in data.lines.enumerated() {
            let element = add("cac:InvoiceLine", root)
            _ = add("cbc:ID", element, String(index + 1))
            XMLTree.add(
                "cbc:InvoicedQuantity", to: element, text: line.quantity.xmlText, attributes: [("unitCode", "H87")])
            amount("cbc:LineExtensionAmount", element, line.amount)
            let item = add("cac:Item", element)
            _ = add("cbc:Name", item, line.name)
            category(line.rate, under: add("cac:ClassifiedTaxCategory", item))
            let price = add("cac:Price", element)
            amount("cbc:PriceAmount", price, line.unitPrice)
        }
        return tree.data()
    }

    /// A party: its Peppol endpoint (its 法人番号, scheme 0188; else a seller's 登録番号, scheme 0221, the qualified
    /// invoice issuer number, which a sole proprietor has without a 法人番号), address country, 登録番号 as the tax
    /// identifier (seller) and registered name.
    private static func party(_ party: InvoiceData.Party, under parent: XMLElement, seller: Bool) {
        let element = XMLTree.add("cac:Party", to: parent)
        if let endpoint = party.endpoint {
            XMLTree.add("cbc:EndpointID", to: element, text: endpoint, attributes: [("schemeID", "0188")])
        } else if let registration = party.registration {
            XMLTree.add("cbc:EndpointID", to: element, text: registration, attributes: [("schemeID", "0221")])
        }
        let address = XMLTree.add("cac:PostalAddress", to: element)
        if let line = party.address {
            XMLTree.add("cbc:StreetName", to: address, text: line)
        }
        let country = XMLTree.add("cac:Country", to: address)
        XMLTree.add("cbc:IdentificationCode", to: country, text: party.country)
        if seller, let registration = party.registration {
            let scheme = XMLTree.add("cac:PartyTaxScheme", to: element)
            XMLTree.add("cbc:CompanyID", to: scheme, text: registration)
            XMLTree.add("cbc:ID", to: XMLTree.add("cac:TaxScheme", to: scheme), text: "VAT")
        }
        let legal = XMLTree.add("cac:PartyLegalEntity", to: element)
        XMLTree.add("cbc:RegistrationName", to: legal, text: party.name)
    }

    /// A tax category of `rate`: S for 10 %, AA for 8 %, E for 0.
    private static func category(_ rate: Decimal, under element: XMLElement) {
        let code = rate == 10 ? "S" : rate == 8 ? "AA" : "E"
        XMLTree.add("cbc:ID", to: element, text: code)
        XMLTree.add("cbc:Percent", to: element, text: rate.xmlText)
        XMLTree.add("cbc:ID", to: XMLTree.add("cac:TaxScheme", to: element), text: "VAT")
    }
}
