import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Elements built with Foundation's XML tree, which escapes text and attributes itself, so an item name with `&` or
/// `<` is written as data and never breaks the file.
struct XMLTree {
    /// The document's root element.
    let root: XMLElement

    /// A root `name` (prefixed, `rsm:CrossIndustryInvoice`, or plain in the default namespace) declaring
    /// `namespaces` (prefix → URI; the empty prefix is the default namespace).
    init(root name: String, namespaces: [(String, String)]) {
        root = XMLElement(name: name)
        for (prefix, uri) in namespaces {
            if let node = XMLNode.namespace(withName: prefix, stringValue: uri) as? XMLNode { root.addNamespace(node) }
        }
    }

    /// A new element `name` under `parent`, holding `text` when given, with `attributes` in order.
    @discardableResult
    static func add(
        _ name: String, to parent: XMLElement, text: String? = nil, attributes: [(String, String)] = []
    ) -> XMLElement {
        let element = XMLElement(name: name)
        if let text { element.stringValue = text }
        for (key, value) in attributes {
            if let node = XMLNode.attribute(withName: key, stringValue: value) as? XMLNode {
                element.addAttribute(node)
            }
        }
        parent.addChild(element)
        return element
    }

    /// The document's bytes: UTF-8, declared, indented.
    func data() -> Data {
        let document = XMLDocument(rootElement: root)
        document.version = "1.0"
        document.characterEncoding = "UTF-8"
        return document.xmlData(options: [.nodePrettyPrint])
    }
}

extension Decimal {
    /// The amount as XML writes it: plain digits, `.` for the point, no grouping.
    var xmlText: String { InvoiceData.text(self) }
}
