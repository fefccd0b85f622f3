import DrawingModule
import Fonts

extension FontRegistry {
    /// The logical font name that sets `family` in `weight`: the family itself for regular, its `-bold` entry of
    /// Fonts/fonts.json for bold (`sans` → `sans-bold`).
    ///
    /// The one place a weight becomes a face, so a family table with explicit weights plugs in here.
    /// - Throws: `FontError` when the family has no face of that weight; bold is never faked by stroking.
    public func fontName(family: String, weight: FontWeight) throws(FontError) -> String {
        switch weight {
        case .regular:
            return family
        case .bold:
            let bold = family + "-bold"
            _ = try location(of: bold)
            return bold
        }
    }
}
