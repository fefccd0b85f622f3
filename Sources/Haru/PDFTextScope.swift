import CHaru

extension PDFPage {
    /// Runs `body` inside one PDF text object (`BT` … `ET`), opened and closed for the caller even when `body`
    /// throws, so text calls can never meet libHaru in the wrong graphics mode.
    ///
    /// Graphics calls on any page of the document throw while the scope is open; nesting scopes throws too.
    package func text<R>(_ body: (PDFTextScope) throws -> R) throws -> R {
        try document.ensureUsable("begin text", label)
        if document.openTextPage != nil {
            throw document.reject(
                code: 0x1051, operation: "begin text", argument: label,
                hint: "text { } scopes cannot be nested; finish the open one first.")
        }
        try document.check("begin text", label) { _ in HPDF_Page_BeginText(handle) }
        document.openTextPage = index
        let scope = PDFTextScope(page: self)
        defer { scope.isOpen = false }
        let result: R
        do {
            result = try body(scope)
        } catch {
            endText()
            throw error
        }
        document.openTextPage = nil
        try document.check("end text", label) { _ in HPDF_Page_EndText(handle) }
        return result
    }

    /// Closes the text object after a failure inside the scope, clearing whatever that raises.
    private func endText() {
        document.openTextPage = nil
        guard !document.isAborted else { return }
        HPDF_ResetError(document.handle)
        _ = HPDF_Page_EndText(handle)
        HPDF_ResetError(document.handle)
    }
}

/// The text calls available inside `PDFPage.text { … }`: font, colour, and strings placed at points.
///
/// Only valid during the closure it is passed to; using it afterwards throws.
package final class PDFTextScope {
    /// The page the text goes on.
    package let page: PDFPage
    /// The font set by `setFont`, needed to encode strings.
    package private(set) var font: PDFFont?
    /// The size set by `setFont`, in points.
    package private(set) var fontSize: Double = 0
    /// False once the scope's closure has returned.
    fileprivate(set) var isOpen = true

    fileprivate init(page: PDFPage) {
        self.page = page
    }

    /// Sets the font and size used by the following `show` calls.
    package func setFont(_ font: PDFFont, size: Double) throws {
        let argument = { "\(self.page.label), font \(font.name) size \(size)" }
        try ensureOpen("set the font", argument())
        guard font.document === page.document else {
            throw page.document.reject(
                code: 0x104F, operation: "set the font", argument: argument(),
                hint: "get the font from this page's document; fonts cannot be shared.")
        }
        try page.document.check("set the font", argument()) { _ in
            HPDF_Page_SetFontAndSize(page.handle, font.handle, Float(size))
        }
        self.font = font
        fontSize = size
    }

    /// Sets the colour text is filled with.
    package func setFillColor(_ color: RGBColor) throws {
        try ensureOpen("set the text colour", page.label)
        let (r, g, b) = color.clamped
        try page.document.check("set the text colour", "\(self.page.label), \(color)") { _ in
            HPDF_Page_SetRGBFill(page.handle, r, g, b)
        }
    }

    /// Draws `text` with its baseline starting at (x, y) in the current font, encoded for that font.
    ///
    /// - Throws: `TextEncodingError` for a character the font's encoding cannot take (unless `unencodable`
    ///   substitutes); `HaruError` `HPDF_PAGE_FONT_NOT_FOUND` when no font was set.
    package func show(_ text: String, x: Double, y: Double, unencodable: UnencodablePolicy = .fail) throws {
        let argument = { "\(self.page.label), text \"\(text.prefix(40))\" at (\(x), \(y))" }
        try ensureOpen("show text", argument())
        guard let font else {
            throw page.document.reject(
                code: 0x104E, operation: "show text", argument: argument(),
                hint: "call setFont(_:size:) before show.")
        }
        var bytes = try font.encode(text, unencodable: unencodable)
        bytes.append(0)
        try page.document.check("show text", argument() + ", font \(font.name)") { _ in
            bytes.withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) {
                    HPDF_Page_TextOut(page.handle, Float(x), Float(y), $0.baseAddress)
                }
            }
        }
    }

    /// The width of `text` in the current font and size, in points.
    package func width(of text: String, unencodable: UnencodablePolicy = .fail) throws -> Double {
        guard let font else {
            try ensureOpen("measure text", page.label)
            throw page.document.reject(
                code: 0x104E, operation: "measure text", argument: page.label,
                hint: "call setFont(_:size:) before measuring.")
        }
        return try font.width(of: text, size: fontSize, unencodable: unencodable)
    }

    private func ensureOpen(_ operation: String, _ argument: @autoclosure () -> String) throws {
        try page.document.ensureUsable(operation, argument())
        guard isOpen else {
            throw page.document.reject(
                code: 0x1051, operation: operation, argument: argument(),
                hint: "use the text scope only inside its text { } closure.")
        }
    }
}
