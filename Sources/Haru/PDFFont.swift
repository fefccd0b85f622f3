import CHaru
import Foundation

/// A font of one document together with its encoding, so text given as Swift Strings can be encoded for it.
///
/// Valid while its document lives (it holds a strong reference to it).
package struct PDFFont {
    /// The document the font belongs to.
    package let document: PDFDocument
    /// libHaru's font.
    let handle: HPDF_Font
    /// The font's name as libHaru knows it: `Helvetica`, `MS-Gothic,Bold`, `IPAexGothic`.
    package let name: String
    /// How text is encoded for this font.
    package let encoding: FontEncoding
    /// True for a TrueType font embedded in the PDF.
    package let isEmbedded: Bool

    /// The bytes libHaru will receive for `text`.
    ///
    /// - Throws: `TextEncodingError` naming the first character the encoding cannot take, unless `unencodable`
    ///   substitutes it.
    ///   For an embedded TrueType font, a character the font has no glyph for is unencodable too.
    package func encode(_ text: String, unencodable: UnencodablePolicy = .fail) throws -> [UInt8] {
        try TextEncoder.encode(
            text, fontName: name, encoding: encoding, policy: unencodable,
            hasGlyph: trueTypeGlyphCheck, known: document.encodedTexts)
    }

    /// Looks code points up in the TrueType font's cmap, through libHaru's own font definition.
    private var trueTypeGlyphCheck: ((Unicode.Scalar) -> Bool)? {
        guard encoding == .utf8, let attributes = handle.pointee.attr?.assumingMemoryBound(to: _HPDF_FontAttr_Rec.self),
            let definition = attributes.pointee.fontdef,
            definition.pointee.type == HPDF_FONTDEF_TYPE_TRUETYPE
        else { return nil }
        return { scalar in
            scalar.value == 0x20
                || (scalar.value <= 0xFFFF && HPDF_TTFontDef_GetGlyphid(definition, HPDF_UINT16(scalar.value)) != 0)
        }
    }

    /// The width of `text` set in this font at `size` points, without character or word spacing.
    package func width(of text: String, size: Double, unencodable: UnencodablePolicy = .fail) throws -> Double {
        let bytes = try encode(text, unencodable: unencodable)
        let argument = { "font \(self.name), text \"\(text.prefix(40))\"" }
        let measured = try document.call(
            "measure text", argument(),
            { _ in
                bytes.withUnsafeBufferPointer { HPDF_Font_TextWidth(handle, $0.baseAddress, HPDF_UINT($0.count)) }
            }, failed: { _ in false })
        return Double(measured.width) * size / 1000
    }
}

extension PDFDocument {
    /// One of the 14 standard fonts, in WinAnsiEncoding (Symbol and ZapfDingbats in their own).
    package func font(_ font: StandardFont) throws -> PDFFont {
        try self.font(named: font.rawValue, encoding: font.encoding)
    }

    /// A Japanese CID font (not embedded) with a Shift_JIS or EUC CMap; libHaru's Japanese sets are enabled on
    /// first use.
    package func font(
        _ font: JapaneseFont, style: JapaneseFontStyle = .regular,
        encoding: JapaneseEncoding = .rksjH
    ) throws -> PDFFont {
        try self.font(named: font.rawValue + style.rawValue, encoding: .japanese(encoding))
    }

    /// Any font libHaru knows by name (a standard or Japanese font, or the name a TrueType load returned)
    /// with an encoding.
    ///
    /// - Throws: `HaruError` `HPDF_INVALID_FONT_NAME` (with the name) for a name libHaru does not know.
    package func font(named name: String, encoding: FontEncoding) throws -> PDFFont {
        let argument = "font name \"\(name)\", encoding \(encoding)"
        try ensureUsable("get a font", argument)
        switch encoding {
        case .japanese:
            try enable(.japaneseFonts)
            try enable(.japaneseEncodings)
        case .utf8:
            try enable(.utfEncodings)
        case .winAnsi, .fontSpecific:
            break
        }
        let handle = try make("get a font", argument) { doc in
            if let encodingName = encoding.haruName { return HPDF_GetFont(doc, name, encodingName) }
            return HPDF_GetFont(doc, name, nil)
        }
        return PDFFont(
            document: self, handle: handle, name: name, encoding: encoding,
            isEmbedded: trueTypeNames.values.contains(name))
    }

    /// Loads a TrueType font file, embedded, and returns it with libHaru's UTF-8 encoding; loading the same path
    /// again reuses the first load.
    ///
    /// libHaru 2.3.0 embeds the whole font file (no subsetting), so PDFs grow by the font's size.
    /// - Throws: `HaruError` with the path: `HPDF_FILE_OPEN_ERROR` when the file does not exist or cannot be
    ///   read, libHaru's TrueType errors when it is not a usable TrueType font.
    package func loadTrueTypeFont(at url: URL) throws -> PDFFont {
        let path = url.path
        let argument = "file \(path)"
        try ensureUsable("load a TrueType font", argument)
        if let known = trueTypeNames[path] { return try font(named: known, encoding: .utf8) }
        guard FileManager.default.isReadableFile(atPath: path) else {
            let exists = FileManager.default.fileExists(atPath: path)
            throw reject(
                code: 0x1017, detail: UInt32(exists ? EACCES : ENOENT), operation: "load a TrueType font",
                argument: argument,
                hint: exists
                    ? "make the file readable."
                    : "no file at this path; give the path of a "
                        + ".ttf file, e.g. /usr/share/fonts/opentype/ipaexfont-gothic/ipaexg.ttf "
                        + "(Debian package fonts-ipaexfont).")
        }
        try enable(.utfEncodings)
        let cName = try make("load a TrueType font", argument) { HPDF_LoadTTFontFromFile($0, path, HPDF_TRUE) }
        let name = String(cString: cName)
        trueTypeNames[path] = name
        return try font(named: name, encoding: .utf8)
    }
}
