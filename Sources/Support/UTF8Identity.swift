import Foundation

/// Texts told apart by their UTF-8 bytes, for cache keys looked up once per table cell or drawn text: hashing and
/// comparing Swift strings canonically (normalising Japanese text) costs many times more, and texts written with
/// different code points are different keys (they shape and measure differently).
extension Hasher {
    /// Feeds the UTF-8 bytes of `text`, nothing else: the same bytes fed in pieces hash as they do whole.
    package mutating func combine(utf8 text: String) {
        var text = text
        text.withUTF8 { combine(bytes: UnsafeRawBufferPointer($0)) }
    }
}

extension String {
    /// A 64-bit FNV-1a digest of the UTF-8 bytes, continuing `digest` (the FNV offset basis by default): a key
    /// that keeps one compares it before the texts, so a dictionary probing past other keys compares no bytes.
    package func utf8Digest(continuing digest: UInt64 = 0xcbf2_9ce4_8422_2325) -> UInt64 {
        var digest = digest
        var text = self
        text.withUTF8 { bytes in
            for byte in bytes {
                digest ^= UInt64(byte)
                digest &*= 0x100_0000_01b3
            }
        }
        return digest
    }

    /// True when `other` has the same UTF-8 bytes.
    package func hasSameUTF8(as other: String) -> Bool {
        guard utf8.count == other.utf8.count else { return false }
        var (one, other) = (self, other)
        return one.withUTF8 { one in
            other.withUTF8 { other in
                guard let left = one.baseAddress, let right = other.baseAddress else { return true }
                return memcmp(left, right, one.count) == 0
            }
        }
    }
}

/// A text as a set member or dictionary key told apart by its UTF-8 bytes (see the top of this file): for sets of
/// the texts of a table's cells, where hashing each Japanese text canonically costs more than the work it saves.
package struct UTF8Text: Hashable, Sendable {
    /// The text.
    package let text: String

    /// The key of `text`.
    package init(_ text: String) {
        self.text = text
    }

    /// Hashes the UTF-8 bytes.
    package func hash(into hasher: inout Hasher) {
        hasher.combine(utf8: text)
    }

    /// True when both have the same UTF-8 bytes.
    package static func == (lhs: UTF8Text, rhs: UTF8Text) -> Bool {
        lhs.text.hasSameUTF8(as: rhs.text)
    }
}
