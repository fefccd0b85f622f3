extension Drawing.Command {
    /// A fillable form field: a PDF AcroForm field a reader can type into or tick, drawn as its appearance.
    ///
    /// Application forms (申込書) and questionnaires (アンケート) are printed, filled by hand and typed in again; as
    /// fields they are filled on screen and read back by programs. A PDF gets a real field with the appearance below
    /// written as its appearance streams; a PNG, or a PDF rendered with forms flattened, draws the same appearance as
    /// page content (`appearance`).
    public struct FormField: Codable, Hashable, Sendable {
        /// What kind of field it is.
        public enum FieldType: String, Codable, Hashable, Sendable, CaseIterable {
            /// Text typed in: one line, or several with `multiline`.
            case text
            /// A box ticked on or off.
            case checkBox
            /// A group of buttons of which one is on: each option is a button with its own rectangle.
            case radio
            /// One of `options`, chosen from a drop-down list.
            case comboBox
            /// One of `options`, chosen from a list shown whole.
            case listBox
        }

        /// Which characters a reader can type into a text field or combo box beyond those the form shows: the glyphs
        /// the embedded font keeps for the viewer to draw typed text with (`/DA`).
        ///
        /// A font embedded whole is megabytes; a subset has only the glyphs it was made with, and a viewer drawing a
        /// typed character the subset lacks shows nothing. So the subset keeps a stated set.
        public enum Typing: String, Codable, Hashable, Sendable, CaseIterable {
            /// Printable ASCII, hiragana, katakana (full and half width), full-width Latin, digits and punctuation
            /// (、。「」ー・ and the like): names in kana, furigana, addresses' numbers, e-mail addresses. About 450
            /// glyphs.
            case kana
            /// Only what the form shows (the value and the options): the smallest file, for fields not meant to be
            /// typed into or whose viewers draw typed text with their own fonts.
            case shown
            /// Every character the field's font has: the font embedded whole, every character of its cmap in the
            /// ToUnicode map, so a reader can type any kanji the font has (髙橋, 鷗外). The cost is the whole font in
            /// the file (megabytes: IPAexGothic is about 6 MB before compression); only a plain TrueType font can be
            /// embedded whole, and a collection or CFF font is an error.
            case all
        }

        /// One choice of a radio group, combo box or list box.
        public struct Option: Codable, Hashable, Sendable {
            /// The value the field takes when this option is chosen (shown in a combo or list box).
            public var value: String
            /// A radio button's rectangle; nil for combo and list boxes.
            public var rect: Rect?

            /// An option with `value`, and for a radio button its rectangle.
            public init(_ value: String, rect: Rect? = nil) {
                self.value = value
                self.rect = rect
            }
        }

        /// The field's kind.
        public var type: FieldType
        /// The field's name (`/T`), unique in the document: what programs read and fill it by.
        public var name: String
        /// The field's rectangle; a radio group's covers its buttons.
        public var rect: Rect
        /// The value: a text field's text, the chosen option's value, or for a check box ``checkedValue`` when it is
        /// ticked; nil for empty, unticked or nothing chosen.
        public var value: String?
        /// A radio group's buttons, or a combo or list box's choices.
        public var options: [Option]
        /// True for a text field of several lines (wrapped, top-aligned).
        public var multiline: Bool
        /// The logical font of the value (`gothic`, `mincho` …): embedded for the appearance and named in `/DA`.
        public var font: String
        /// The text size in points.
        public var size: Double
        /// The colour of the text, tick or dot.
        public var textColor: Color
        /// The border's colour; nil for no border.
        public var borderColor: Color?
        /// The background's colour; nil for none (the page shows through).
        public var background: Color?
        /// The border's width in points.
        public var borderWidth: Double
        /// Where the text sits in a text field or combo box.
        public var alignment: TextAlignment
        /// True when a reader may not change the value.
        public var readOnly: Bool
        /// True when the form must not be submitted without a value.
        public var required: Bool
        /// The most characters a text field takes; nil for no limit.
        public var maxLength: Int?
        /// The characters a reader can type (see ``Typing``); the default keeps ASCII and kana.
        public var typing: Typing
        /// What a screen reader says the field is (`/TU`, a tagged PDF's name for it); nil says its `name`, which
        /// programs fill it by and may not read well (`zip_code`).
        public var label: String?

        /// The value a ticked check box has (its "on" appearance state), as most forms use.
        public static let checkedValue = "Yes"

        /// Creates a field; a radio group's `rect` may be left zero and is then the union of its buttons'.
        public init(
            type: FieldType, name: String, rect: Rect, value: String? = nil, options: [Option] = [],
            multiline: Bool = false, font: String = "gothic", size: Double = 10, textColor: Color = .black,
            borderColor: Color? = Color(red: 0.4, green: 0.4, blue: 0.4), background: Color? = .white,
            borderWidth: Double = 1, alignment: TextAlignment = .left, readOnly: Bool = false, required: Bool = false,
            maxLength: Int? = nil, typing: Typing = .kana
        ) {
            self.typing = typing
            self.type = type
            self.name = name
            self.rect = rect
            self.value = value
            self.options = options
            self.multiline = multiline
            self.font = font
            self.size = size
            self.textColor = textColor
            self.borderColor = borderColor
            self.background = background
            self.borderWidth = borderWidth
            self.alignment = alignment
            self.readOnly = readOnly
            self.required = required
            self.maxLength = maxLength
            if type == .radio, rect.width == 0, rect.height == 0, let union = Rect.union(options.compactMap(\.rect)) {
                self.rect = union
            }
        }

        private enum CodingKeys: String, CodingKey {
            case type, name, rect, value, options, multiline, font, size, textColor, borderColor, background
            case borderWidth, alignment, readOnly, required, maxLength, typing, label
        }

        /// Reads a field; everything but `type`, `name` and `rect` (or a radio group's buttons) may be left out.
        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            let type = try c.decode(FieldType.self, forKey: .type)
            let options = try c.decodeIfPresent([Option].self, forKey: .options) ?? []
            let rect =
                try c.decodeIfPresent(Rect.self, forKey: .rect)
                ?? (type == .radio ? Rect(x: 0, y: 0, width: 0, height: 0) : c.decode(Rect.self, forKey: .rect))
            let defaults = FormField(type: type, name: "", rect: rect, options: options)
            self.init(
                type: type, name: try c.decode(String.self, forKey: .name), rect: defaults.rect,
                value: try c.decodeIfPresent(String.self, forKey: .value), options: options,
                multiline: try c.decodeIfPresent(Bool.self, forKey: .multiline) ?? false,
                font: try c.decodeIfPresent(String.self, forKey: .font) ?? defaults.font,
                size: try c.decodeIfPresent(Double.self, forKey: .size) ?? defaults.size,
                textColor: try c.decodeIfPresent(Color.self, forKey: .textColor) ?? defaults.textColor,
                borderColor: c.contains(.borderColor)
                    ? try c.decodeIfPresent(Color.self, forKey: .borderColor) : defaults.borderColor,
                background: c.contains(.background)
                    ? try c.decodeIfPresent(Color.self, forKey: .background) : defaults.background,
                borderWidth: try c.decodeIfPresent(Double.self, forKey: .borderWidth) ?? defaults.borderWidth,
                alignment: try c.decodeIfPresent(TextAlignment.self, forKey: .alignment) ?? defaults.alignment,
                readOnly: try c.decodeIfPresent(Bool.self, forKey: .readOnly) ?? false,
                required: try c.decodeIfPresent(Bool.self, forKey: .required) ?? false,
                maxLength: try c.decodeIfPresent(Int.self, forKey: .maxLength),
                typing: try c.decodeIfPresent(Typing.self, forKey: .typing) ?? .kana)
            label = try c.decodeIfPresent(String.self, forKey: .label)
        }

        /// Writes every member; a missing border or background as `null`, since left out means the default one.
        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(type, forKey: .type)
            try c.encode(name, forKey: .name)
            try c.encode(rect, forKey: .rect)
            try c.encodeIfPresent(value, forKey: .value)
            if !options.isEmpty { try c.encode(options, forKey: .options) }
            if multiline { try c.encode(multiline, forKey: .multiline) }
            try c.encode(font, forKey: .font)
            try c.encode(size, forKey: .size)
            try c.encode(textColor, forKey: .textColor)
            try c.encode(borderColor, forKey: .borderColor)
            try c.encode(background, forKey: .background)
            try c.encode(borderWidth, forKey: .borderWidth)
            try c.encode(alignment, forKey: .alignment)
            if readOnly { try c.encode(readOnly, forKey: .readOnly) }
            if required { try c.encode(required, forKey: .required) }
            try c.encodeIfPresent(maxLength, forKey: .maxLength)
            try c.encode(typing, forKey: .typing)
            try c.encodeIfPresent(label, forKey: .label)
        }

        /// True for a check box that is ticked.
        public var isChecked: Bool { type == .checkBox && value != nil && value != "Off" }

        /// The rectangles a reader clicks: one for most fields, one per button of a radio group.
        public var widgetRects: [Rect] {
            type == .radio ? options.map { $0.rect ?? rect } : [rect]
        }

        /// The first thing wrong with the field as described, as (member, reason), or nil when it can be drawn: an
        /// empty name or one with a period (PDF's separator of name parts), a size or border that is not a finite
        /// number ≥ 0, a radio button without a rectangle, a choice without options, a value that is not one of the
        /// options, a line break in a one-line text.
        public var firstProblem: (member: String, reason: String)? {
            if name.isEmpty { return ("name", "a form field needs a name, unique in the document") }
            if name.contains(".") {
                return ("name", "\"\(name)\" holds a period, which PDF reads as a parent field's name; use _ or -")
            }
            if name.utf8.count > 127 {
                return ("name", "\"\(name.prefix(20))…\" is \(name.utf8.count) bytes of UTF-8; 127 is the most")
            }
            if !(size.isFinite && size > 0) { return ("size", "a text size is greater than 0, got \(size)") }
            if !(borderWidth.isFinite && borderWidth >= 0) {
                return ("borderWidth", "a border width is 0 or more, got \(borderWidth)")
            }
            if ![rect.x, rect.y, rect.width, rect.height].allSatisfy(\.isFinite) || rect.width <= 0 || rect.height <= 0
            {
                return ("rect", "a field needs a width and height greater than 0")
            }
            if let maxLength, maxLength <= 0 { return ("maxLength", "give 1 or more characters, got \(maxLength)") }
            switch type {
            case .text:
                if !multiline, let value, value.contains(where: \.isNewline) {
                    return ("value", "a one-line text field's value holds a line break; make the field multiline")
                }
                if let maxLength, let value, value.count > maxLength {
                    return ("value", "the value has \(value.count) characters, more than maxLength \(maxLength)")
                }
            case .checkBox:
                break
            case .radio, .comboBox, .listBox:
                if options.isEmpty { return ("options", "a \(type.rawValue) needs at least one option") }
                var seen: Set<String> = []
                for (index, option) in options.enumerated() {
                    if option.value.isEmpty { return ("options[\(index)]", "an option's value is not empty") }
                    if !seen.insert(option.value).inserted {
                        return ("options[\(index)]", "the option \"\(option.value)\" is given twice")
                    }
                    if type == .radio, option.value == "Off" {
                        return (
                            "options[\(index)]",
                            "\"Off\" is the state of a radio button that is not chosen; name it otherwise"
                        )
                    }
                    if type == .radio, option.value.utf8.count > 127 {
                        return ("options[\(index)]", "a radio button's value is at most 127 bytes of UTF-8")
                    }
                    if type == .radio,
                        option.rect.map({ !($0.width > 0 && $0.height > 0 && $0.x.isFinite && $0.y.isFinite) }) ?? true
                    {
                        return ("options[\(index)]", "each radio button needs a rectangle with a width and height")
                    }
                }
                if let value, !value.isEmpty, !seen.contains(value) {
                    return (
                        "value",
                        "\"\(value)\" is not one of the options: "
                            + options.map { "\"\($0.value)\"" }.joined(separator: ", ")
                    )
                }
            }
            return nil
        }
    }
}

extension Drawing {
    /// The drawing with every form field replaced by a group of its appearance: the same page, nothing to fill.
    public func flatteningFormFields() -> Drawing {
        var drawing = self
        drawing.commands = Self.flattening(commands)
        return drawing
    }

    private static func flattening(_ commands: [Command]) -> [Command] {
        commands.map { command in
            switch command {
            case .formField(let field): return .group(.init(commands: field.appearance))
            case .group(var group):
                group.commands = flattening(group.commands)
                return .group(group)
            case .part(var part):
                part.drawing = part.drawing.flatteningFormFields()
                return .part(part)
            default: return command
            }
        }
    }
}

extension Document {
    /// The document with every page's form fields drawn as page content (`Drawing.flatteningFormFields()`).
    public func flatteningFormFields() -> Document {
        var document = self
        document.pages = pages.map { $0.flatteningFormFields() }
        document.flattensForms = false
        return document
    }
}
