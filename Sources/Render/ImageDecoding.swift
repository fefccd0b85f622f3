import DrawingModule
import Foundation
import JPEG
import PNG

extension Bitmap {
    /// A PNG or JPEG file's bytes decoded to RGBA as stored (a JPEG by libjpeg-turbo: gray stays gray, CMYK is
    /// converted); a JPEG's EXIF orientation is left to whoever places it.
    /// - Throws: `PNGError` or `JPEGError` naming `name`.
    public init(decodingImage data: Data, name: String) throws {
        if ImageFile.format(of: data) == .jpeg {
            let photo = try JPEGDecoder().decode(data, name: name)
            self.init(
                width: photo.width, height: photo.height, pixels: photo.rgba(), hasAlpha: false,
                isGray: photo.colorModel == .gray)
        } else {
            self = try PNGDecoder().decode(data, name: name)
        }
    }

    /// An image command's bytes decoded for either target, so a broken image fails with the same
    /// `RenderError.image` (naming the page and command) whether the drawing goes to PDF or to PNG.
    /// - Throws: `RenderError.image` with the decoder's reason.
    init(renderingImage data: Data, location: RenderLocation) throws(RenderError) {
        do {
            try self.init(decodingImage: data, name: "image at \(location)")
        } catch {
            throw .image(location: location, reason: "\(error)")
        }
    }

    /// The pixels turned upright by `orientation`: each shown pixel takes the stored pixel the orientation puts
    /// there, so a photo's EXIF tag becomes turned pixels (a PNG has no such tag).
    public func turned(_ orientation: ImageOrientation) -> Bitmap {
        guard orientation != .up else { return self }
        let (shownWidth, shownHeight) = orientation.swapsSides ? (height, width) : (width, height)
        var out = [UInt8](repeating: 0, count: pixels.count)
        for row in 0..<height {
            for column in 0..<width {
                let shown = orientation.displayed(
                    column: (Double(column) + 0.5) / Double(width), row: (Double(row) + 0.5) / Double(height))
                let x = Int(shown.x * Double(shownWidth))
                let y = Int(shown.y * Double(shownHeight))
                let from = (row * width + column) * 4
                let to = (y * shownWidth + x) * 4
                out[to..<to + 4] = pixels[from..<from + 4]
            }
        }
        return Bitmap(width: shownWidth, height: shownHeight, pixels: out, hasAlpha: hasAlpha, isGray: isGray)
    }
}
