import Yams

extension Node.Mapping {
    /// The mapping's pairs in order, each read where it lies when the loop reaches it.
    ///
    /// Iterating the mapping itself (`for (key, value) in mapping`) first copies every pair into a new array, and
    /// copying a node copies its weak reference to an anchor through the runtime.
    package var pairsInPlace: LazyMapCollection<Range<Int>, (key: Node, value: Node)> {
        (startIndex..<endIndex).lazy.map { self[$0] }
    }
}

extension Node {
    /// Where the node starts in its file, read from the node in place (Yams' `mark` copies the node first).
    package var startMark: Mark? {
        switch self {
        case .scalar(let scalar): scalar.mark
        case .mapping(let mapping): mapping.mark
        case .sequence(let sequence): sequence.mark
        case .alias(let alias): alias.mark
        }
    }

    /// The node as an error quotes it: a scalar's text in quotes, else what it is (`a mapping`, `a list`,
    /// `an alias`).
    package var described: String {
        switch self {
        case .scalar(let scalar): "\"\(scalar.string)\""
        case .mapping: "a mapping"
        case .sequence: "a list"
        case .alias: "an alias"
        }
    }
}
