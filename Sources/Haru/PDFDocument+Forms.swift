import CHaru
import Foundation

/// A field of a PDF's interactive form (AcroForm), ready to add with `PDFDocument.addFormField(_:)`: what it is,
/// its name and value, the font a reader types with, and the widget annotations that show it, each with appearance
/// streams already recorded.
package struct PDFFormField {
    /// The field type (`/FT`) and what belongs to it alone.
    package enum Kind: Sendable, Equatable {
        /// `/Tx`: text, on one line or (`multiline`) several; `maxLength` characters at most when given.
        case text(multiline: Bool, maxLength: Int?)
        /// `/Btn`: a check box, ticked when the value is its widget's on-state name.
        case checkBox
        /// `/Btn` with the radio flag: one widget per button, the one whose on-state name is the value ticked.
        case radio
        /// `/Ch` with the combo flag: one of `options` from a drop-down list.
        case comboBox(options: [String])
        /// `/Ch`: one of `options` from a list shown whole.
        case listBox(options: [String])
    }

    /// A widget's appearance in one mode (`/N` normal, `/D` down).
    package enum Appearance {
        /// One stream (text and choice fields).
        case single(PDFAppearanceStream)
        /// A button's two states: its on-state name (`/Yes`, a radio button's value) and `/Off`.
        case states(onName: String, on: PDFAppearanceStream, off: PDFAppearanceStream)
    }

    /// One widget annotation of the field: where it is and how it looks.
    package struct Widget {
        /// The page it is on.
        package var page: PDFPage
        /// Its `/Rect`, PDF coordinates.
        package var rect: PDFRect
        /// How it looks (`/AP /N`).
        package var normal: Appearance
        /// How it looks while pressed (`/AP /D`), for buttons; left out of PDF/A files, which allow `/N` only.
        package var down: Appearance?

        /// A widget on `page` at `rect` with its appearances.
        package init(page: PDFPage, rect: PDFRect, normal: Appearance, down: Appearance? = nil) {
            self.page = page
            self.rect = rect
            self.normal = normal
            self.down = down
        }
    }

    /// The field's name (`/T`), unique in the document.
    package var name: String
    /// Its type.
    package var kind: Kind
    /// Its value (`/V`, also its default `/DV`): the text, the chosen option, or a button's on-state name; nil for
    /// none (`/Off` for a button).
    package var value: String?
    /// The font a reader's viewer sets typed text in (`/DA`, through the form's `/DR`), for text and choice fields.
    package var font: PDFType0Font?
    /// The size of that text in points.
    package var fontSize: Double
    /// Its colour.
    package var textColor: RGBColor
    /// 0 left, 1 centred, 2 right (`/Q`).
    package var quadding: Int
    /// True when a reader may not change the value (`/Ff` bit 1).
    package var readOnly: Bool
    /// True when the value is required (`/Ff` bit 2).
    package var required: Bool
    /// The border's colour (`/MK /BC`), nil for none: a viewer that draws the field itself draws it so.
    package var borderColor: RGBColor?
    /// The background's colour (`/MK /BG`), nil for none.
    package var backgroundColor: RGBColor?
    /// The border's width in points (`/BS /W`).
    package var borderWidth: Double
    /// The widgets: one, or one per button of a radio group.
    package var widgets: [Widget]
    /// What a reader is told the field is (`/TU`), for assistive technology and a viewer's tooltip; nil for none.
    package var tooltip: String?

    /// A field; see each property.
    package init(
        name: String, kind: Kind, value: String?, font: PDFType0Font? = nil, fontSize: Double = 10,
        textColor: RGBColor = .black, quadding: Int = 0, readOnly: Bool = false, required: Bool = false,
        borderColor: RGBColor? = nil, backgroundColor: RGBColor? = nil, borderWidth: Double = 1, widgets: [Widget]
    ) {
        self.borderColor = borderColor
        self.backgroundColor = backgroundColor
        self.borderWidth = borderWidth
        self.name = name
        self.kind = kind
        self.value = value
        self.font = font
        self.fontSize = fontSize
        self.textColor = textColor
        self.quadding = quadding
        self.readOnly = readOnly
        self.required = required
        self.widgets = widgets
    }

    /// The `/Ff` flags.
    var flags: Int {
        var flags = (readOnly ? 1 : 0) | (required ? 2 : 0)
        switch kind {
        case .text(let multiline, _): if multiline { flags |= 1 << 12 }
        case .checkBox: break
        case .radio: flags |= 1 << 14 | 1 << 15 // NoToggleToOff, Radio
        case .comboBox: flags |= 1 << 17 // Combo
        case .listBox: break
        }
        return flags
    }
}

