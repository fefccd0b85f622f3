/// The 14 standard PDF fonts every viewer has; nothing is embedded.
package enum StandardFont: String, CaseIterable, Sendable {
    /// Helvetica.
    case helvetica = "Helvetica"
    /// Helvetica Bold.
    case helveticaBold = "Helvetica-Bold"
    /// Helvetica Oblique.
    case helveticaOblique = "Helvetica-Oblique"
    /// Helvetica Bold Oblique.
    case helveticaBoldOblique = "Helvetica-BoldOblique"
    /// Times Roman.
    case timesRoman = "Times-Roman"
    /// Times Bold.
    case timesBold = "Times-Bold"
    /// Times Italic.
    case timesItalic = "Times-Italic"
    /// Times Bold Italic.
    case timesBoldItalic = "Times-BoldItalic"
    /// Courier.
    case courier = "Courier"
    /// Courier Bold.
    case courierBold = "Courier-Bold"
    /// Courier Oblique.
    case courierOblique = "Courier-Oblique"
    /// Courier Bold Oblique.
    case courierBoldOblique = "Courier-BoldOblique"
    /// Symbol (its own built-in encoding).
    case symbol = "Symbol"
    /// ZapfDingbats (its own built-in encoding).
    case zapfDingbats = "ZapfDingbats"

    /// WinAnsi (CP1252) for the text fonts; the symbol fonts keep their built-in encoding.
    package var encoding: FontEncoding {
        switch self {
        case .symbol, .zapfDingbats: return .fontSpecific
        default: return .winAnsi
        }
    }
}

/// The Japanese CID fonts libHaru knows after `HPDF_UseJPFonts`; never embedded, the viewer substitutes.
package enum JapaneseFont: String, CaseIterable, Sendable {
    /// MS Mincho, serif, fixed width.
    case msMincho = "MS-Mincho"
    /// MS Gothic, sans-serif, fixed width.
    case msGothic = "MS-Gothic"
    /// MS PMincho, serif, proportional.
    case msPMincho = "MS-PMincho"
    /// MS PGothic, sans-serif, proportional.
    case msPGothic = "MS-PGothic"
}

/// The synthetic styles libHaru offers for the Japanese CID fonts (`,Bold`, `,Italic`, `,BoldItalic`).
package enum JapaneseFontStyle: String, CaseIterable, Sendable {
    /// No suffix.
    case regular = ""
    /// `,Bold`.
    case bold = ",Bold"
    /// `,Italic`.
    case italic = ",Italic"
    /// `,BoldItalic`.
    case boldItalic = ",BoldItalic"
}

/// The Japanese CMaps libHaru knows after `HPDF_UseJPEncodings`.
package enum JapaneseEncoding: String, CaseIterable, Sendable {
    /// Shift_JIS (Microsoft CP932), horizontal.
    case rksjH = "90ms-RKSJ-H"
    /// Shift_JIS (Microsoft CP932), vertical.
    case rksjV = "90ms-RKSJ-V"
    /// Shift_JIS (Microsoft CP932) with proportional Latin, horizontal.
    case proportionalRKSJH = "90msp-RKSJ-H"
    /// EUC-JP (JIS X 0208), horizontal.
    case eucH = "EUC-H"
    /// EUC-JP (JIS X 0208), vertical.
    case eucV = "EUC-V"

    /// True for the Shift_JIS family, false for EUC.
    package var isShiftJIS: Bool { rawValue.contains("RKSJ") }
}

/// How the wrapper turns a Swift String into the bytes a font's encoding expects.
package enum FontEncoding: Sendable, Equatable, CustomStringConvertible {
    /// `WinAnsiEncoding` (Windows-1252): Latin text in the base-14 text fonts.
    case winAnsi
    /// The font's built-in encoding (Symbol, ZapfDingbats): printable ASCII bytes only.
    case fontSpecific
    /// A Japanese CMap: Shift_JIS (CP932) or EUC-JP bytes.
    case japanese(JapaneseEncoding)
    /// libHaru's `UTF-8` encoding for TrueType fonts; code points above U+FFFF are not supported by libHaru.
    case utf8

    /// libHaru's encoding name, nil for the built-in one.
    package var haruName: String? {
        switch self {
        case .winAnsi: return "WinAnsiEncoding"
        case .fontSpecific: return nil
        case let .japanese(cmap): return cmap.rawValue
        case .utf8: return "UTF-8"
        }
    }

    /// The encoding's name as libHaru and pdffonts show it.
    package var description: String { haruName ?? "FontSpecific" }
}
