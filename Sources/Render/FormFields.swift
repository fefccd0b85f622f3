import DrawingModule
import Fonts
import Foundation
import Haru

extension Document {
    /// Refuses form fields that cannot be written: the first field with a problem (`FormField.firstProblem`), or a
    /// name a second field has (programs read and fill fields by name, so each is unique in the document; a radio
    /// group is one field however many buttons it has).
    /// - Throws: `RenderError.formField` naming the field, where it is and, for a duplicate, where the first is.
    func checkFormFields() throws(RenderError) {
        var seen: [String: RenderLocation] = [:]
        try RenderError.converting(location: nil) {
            for (index, page) in pages.enumerated() {
                try DrawingWalk.visitFormFields(page, page: index + 1) { field, location in
                    if let (member, reason) = field.firstProblem {
                        throw RenderError.formField(
                            location: location, name: field.name, reason: "\(member): \(reason)",
                            fix: "correct the field's \(member)")
                    }
                    if let first = seen[field.name] {
                        throw RenderError.formField(
                            location: location, name: field.name, reason: "the field at \(first) has the same name",
                            fix: "give each form field its own name (a radio group is one field with several options)")
                    }
                    seen[field.name] = location
                }
            }
        }
    }
}

extension Drawing.Command.FormField {
    /// What a reader can type with `typing`, beyond what the form shows: printable ASCII, the hiragana and katakana
    /// blocks, full-width ASCII, half-width katakana and Japanese punctuation.
    /// (`.all` is every character of the field's face, which `PDFRenderer` adds itself.)
    static func typedCharacters(_ typing: Typing) -> String {
        guard typing == .kana else { return "" }
        let ranges: [ClosedRange<UInt32>] = [
            0x20...0x7E, 0x3000...0x3003, 0x3008...0x3011, 0x301C...0x301C, 0x3041...0x3096, 0x309B...0x309E,
            0x30A1...0x30FE, 0xFF01...0xFF5E, 0xFF61...0xFF9F
        ]
        var text = String.UnicodeScalarView()
        for range in ranges { text.append(contentsOf: range.compactMap(Unicode.Scalar.init)) }
        return String(text)
    }

    /// What a viewer may draw with the field's `/DA` font: the value, the options and the characters of `typing`,
    /// for text and choice fields; nothing for buttons.
    var typeableText: String {
        switch type {
        case .text, .comboBox, .listBox:
            (value ?? "") + options.map(\.value).joined() + Self.typedCharacters(type == .listBox ? .shown : typing)
        case .checkBox, .radio: ""
        }
    }
}

extension Drawing.Command.FormField {
    /// The face a viewer draws typed text in (`/DA`): the first face of `chain` (the field's font and its fallbacks)
    /// with a glyph for every character the field shows, so a value such as 𠮷田 that the font lacks and a fallback
    /// has is redrawn whole; the first face when none has them all.
    func typingFace(in chain: [FontFace]) -> FontFace? {
        let shown = ((value ?? "") + options.map(\.value).joined()).unicodeScalars.filter { scalar in
            !scalar.properties.isWhitespace && !scalar.properties.isVariationSelector
                && scalar.properties.generalCategory != .control
        }
        return chain.first { face in shown.allSatisfy { face.glyph(for: $0) != nil } } ?? chain.first
    }
}

