import CMSBridge
import Foundation

/// A SHA-1 or SHA-256 digest computed by the libcrypto mkpdf already links for its signatures, so that no second
/// crypto library is compiled into every binary for the few digests the house needs: the trailer's `/ID` and a font
/// program's identity (SHA-1), a signature's message digest and a batch manifest's checksums (SHA-256).
///
/// Non-copyable: the libcrypto context has exactly one owner, freed once when the digest is finalized or dropped.
package struct Digest: ~Copyable {
    /// The digests the house computes.
    package enum Algorithm: Sendable {
        /// SHA-1 (20 bytes): identities, not security (the PDF `/ID`, a font program's key).
        case sha1
        /// SHA-256 (32 bytes): signatures and checksums.
        case sha256
    }

    private let context: OpaquePointer

    /// A new, empty digest of `algorithm`.
    package init(_ algorithm: Algorithm) {
        let kind = algorithm == .sha1 ? MKPDF_DIGEST_SHA1 : MKPDF_DIGEST_SHA256
        guard let context = mkpdf_digest_new(kind) else {
            fatalError("libcrypto could not allocate a digest context (out of memory)")
        }
        self.context = context
    }

    deinit { mkpdf_digest_free(context) }

    /// Adds `bytes` to the digest.
    package mutating func update(bufferPointer bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        mkpdf_digest_update(context, base, bytes.count)
    }

    /// Adds `data` to the digest.
    package mutating func update(data: some DataProtocol) {
        for region in data.regions {
            region.withUnsafeBytes { update(bufferPointer: $0) }
        }
    }

    /// The digest of everything added; the context is freed.
    package consuming func finalize() -> [UInt8] {
        var out = [UInt8](repeating: 0, count: 32)
        let length = out.withUnsafeMutableBufferPointer { mkpdf_digest_final(context, $0.baseAddress) }
        return Array(out.prefix(length))
    }

    /// The digest of `data` in one call.
    package static func hash(_ algorithm: Algorithm, data: some DataProtocol) -> [UInt8] {
        var digest = Digest(algorithm)
        digest.update(data: data)
        return digest.finalize()
    }
}
