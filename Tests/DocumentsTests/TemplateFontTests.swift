import Documents
import Fonts
import Testing

/// `Template.defaultFont`: the font a template's texts use unless they name another, which a caller opens first.
@Suite struct TemplateFontTests {
    @Test func defaultFontIsTheTemplatesFontAndOpens() throws {
        let mincho = try Template(
            yaml: """
                size: {width: 200, height: 100}
                font: mincho
                palette:
                  name: {stroke: "#1A1A1A"}
                elements:
                  - text: {role: name, text: 髙橋, size: 12, x: 5, y: 5}
                """)
        #expect(mincho.defaultFont == "mincho")
        #expect(try FontRegistry.shared.chain(named: mincho.defaultFont).first?.familyName == "IPAexMincho")
        let plain = try Template(yaml: "size: {width: 200, height: 100}\nelements: []\n")
        #expect(plain.defaultFont == "gothic")
    }
}
