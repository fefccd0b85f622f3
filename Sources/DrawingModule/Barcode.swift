import Foundation

extension Drawing.Command {
    /// A barcode or 2D code: what to encode, which symbology, the box it must fit with its quiet zone, and colours.
    ///
    /// A description only — the Barcodes module encodes it (through libzint) when the drawing is checked or rendered,
    /// so a bad payload is an error of the drawing, reported with its place, before any file is written.
    public struct Barcode: Codable, Hashable, Sendable {
        /// The symbology.
        public var symbology: Symbology
        /// The text to encode (UTF-8; GS1 kinds take `[AI]value` form, e.g. `[01]04912345678904`).
        public var data: String
        /// The box the code and its quiet zone must fit; the code is centred in it.
        public var rect: Rect
        /// The colour of bars and dark modules (the role's fill).
        public var dark: Color
        /// The colour painted under the code and its quiet zone, or nil to leave the page showing (white paper
        /// is assumed for the contrast check).
        public var light: Color?
        /// Encoding and layout choices.
        public var options: Options
        /// The slot the colours came from, for messages only.
        public var slot: SlotRef?
        /// The template element the barcode came from, named by layout's errors; nil for one drawn in code.
        public var source: SourcePlace?

        /// Creates a barcode command.
        public init(
            symbology: Symbology, data: String, rect: Rect, dark: Color, light: Color? = nil,
            options: Options = Options(), slot: SlotRef? = nil
        ) {
            self.symbology = symbology
            self.data = data
            self.rect = rect
            self.dark = dark
            self.light = light
            self.options = options
            self.slot = slot
        }
    }
}

extension Drawing.Command.Barcode {
    /// The barcode kinds Japanese tickets, labels, slips and mail carry.
    public enum Symbology: String, Codable, Hashable, Sendable, CaseIterable {
        /// QR Code (ISO/IEC 18004).
        case qr
        /// Micro QR Code.
        case microQR = "microqr"
        /// Data Matrix ECC 200.
        case dataMatrix = "datamatrix"
        /// GS1 DataMatrix: `[AI]value` data.
        case gs1DataMatrix = "gs1-datamatrix"
        /// PDF417.
        case pdf417
        /// Aztec Code.
        case aztec
        /// EAN-13, in Japan JAN-13.
        case ean13
        /// EAN-8, JAN-8.
        case ean8
        /// UPC-A.
        case upcA = "upca"
        /// UPC-E.
        case upcE = "upce"
        /// Code 128 (automatic code sets).
        case code128
        /// GS1-128 (UCC/EAN-128): `[AI]value` data, as on convenience-store payment slips.
        case gs1128 = "gs1-128"
        /// Code 39.
        case code39
        /// NW-7 / Codabar: start and stop characters A–D are part of the data (e.g. `A1234B`).
        case codabar
        /// ITF-14 (interleaved 2 of 5 on cases).
        case itf14
        /// Japan Post customer barcode (カスタマバーコード): postcode then address digits, e.g. `2630023-1-3-2`.
        case japanPost = "japanpost"

        /// True for the matrix and stacked codes (square modules, quiet zone on all four sides).
        public var isTwoDimensional: Bool {
            switch self {
            case .qr, .microQR, .dataMatrix, .gs1DataMatrix, .pdf417, .aztec: true
            default: false
            }
        }
    }

    /// How the check digit of a symbology that has one (EAN/JAN, UPC, ITF-14, Code 39, NW-7) is treated.
    public enum CheckDigit: String, Codable, Hashable, Sendable, CaseIterable {
        /// The data holds no check digit; it is computed and appended (for Code 39 and NW-7: the optional
        /// mod 43 / mod 16 check character is added).
        case compute
        /// The last character of the data is the check digit; a wrong one is an error.
        case verify
    }

    /// Encoding and layout choices; every one has a default that suits a printed ticket.
    public struct Options: Codable, Hashable, Sendable {
        /// Draw the human-readable text under linear bars (with the drawing's fonts, never libzint's).
        public var humanReadable: Bool
        /// The light margin on each side in modules; nil takes the symbology's standard quiet zone.
        public var quietZone: Int?
        /// The module (X-dimension) width in points; nil takes the largest that fits the box on the pixel grid.
        public var moduleWidth: Double?
        /// The error-correction level: `L`/`M`/`Q`/`H` for QR and Micro QR, 0…8 for PDF417, 1…4 (10 %…50 %…)
        /// for Aztec; nil takes the symbology's default (QR: M).
        public var errorCorrection: String?
        /// The ECI for 2D codes; nil means ECI 26 (UTF-8) whenever the data is not plain ASCII, none otherwise.
        public var eci: Int?
        /// Check digit handling; nil means "verify when the data has the full length, else compute".
        public var checkDigit: CheckDigit?
        /// The logical font of the human-readable text.
        public var font: String

        /// Creates options.
        public init(
            humanReadable: Bool = true, quietZone: Int? = nil, moduleWidth: Double? = nil,
            errorCorrection: String? = nil, eci: Int? = nil, checkDigit: CheckDigit? = nil,
            font: String = "gothic"
        ) {
            self.humanReadable = humanReadable
            self.quietZone = quietZone
            self.moduleWidth = moduleWidth
            self.errorCorrection = errorCorrection
            self.eci = eci
            self.checkDigit = checkDigit
            self.font = font
        }
    }
}

extension Drawing.Command.Barcode {
    private enum CodingKeys: String, CodingKey { case symbology, data, rect, dark, light, options, slot }

    /// Reads a barcode object; `light`, `options` and `slot` may be left out.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        symbology = try container.decode(Symbology.self, forKey: .symbology)
        data = try container.decode(String.self, forKey: .data)
        rect = try container.decode(Rect.self, forKey: .rect)
        dark = try container.decode(Color.self, forKey: .dark)
        light = try container.decodeIfPresent(Color.self, forKey: .light)
        options = try container.decodeIfPresent(Options.self, forKey: .options) ?? Options()
        slot = try container.decodeIfPresent(SlotRef.self, forKey: .slot)
    }
}

extension Drawing.Command.Barcode.Options {
    private enum CodingKeys: String, CodingKey {
        case humanReadable, quietZone, moduleWidth, errorCorrection, eci, checkDigit, font
    }

    /// Reads options; every key may be left out and takes its default.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            humanReadable: try container.decodeIfPresent(Bool.self, forKey: .humanReadable) ?? true,
            quietZone: try container.decodeIfPresent(Int.self, forKey: .quietZone),
            moduleWidth: try container.decodeIfPresent(Double.self, forKey: .moduleWidth),
            errorCorrection: try container.decodeIfPresent(String.self, forKey: .errorCorrection),
            eci: try container.decodeIfPresent(Int.self, forKey: .eci),
            checkDigit: try container.decodeIfPresent(
                Drawing.Command.Barcode.CheckDigit.self,
                forKey: .checkDigit),
            font: try container.decodeIfPresent(String.self, forKey: .font) ?? "gothic")
    }
}
