import CMSBridge
import Foundation

/// A private key and its certificate chain, read once from a PKCS#12 (`.p12`, `.pfx`) file and used for every
/// document a run signs: a batch of a thousand tickets opens the file, and runs its password's key derivation, once.
///
/// The key lives in OpenSSL (Debian's libcrypto) behind the CMSBridge C module; this object is its one owner and
/// frees it once, on `deinit`. OpenSSL 3 signs with one key from several threads at once, so batch workers share it.
public final class SigningIdentity: @unchecked Sendable {
    /// The OpenSSL identity; read-only after `init`.
    private let handle: OpaquePointer
    /// The certificate's subject common name, written as the signature's `/Name`.
    public let name: String
    /// The first moment the certificate is valid (its notBefore).
    public let validFrom: Date
    /// The last moment the certificate is valid (its notAfter).
    public let validUntil: Date
    /// The DER size of a signature by this key without a time-stamp, measured once, so the `/Contents` placeholder
    /// can be reserved before the bytes it covers exist.
    let signatureLength: Int

    /// Opens a PKCS#12 file's bytes with its password; `source` (a path) names it in errors.
    /// - Throws: `RenderError.protection` saying whether the bytes are not PKCS#12, the password does not open them,
    ///   they hold no key, or the key does not match the certificate; never the password.
    public init(pkcs12: Data, password: String, source: String) throws(RenderError) {
        var status = MKPDF_SIGNER_OK
        var error: UnsafeMutablePointer<CChar>?
        let opened = pkcs12.withUnsafeBytes { bytes in
            mkpdf_signer_open(
                bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), bytes.count, password, &status, &error)
        }
        let detail = Self.take(error)
        guard let opened else {
            throw .protection(
                step: "open the signing key \(source)", reason: Self.reason(status, detail), fix: Self.fix(status))
        }
        var notBefore: Int64 = 0
        var notAfter: Int64 = 0
        guard mkpdf_signer_validity(opened, &notBefore, &notAfter) == 0 else {
            mkpdf_signer_free(opened)
            throw .protection(
                step: "open the signing key \(source)", reason: "its certificate's validity dates cannot be read",
                fix: "re-issue the certificate with valid notBefore and notAfter dates")
        }
        handle = opened
        validFrom = Date(timeIntervalSince1970: TimeInterval(notBefore))
        validUntil = Date(timeIntervalSince1970: TimeInterval(notAfter))
        name = Self.take(mkpdf_signer_name(opened)) ?? ""
        let probe = try Self.sign(handle, digest: [UInt8](repeating: 0, count: 32))
        signatureLength = probe.der.count
    }

    deinit { mkpdf_signer_free(handle) }

    /// Why the certificate cannot sign at `date` — expired, or not valid yet — or nil when it is valid then.
    public func validityProblem(at date: Date) -> String? {
        if date > validUntil {
            return "the certificate of \"\(name)\" expired on \(Self.day(validUntil))"
        }
        if date < validFrom {
            return "the certificate of \"\(name)\" is not valid before \(Self.day(validFrom))"
        }
        return nil
    }

    /// The whole days from `date` until the certificate expires when that is `within` days or fewer (and it has
    /// not expired yet), else nil: when a run should warn that signing will soon stop.
    public func daysUntilExpiry(from date: Date, within days: Int = 30) -> Int? {
        let left = validUntil.timeIntervalSince(date)
        guard left >= 0, left <= Double(days) * 86_400 else { return nil }
        return Int(left / 86_400)
    }

    /// `2026-12-07 UTC`: a certificate date as a message shows it.
    public static func day(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle(timeZone: TimeZone(identifier: "UTC")!).year().month().day()) + " UTC"
    }

    /// A detached CAdES SignedData over content whose SHA-256 digest is `digest`, and the signature value in it.
    /// - Throws: `RenderError.protection` with OpenSSL's reason.
    func sign(digest: [UInt8]) throws(RenderError) -> (der: [UInt8], value: [UInt8]) {
        try Self.sign(handle, digest: digest)
    }

    private static func sign(_ handle: OpaquePointer, digest: [UInt8]) throws(RenderError) -> (
        der: [UInt8], value: [UInt8]
    ) {
        var der: UnsafeMutablePointer<UInt8>?
        var derLength = 0
        var value: UnsafeMutablePointer<UInt8>?
        var valueLength = 0
        var error: UnsafeMutablePointer<CChar>?
        let status = mkpdf_signer_sign(handle, digest, digest.count, &der, &derLength, &value, &valueLength, &error)
        let reason = take(error)
        guard status == 0, let signed = takeBytes(der, derLength), let signature = takeBytes(value, valueLength) else {
            throw .protection(
                step: "sign the PDF", reason: reason ?? "OpenSSL gave no reason",
                fix: "check that the key is an RSA or EC key OpenSSL can sign with")
        }
        return (signed, signature)
    }

    /// A malloc'ed C string as Swift text, freed.
    static func take(_ text: UnsafeMutablePointer<CChar>?) -> String? {
        guard let text else { return nil }
        defer { free(text) }
        return String(cString: text)
    }

    /// A malloc'ed buffer as bytes, freed.
    static func takeBytes(_ bytes: UnsafeMutablePointer<UInt8>?, _ count: Int) -> [UInt8]? {
        guard let bytes else { return nil }
        defer { free(bytes) }
        return Array(UnsafeBufferPointer(start: bytes, count: count))
    }

    private static func reason(_ status: mkpdf_signer_status, _ detail: String?) -> String {
        switch status {
        case MKPDF_SIGNER_NOT_PKCS12: "it is not a PKCS#12 (.p12/.pfx) file"
        case MKPDF_SIGNER_BAD_PASSWORD: "the password does not open it"
        case MKPDF_SIGNER_NO_KEY: "it holds no private key with its certificate"
        case MKPDF_SIGNER_KEY_MISMATCH: "its private key does not belong to its certificate"
        default: "it cannot be decrypted" + (detail.map { " (\($0))" } ?? "")
        }
    }

    private static func fix(_ status: mkpdf_signer_status) -> String {
        switch status {
        case MKPDF_SIGNER_NOT_PKCS12:
            "give a PKCS#12 file: openssl pkcs12 -export -inkey KEY.pem -in CERT.pem -certfile CA.pem -out KEY.p12"
        case MKPDF_SIGNER_BAD_PASSWORD:
            "give the file's password (--sign-password-file or --sign-password-env)"
        case MKPDF_SIGNER_NO_KEY, MKPDF_SIGNER_KEY_MISMATCH:
            "export the signer's private key together with its certificate (openssl pkcs12 -export -inkey … -in …)"
        default:
            "re-export it with OpenSSL 3's default AES-256 encryption (openssl pkcs12 -export without -legacy)"
        }
    }
}
