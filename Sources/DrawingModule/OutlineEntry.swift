extension Document {
    /// A bookmark in the PDF's outline: a title that jumps to a height on a page.
    ///
    /// Entries are a flat list in reading order; each nests under the nearest earlier entry of a lower level, as
    /// headings do (a level-2 entry after a level-1 one is its child). Raster output ignores them.
    public struct OutlineEntry: Codable, Hashable, Sendable {
        /// The title shown in the viewer's bookmark list; any Unicode.
        public var title: String
        /// 1 for the top level, 2 for entries under a level-1 entry, and so on.
        public var level: Int
        /// The page the bookmark jumps to, counting from 0.
        public var pageIndex: Int
        /// The height to scroll to, in points from the top of the page (the drawing's coordinates).
        public var top: Double

        /// Creates an entry; `top` 0 shows the page from its top edge.
        public init(title: String, level: Int = 1, pageIndex: Int, top: Double = 0) {
            self.title = title
            self.level = level
            self.pageIndex = pageIndex
            self.top = top
        }
    }

    /// For each outline entry, the index of the entry it nests under, or nil for a top-level entry: the nearest
    /// earlier entry of a lower level.
    public var outlineParents: [Int?] {
        var parents: [Int?] = []
        var open: [Int] = []
        for (index, entry) in outline.enumerated() {
            while let last = open.last, outline[last].level >= entry.level { open.removeLast() }
            parents.append(open.last)
            open.append(index)
        }
        return parents
    }

    /// The first outline entry no PDF could hold — a level below 1, an empty title, a page the document lacks, a
    /// height off the page — as its index, field and reason; nil when every entry is usable.
    public func firstOutlineProblem() -> (index: Int, field: String, reason: String)? {
        for (index, entry) in outline.enumerated() {
            if entry.title.isEmpty {
                return (index, "title", "an outline title is not empty")
            }
            if entry.level < 1 {
                return (index, "level", "an outline level is 1 or more, got \(entry.level)")
            }
            guard pages.indices.contains(entry.pageIndex) else {
                return (
                    index, "pageIndex",
                    "page index \(entry.pageIndex) is not a page of this document "
                        + "(\(pages.count) page\(pages.count == 1 ? "" : "s"), counted from 0)"
                )
            }
            let height = pages[entry.pageIndex].size.height
            guard entry.top.isFinite, entry.top >= 0, entry.top <= height else {
                return (index, "top", "top \(entry.top) pt is off page \(entry.pageIndex), which is \(height) pt high")
            }
        }
        return nil
    }
}
