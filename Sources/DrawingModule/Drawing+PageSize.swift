import Support

extension Drawing {
    /// The sides a page may have, in points: what a PDF page holds (libHaru's 3…14,400 pt), required of PNG pages
    /// too, so a page no PDF could hold is not written silently as a degenerate PNG either.
    public static let pageSides: ClosedRange<Double> = 3...14_400

    /// What is wrong with the page's size — a side not finite or outside `pageSides` — or nil when both renderers
    /// can draw it. The one check both renderers make before a page is started.
    public var pageSizeProblem: String? {
        let sides = [("width", size.width), ("height", size.height)]
        for (name, side) in sides where !(side.isFinite && Self.pageSides.contains(side)) {
            return "the page's \(name) is \(side.isFinite ? "\(ErrorText.points(side)) pt" : "not a finite number")"
        }
        return nil
    }
}