/// The document's interactive form as built so far: the catalog's `/AcroForm` and what goes in it.
struct FormState {
    var fields: HPDF_Array
    /// `/DR /Font`: the fonts fields are typed in, by resource name.
    var fonts: HPDF_Dict
    /// The resource name of each font in `fonts`.
    var fontNames: [HPDF_Dict: String] = [:]
    /// Every field name added, for the uniqueness check.
    var names: Set<String> = []
    /// ZapfDingbats in `/DR` as `/ZaDb`, once a button names it.
    var dingbats: HPDF_Dict?
}

extension PDFDocument {
    /// False for a PDF/A document, whose widgets may have a normal appearance (`/AP /N`) only: a field's down
    /// appearances need not be recorded, `addFormField` would leave them out.
    package var allowsDownAppearances: Bool { archive == nil }

    /// Adds `field` to the document's interactive form (made on first use: the catalog's `/AcroForm`, with
    /// `/NeedAppearances false` because every widget carries its own appearance streams, and `/DR` holding the fonts
    /// fields are typed in), and each of its widgets to its page's `/Annots`.
    ///
    /// A text or choice field gets a `/DA` naming its font in `/DR` with its size and colour, so a viewer that
    /// regenerates the appearance of typed text uses the same embedded font. A button's widget has `/AS` set to the
    /// state its value selects. In a PDF/A document the down appearances are left out (PDF/A allows `/AP /N` only).
    /// - Returns: the widget annotations made, in the order of `field.widgets`: a tagged PDF puts each in its
    ///   structure tree (`PDFStructureElement.Kid.annotation`).
    /// - Throws: `HaruError` for a name already used or empty, a widget without a drawable rectangle, a widget of
    ///   another document, or libHaru's error.
    @discardableResult
    package func addFormField(_ field: PDFFormField) throws -> [PDFAnnotation] {
        let operation = "add form field \(field.name)"
        try ensureUsable(operation, nil)
        let objects = PDFObjectBuilder(document: self, operation: operation)
        var form = try formState(objects)
        guard !field.name.isEmpty, !form.names.contains(field.name) else {
            throw reject(
                code: 0x1039, operation: operation, argument: field.name,
                hint: field.name.isEmpty ? "give the field a name." : "give each field its own name.")
        }
        guard !field.widgets.isEmpty, field.widgets.allSatisfy({ $0.rect.isDrawable && $0.page.document === self })
        else {
            throw reject(
                code: 0x1039, operation: operation, argument: field.name,
                hint: "give the field widgets on pages of this document with finite, non-empty rectangles.")
        }
        let isButton = field.kind == .checkBox || field.kind == .radio
        let dict = try objects.dictionary()
        try objects.name(dict, "FT", isButton ? "Btn" : field.kind.isChoice ? "Ch" : "Tx")
        try objects.add(dict, "T", try objects.textString(field.name))
        if let tooltip = field.tooltip { try objects.add(dict, "TU", try objects.textString(tooltip)) }
        if field.flags != 0 { try objects.number(dict, "Ff", field.flags) }
        if isButton {
            let value = try objects.nameObject(field.value ?? "Off")
            try objects.add(dict, "V", value)
            try objects.add(dict, "DV", try objects.nameObject(field.value ?? "Off"))
            if archive == nil {
                // For a viewer told to draw fields itself (a filler that sets /NeedAppearances true): the tick or dot
                // is /MK /CA in ZapfDingbats, the standard font for it. Not in PDF/A, whose fonts are all embedded.
                if form.dingbats == nil {
                    let font = try objects.dictionary()
                    try objects.name(font, "Type", "Font")
                    try objects.name(font, "Subtype", "Type1")
                    try objects.name(font, "BaseFont", "ZapfDingbats")
                    try objects.add(form.fonts, "ZaDb", UnsafeMutableRawPointer(font))
                    form.dingbats = font
                }
                try objects.add(dict, "DA", try objects.textString(Self.defaultAppearance("ZaDb", field, size: 0)))
            }
        } else {
            if let value = field.value {
                try objects.add(dict, "V", try objects.textString(value))
                try objects.add(dict, "DV", try objects.textString(value))
            }
            if let font = field.font {
                let name = try formFontName(font, in: &form, objects)
                try objects.add(
                    dict, "DA", try objects.textString(Self.defaultAppearance(name, field, size: field.fontSize)))
            }
            if field.quadding != 0 { try objects.number(dict, "Q", field.quadding) }
        }
        switch field.kind {
        case .text(_, let maxLength?): try objects.number(dict, "MaxLen", maxLength)
        case .comboBox(let options), .listBox(let options):
            let list = try objects.array()
            try objects.add(dict, "Opt", UnsafeMutableRawPointer(list))
            for option in options { try objects.append(list, try objects.textString(option)) }
            if case .listBox = field.kind, let value = field.value, let index = options.firstIndex(of: value) {
                let selected = try objects.array()
                try objects.add(dict, "I", UnsafeMutableRawPointer(selected))
                try objects.append(selected, number: index)
            }
        default: break
        }
        try objects.append(form.fields, UnsafeMutableRawPointer(dict))
        var annotations: [PDFAnnotation] = []
        if field.kind == .radio {
            // A radio group is a parent field whose kids are the buttons' widgets.
            let kids = try objects.array()
            try objects.add(dict, "Kids", UnsafeMutableRawPointer(kids))
            for widget in field.widgets {
                let annotation = try objects.dictionary()
                try objects.add(annotation, "Parent", UnsafeMutableRawPointer(dict))
                try objects.append(kids, UnsafeMutableRawPointer(annotation))
                try addWidget(widget, to: annotation, of: field, objects)
                annotations.append(PDFAnnotation(handle: annotation, page: widget.page.index))
            }
        } else {
            // One widget: the field and its widget annotation are one dictionary.
            try addWidget(field.widgets[0], to: dict, of: field, objects)
            annotations.append(PDFAnnotation(handle: dict, page: field.widgets[0].page.index))
        }
        form.names.insert(field.name)
        self.form = form
        return annotations
    }

