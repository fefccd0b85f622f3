/// One entry of a CIDFont's `W` array: `first [w1 w2 …]` for consecutive codes, or `first last w` for a run of codes
/// sharing one width.
enum WidthEntry: Equatable {
    /// Codes `first`, `first + 1`, … with these widths.
    case list(first: UInt16, widths: [Int])
    /// Codes `first` through `last`, all `width` wide.
    case range(first: UInt16, last: UInt16, width: Int)

    /// A range costs three numbers, so only runs this long or longer become one.
    static let shortestRange = 4

    /// The entries for `widths` (sorted by code) in the fewest numbers this simple scheme finds: codes of width
    /// `defaultWidth` (the font's `DW`) left out, runs of `shortestRange` or more equal widths as ranges.
    static func entries(_ widths: [(code: UInt16, width: Int)], defaultWidth: Int) -> [WidthEntry] {
        var entries: [WidthEntry] = []
        let kept = widths.filter { $0.width != defaultWidth }
        // The list being gathered: widths of consecutive codes from `listFirst`, appended in place.
        var listFirst: UInt16 = 0
        var list: [Int] = []
        func endList() {
            guard !list.isEmpty else { return }
            entries.append(.list(first: listFirst, widths: list))
            list = []
        }
        var index = 0
        while index < kept.count {
            // The run of equal widths on consecutive codes starting here.
            var end = index + 1
            while end < kept.count, kept[end].width == kept[index].width,
                Int(kept[end].code) == Int(kept[end - 1].code) + 1
            { end += 1 }
            if end - index >= shortestRange {
                endList()
                entries.append(.range(first: kept[index].code, last: kept[end - 1].code, width: kept[index].width))
            } else {
                if list.isEmpty || Int(listFirst) + list.count != Int(kept[index].code) {
                    endList()
                    listFirst = kept[index].code
                }
                for position in index..<end { list.append(kept[position].width) }
            }
            index = end
        }
        endList()
        return entries
    }
}
