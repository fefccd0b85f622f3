import Foundation
import PNG

extension Bitmap {
    /// An image command's PNG bytes, decoded for either target, so a broken image fails with the same
    /// `RenderError.image` (naming the page and command) whether the drawing goes to PDF or to PNG.
    /// - Throws: `RenderError.image` with the decoder's reason.
    init(renderingPNG png: Data, location: RenderLocation) throws(RenderError) {
        do {
            self = try PNGDecoder().decode(png, name: "image at \(location)")
        } catch {
            throw .image(location: location, reason: "\(error)")
        }
    }
}
