import Digests
import Foundation

/// The SHA-256 the manifest records for every output, as the lowercase hex `sha256sum` prints.
///
/// The digest is OpenSSL's libcrypto (`Digests`), so `--resume` trusts a well-kept implementation, not our own.
public enum Checksum {
    /// The lowercase hex SHA-256 of `data`.
    public static func sha256(_ data: Data) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var hex = [UInt8]()
        hex.reserveCapacity(64)
        for byte in Digest.hash(.sha256, data: data) {
            hex.append(digits[Int(byte >> 4)])
            hex.append(digits[Int(byte & 0x0f)])
        }
        return String(decoding: hex, as: UTF8.self)
    }
}
