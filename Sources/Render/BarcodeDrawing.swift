import Barcodes
import DrawingModule
import Fonts

extension Replayer {
    /// The barcode encoded and placed on the grid, or its error with the command's place.
    func barcodeLayout(
        _ barcode: Drawing.Command.Barcode,
        at location: RenderLocation
    ) throws(RenderError) -> BarcodeLayout {
        do {
            return try BarcodeLayout(barcode, pixelsPerPoint: gridPixelsPerPoint)
        } catch {
            throw .barcode(location: location, field: error.field, reason: error.reason)
        }
    }

    /// The human-readable text runs of a placed barcode as text commands in the barcode's font and dark colour,
    /// their baselines where libzint put them.
    func labelTexts(
        _ barcode: Drawing.Command.Barcode, _ layout: BarcodeLayout,
        at location: RenderLocation
    ) throws -> [Drawing.Command.Text] {
        guard !layout.labels.isEmpty else { return [] }
        let face: FontFace
        do {
            face = try fonts.face(named: barcode.options.font)
        } catch {
            throw RenderError.font(location: location, font: barcode.options.font, reason: error.description)
        }
        return layout.labels.map { label in
            Drawing.Command.Text(
                color: barcode.dark, string: label.text, font: barcode.options.font, size: label.size,
                origin: Point(x: label.x, y: label.baseline - face.ascent(size: label.size)),
                boxWidth: label.width, alignment: label.alignment, slot: barcode.slot)
        }
    }

    /// Draws a barcode: its light area, the dark rectangles (batched by the PDF target into one path), then the
    /// human-readable text as ordinary text commands in the drawing's fonts.
    func drawBarcode(
        _ barcode: Drawing.Command.Barcode, location: RenderLocation,
        into target: some RenderTarget
    ) throws {
        let layout = try barcodeLayout(barcode, at: location)
        if let light = barcode.light {
            try target.drawShape(
                .rect, in: layout.area, paint: .fill, lineWidth: 0, stroke: light, fill: light,
                location: location)
        }
        for bar in layout.bars where bar.width > 0 && bar.height > 0 {
            try target.drawShape(
                .rect, in: bar, paint: .fill, lineWidth: 0, stroke: barcode.dark, fill: barcode.dark,
                location: location)
        }
        for text in try labelTexts(barcode, layout, at: location) {
            try target.drawText(
                self.layout(for: text, at: location), color: text.color, font: text.font,
                location: location)
        }
    }

    /// Every barcode of `drawing` (page `page`) encoded and placed — so bad data fails before anything is
    /// drawn — and the text commands of their human-readable text, for font subsets.
    func barcodeTexts(
        in drawing: Drawing,
        page: Int
    ) throws -> [(text: Drawing.Command.Text, location: RenderLocation)] {
        var result: [(text: Drawing.Command.Text, location: RenderLocation)] = []
        guard Self.holds(.barcode, in: drawing.commands) else { return result }
        try Self.visit(drawing, page: page) { command, here in
            guard case .barcode(let barcode) = command else { return }
            let layout = try barcodeLayout(barcode, at: here)
            result += try labelTexts(barcode, layout, at: here).map { ($0, here) }
        }
        return result
    }
}