    /// The form made so far, or a new `/AcroForm` in the catalog.
    private func formState(_ objects: PDFObjectBuilder) throws -> FormState {
        if let form { return form }
        let acroForm = try objects.dictionary()
        try objects.add(handle.pointee.catalog, "AcroForm", UnsafeMutableRawPointer(acroForm))
        let fields = try objects.array()
        try objects.add(acroForm, "Fields", UnsafeMutableRawPointer(fields))
        try objects.boolean(acroForm, "NeedAppearances", false)
        let resources = try objects.dictionary(indirect: false)
        try objects.add(acroForm, "DR", UnsafeMutableRawPointer(resources))
        let fonts = try objects.dictionary(indirect: false)
        try objects.add(resources, "Font", UnsafeMutableRawPointer(fonts))
        // The form's default /DA, for fields without their own; every field of ours has one.
        try objects.add(acroForm, "DA", try objects.textString("0 g"))
        let state = FormState(fields: fields, fonts: fonts)
        form = state
        return state
    }

    /// The name `font` has in the form's `/DR /Font`, added on first use (`FM1`, `FM2` …).
    private func formFontName(_ font: PDFType0Font, in form: inout FormState, _ objects: PDFObjectBuilder) throws
        -> String
    {
        if let name = form.fontNames[font.dict] { return name }
        let name = "FM\(form.fontNames.count + 1)"
        try objects.add(form.fonts, name, UnsafeMutableRawPointer(font.dict))
        form.fontNames[font.dict] = name
        return name
    }

    /// `/FM1 10 Tf 0 0 0 rg`: the font, size (0: fit to the widget) and colour a viewer sets typed text in.
    private static func defaultAppearance(_ fontName: String, _ field: PDFFormField, size: Double) -> String {
        let (r, g, b) = field.textColor.clamped
        let numbers = [size, Double(r), Double(g), Double(b)].map { value in
            value == value.rounded() ? String(Int(value)) : String(format: "%.4g", value)
        }
        return "/\(fontName) \(numbers[0]) Tf \(numbers[1]) \(numbers[2]) \(numbers[3]) rg"
    }

