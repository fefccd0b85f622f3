/// Names a palette slot by its index or, better, by its role name (`"main"`).
///
/// Both literal forms work, so a call reads either way: `drawLine("lineStrong", width: 3, …)` or `drawLine(5, …)`.
public enum SlotRef: Hashable, Sendable, ExpressibleByIntegerLiteral, ExpressibleByStringLiteral {
    /// The slot at this position, counting from 0 in the order slots were added.
    case index(Int)
    /// The slot registered under this role name.
    case role(String)

    /// Makes `5` a slot reference.
    public init(integerLiteral value: Int) { self = .index(value) }
    /// Makes `"main"` a slot reference.
    public init(stringLiteral value: String) { self = .role(value) }
}

extension SlotRef: CustomStringConvertible {
    /// `slot 5` or `slot "main"`, as error messages show it.
    public var description: String {
        switch self {
        case .index(let index): "slot \(index)"
        case .role(let role): "slot \"\(role)\""
        }
    }
}

extension SlotRef: Codable {
    /// Reads a JSON number as an index and a string as a role.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let index = try? container.decode(Int.self) {
            self = .index(index)
        } else {
            self = .role(try container.decode(String.self))
        }
    }

    /// Writes an index as a number and a role as a string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .index(let index): try container.encode(index)
        case .role(let role): try container.encode(role)
        }
    }
}
