/// A ToUnicode CMap: which byte codes a font's strings use and which Unicode text each code stands for.
///
/// Reads `begincodespacerange`, `beginbfchar` and `beginbfrange` (both the incrementing and the array form).
/// It also notes `begincidrange`, which has no place in a ToUnicode CMap and is what libHaru 2.3.0 writes
/// for its UTF-8 fonts.
struct ToUnicodeCMap {
    /// Code space ranges: byte length, low and high code.
    private(set) var codeSpaces: [(length: Int, low: UInt32, high: UInt32)] = []
    /// Code (with its byte length) → text.
    private(set) var mappings: [Code: String] = [:]
    /// Whether the CMap used `begincidrange`, the libHaru 2.3.0 defect.
    private(set) var hasCIDRange = false

    /// A character code and how many bytes it takes.
    struct Code: Hashable {
        var value: UInt32
        var length: Int
    }

    /// Whether the CMap maps anything at all.
    var isUsable: Bool { !mappings.isEmpty }

    init(_ bytes: [UInt8]) {
        var lexer = ContentLexer(bytes)
        var pending: [ContentToken] = []
        var section: String?
        /// Caps a hostile bfrange so one line cannot allocate millions of entries.
        let rangeLimit = 0x10000
        while let token = lexer.next() {
            if case .keyword(let word) = token {
                switch word {
                case "begincodespacerange", "beginbfchar", "beginbfrange":
                    section = word
                    pending.removeAll()
                case "begincidrange", "begincidchar":
                    hasCIDRange = true
                    section = nil
                case "endcodespacerange", "endbfchar", "endbfrange":
                    section = nil
                default: break
                }
                continue
            }
            guard let current = section else { continue }
            if token == .arrayOpen {
                var items: [[UInt8]] = []
                while let inner = lexer.next(), inner != .arrayClose {
                    if case .string(let value) = inner { items.append(value) }
                }
                pending.append(.string([]))
                arrays[pending.count - 1] = items
            } else {
                pending.append(token)
            }
            switch current {
            case "begincodespacerange" where pending.count == 2:
                if case .string(let low) = pending[0], case .string(let high) = pending[1], !low.isEmpty,
                    low.count == high.count, low.count <= 4
                {
                    codeSpaces.append((low.count, Self.value(low), Self.value(high)))
                }
                pending.removeAll()
            case "beginbfchar" where pending.count == 2:
                if case .string(let code) = pending[0], case .string(let text) = pending[1], !code.isEmpty,
                    code.count <= 4
                {
                    mappings[Code(value: Self.value(code), length: code.count)] = Self.utf16(text)
                }
                pending.removeAll()
                arrays.removeAll()
            case "beginbfrange" where pending.count == 3:
                if case .string(let low) = pending[0], case .string(let high) = pending[1], !low.isEmpty,
                    low.count <= 4, low.count == high.count
                {
                    let first = Self.value(low)
                    let last = Self.value(high)
                    if first <= last, last - first < rangeLimit {
                        if let items = arrays[2] {
                            for (offset, item) in items.enumerated() where first + UInt32(offset) <= last {
                                mappings[Code(value: first + UInt32(offset), length: low.count)] = Self.utf16(item)
                            }
                        } else if case .string(let start) = pending[2], !start.isEmpty {
                            for code in first...last {
                                var text = start
                                Self.increment(&text, by: code - first)
                                mappings[Code(value: code, length: low.count)] = Self.utf16(text)
                            }
                        }
                    }
                }
                pending.removeAll()
                arrays.removeAll()
            default: break
            }
        }
    }

    /// Arrays met in the current bfrange entry, by operand position.
    private var arrays: [Int: [[UInt8]]] = [:]

    /// Decodes a font string: code lengths come from the code space ranges, else `defaultLength`.
    func decode(_ bytes: [UInt8], defaultLength: Int) -> String {
        var text = ""
        var index = 0
        while index < bytes.count {
            let length = codeLength(bytes, at: index) ?? min(defaultLength, bytes.count - index)
            let code = Code(value: Self.value(Array(bytes[index..<index + length])), length: length)
            text += mappings[code] ?? "\u{FFFD}"
            index += length
        }
        return text
    }

    private func codeLength(_ bytes: [UInt8], at index: Int) -> Int? {
        for space in codeSpaces where index + space.length <= bytes.count {
            let value = Self.value(Array(bytes[index..<index + space.length]))
            if value >= space.low && value <= space.high { return space.length }
        }
        return nil
    }

    static func value(_ bytes: [UInt8]) -> UInt32 { bytes.reduce(0) { $0 << 8 | UInt32($1) } }

    /// UTF-16BE bytes to text; odd or broken input gives replacement characters, never a crash.
    static func utf16(_ bytes: [UInt8]) -> String {
        let units = stride(from: 0, to: bytes.count - 1, by: 2).map { UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1]) }
        return String(decoding: units, as: UTF16.self)
    }

    /// Adds `amount` to the last byte of a bfrange destination, carrying into the byte before it.
    private static func increment(_ bytes: inout [UInt8], by amount: UInt32) {
        var carry = amount
        var index = bytes.count - 1
        while carry > 0, index >= 0 {
            let sum = UInt32(bytes[index]) + carry
            bytes[index] = UInt8(truncatingIfNeeded: sum)
            carry = sum >> 8
            index -= 1
        }
    }
}