    /// Makes `annotation` the widget `widget` describes and adds it to its page's `/Annots`; a button's `/AS` is its
    /// on-state when that is `value`, else `/Off`.
    private func addWidget(
        _ widget: PDFFormField.Widget, to annotation: HPDF_Dict, of field: PDFFormField, _ objects: PDFObjectBuilder
    ) throws {
        let value = field.value
        try objects.name(annotation, "Type", "Annot")
        try objects.name(annotation, "Subtype", "Widget")
        let rect = try objects.array()
        try objects.add(annotation, "Rect", UnsafeMutableRawPointer(rect))
        let box = widget.rect
        for number in [box.x, box.y, box.x + box.width, box.y + box.height] { try objects.append(rect, real: number) }
        try objects.number(annotation, "F", 4) // Print: a form printed shows its fields (PDF/A requires it).
        try objects.add(annotation, "P", UnsafeMutableRawPointer(widget.page.handle))
        // How the widget looks to a viewer that draws it itself: border, background, the button's character.
        let characteristics = try objects.dictionary(indirect: false)
        try objects.add(annotation, "MK", UnsafeMutableRawPointer(characteristics))
        for (key, color) in [("BC", field.borderColor), ("BG", field.backgroundColor)] {
            guard let color else { continue }
            let array = try objects.array()
            try objects.add(characteristics, key, UnsafeMutableRawPointer(array))
            let (r, g, b) = color.clamped
            for component in [r, g, b] { try objects.append(array, real: Double(component)) }
        }
        if field.kind == .checkBox || field.kind == .radio {
            // ZapfDingbats' ✔ (a20) and ● (a71).
            try objects.add(characteristics, "CA", try objects.textString(field.kind == .radio ? "l" : "4"))
        }
        let border = try objects.dictionary(indirect: false)
        try objects.add(annotation, "BS", UnsafeMutableRawPointer(border))
        try objects.real(border, "W", field.borderColor == nil ? 0 : field.borderWidth)
        try objects.name(border, "S", "S")
        let appearances = try objects.dictionary(indirect: false)
        try objects.add(annotation, "AP", UnsafeMutableRawPointer(appearances))
        try add(widget.normal, as: "N", to: appearances, objects)
        if let down = widget.down, allowsDownAppearances { try add(down, as: "D", to: appearances, objects) }
        if case .states(let onName, _, _) = widget.normal {
            try objects.add(annotation, "AS", try objects.nameObject(onName == value ? onName : "Off"))
        }
        let page = widget.page.handle
        let annots: HPDF_Array
        if let existing = HPDF_Dict_GetItem(page, "Annots", HPDF_UINT16(HPDF_OCLASS_ARRAY)) {
            annots = existing.assumingMemoryBound(to: HPDF_Array_Rec.self)
        } else {
            annots = try objects.array()
            try objects.add(page, "Annots", UnsafeMutableRawPointer(annots))
        }
        try objects.append(annots, UnsafeMutableRawPointer(annotation))
    }

    /// `/key stream`, or `/key << /on stream /Off stream >>` for a button's states.
    private func add(
        _ appearance: PDFFormField.Appearance, as key: String, to appearances: HPDF_Dict, _ objects: PDFObjectBuilder
    ) throws {
        switch appearance {
        case .single(let stream):
            try objects.add(appearances, key, UnsafeMutableRawPointer(stream.dict))
        case .states(let onName, let on, let off):
            let states = try objects.dictionary(indirect: false)
            try objects.add(appearances, key, UnsafeMutableRawPointer(states))
            try objects.add(states, onName, UnsafeMutableRawPointer(on.dict))
            try objects.add(states, "Off", UnsafeMutableRawPointer(off.dict))
        }
    }
}

extension PDFFormField.Kind {
    /// True for combo and list boxes (`/FT /Ch`).
    var isChoice: Bool {
        switch self {
        case .comboBox, .listBox: true
        default: false
        }
    }
}