extension PDFTarget {
    /// Writes a laid-out form field as an AcroForm field of the page: its appearance streams recorded by painting
    /// the field's laid-out appearances (the very elements a PNG or a flattened PDF draws) into form XObjects, then
    /// the field and its widgets through `PDFDocument.addFormField`.
    func addFormField(_ laidOut: LaidOutFormField, painter: Painter) throws -> Bool {
        let (field, matrix, location) = (laidOut.field, laidOut.matrix, laidOut.location)
        try finish(location: location)
        // The appearance is drawn in the field's own coordinates, flipped with the page's height as every command
        // here is; inside a part, the XObject's /Matrix is the part's placement in PDF coordinates.
        let flip = PageMatrix(a: 1, b: 0, c: 0, d: -1, tx: 0, ty: height)
        let placed = flip.concatenating(matrix).concatenating(flip)
        let identity = [placed.a, placed.b, placed.c, placed.d, placed.tx, placed.ty] == [1, 0, 0, 1, 0, 0]
        func stream(_ elements: [LaidOutElement], in rect: Rect, tagged: Bool) throws -> PDFAppearanceStream {
            let box = PDFRect(x: rect.x, y: height - rect.maxY, width: rect.width, height: rect.height)
            return try page.recordAppearance(
                box: box, matrix: identity ? nil : [placed.a, placed.b, placed.c, placed.d, placed.tx, placed.ty]
            ) {
                let target = PDFTarget(page: page, height: height, resources: resources)
                func draw() throws {
                    try painter.paint(elements, into: target)
                    try target.finish(location: location)
                }
                if tagged { try page.markedContent("Tx", draw) } else { try draw() }
            }
        }
        func widgetRect(_ rect: Rect) -> PDFRect {
            let area = matrix.boundingBox(rect)
            return PDFRect(x: area.x, y: height - area.maxY, width: area.width, height: area.height)
        }
        var widgets: [PDFFormField.Widget] = []
        let kind: PDFFormField.Kind
        var value = field.value.flatMap { $0.isEmpty ? nil : $0 }
        switch field.type {
        case .checkBox, .radio:
            kind = field.type == .radio ? .radio : .checkBox
            if field.type == .checkBox { value = field.isChecked ? Drawing.Command.FormField.checkedValue : nil }
            for (index, rect) in field.widgetRects.enumerated() {
                let onName = field.type == .radio ? field.options[index].value : Drawing.Command.FormField.checkedValue
                func states(down: Bool) throws -> PDFFormField.Appearance {
                    .states(
                        onName: onName,
                        on: try stream(
                            down ? laidOut.buttons[index].onDown : laidOut.buttons[index].on, in: rect, tagged: false),
                        off: try stream(
                            down ? laidOut.buttons[index].offDown : laidOut.buttons[index].off, in: rect,
                            tagged: false))
                }
                widgets.append(
                    .init(
                        page: page, rect: widgetRect(rect), normal: try states(down: false),
                        down: page.document.allowsDownAppearances ? try states(down: true) : nil))
            }
        case .text, .comboBox, .listBox:
            let options = field.options.map(\.value)
            kind =
                switch field.type {
                case .comboBox: .comboBox(options: options)
                case .listBox: .listBox(options: options)
                default: .text(multiline: field.multiline, maxLength: field.maxLength)
                }
            widgets.append(
                .init(
                    page: page, rect: widgetRect(field.rect),
                    normal: .single(try stream(laidOut.appearance, in: field.rect, tagged: field.type != .listBox))))
        }
        let font = try typingFont(of: field, fonts: resources.registry, location: location)
        let quadding =
            switch field.alignment {
            case .left, .justified, .automatic: 0
            case .center: 1
            case .right: 2
            }
        do {
            var made = PDFFormField(
                name: field.name, kind: kind, value: value, font: font, fontSize: field.size,
                textColor: Self.rgb(field.textColor), quadding: quadding, readOnly: field.readOnly,
                required: field.required, borderColor: field.borderColor.map(Self.rgb),
                backgroundColor: field.background.map(Self.rgb), borderWidth: field.borderWidth, widgets: widgets)
            // A tagged PDF names the field to a reader by its label, or else its name.
            if marks != nil { made.tooltip = field.label ?? field.name }
            let annotations = try page.document.addFormField(made)
            marks?.recordAnnotations(annotations)
        } catch {
            throw RenderError.pdf(location: location, reason: "\(error)")
        }
        return true
    }

    /// The font a viewer draws typed text in (`/DA`): the field's `typingFace`, embedded as the page's text is (its
    /// subset holds `typeableText`, `PDFRenderer` registers it), or in `.cid` mode the CID font; nil for buttons.
    private func typingFont(
        of field: Drawing.Command.FormField, fonts: FontRegistry, location: RenderLocation
    ) throws -> PDFType0Font? {
        guard field.type != .checkBox, field.type != .radio else { return nil }
        do {
            if let cid = try resources.fonts.cidFont(named: field.font) { return cid.font }
            guard let face = field.typingFace(in: try fonts.chain(named: field.font)) else { return nil }
            return try resources.fonts.font(for: face).font
        } catch let error as FontError {
            throw RenderError.font(location: location, font: field.font, reason: error.description)
        }
    }
}

extension PDFFontSet {
    /// Records the glyphs `face` has for the characters of `text` (those it lacks are left out), so its subset keeps
    /// them for a viewer to draw typed text with: a form field's `typeableText`.
    func register(typeable text: String, in face: FontFace) {
        var glyphs: [(glyph: UInt32, text: String)] = []
        for scalar in text.unicodeScalars {
            if let glyph = face.glyph(for: scalar) { glyphs.append((glyph, String(scalar))) }
        }
        register(glyphs: glyphs, of: face)
    }
}
