import CMSBridge
import Foundation

/// An RFC 3161 time-stamp for a signature value, which makes a PAdES B-B signature B-T: the request (SHA-256
/// imprint of the value, a random nonce, certReq) is POSTed to the authority, its reply is checked against the
/// request (status granted, same imprint and nonce) and its token becomes the signer's unsigned
/// signature-time-stamp attribute. All of it is OpenSSL's TS and HTTP code (CMSBridge).
struct Timestamp {
    /// The authority's `http://` URL.
    var authority: String
    /// Seconds to wait for the answer.
    var timeout: Int

    /// The TimeStampReq (DER) for `signatureValue` with `nonce`.
    /// - Throws: `RenderError.protection` with OpenSSL's reason.
    static func request(for signatureValue: [UInt8], nonce: UInt64) throws(RenderError) -> [UInt8] {
        var bytes: UnsafeMutablePointer<UInt8>?
        var count = 0
        var error: UnsafeMutablePointer<CChar>?
        let status = mkpdf_timestamp_request(signatureValue, signatureValue.count, nonce, &bytes, &count, &error)
        let reason = SigningIdentity.take(error)
        guard status == 0, let request = SigningIdentity.takeBytes(bytes, count) else {
            throw .protection(
                step: "build the time-stamp request", reason: reason ?? "OpenSSL gave no reason",
                fix: "report it as an mkpdf bug")
        }
        return request
    }

    /// `signedData` with a time-stamp token over `signatureValue` from the authority.
    /// - Throws: `RenderError.protection` naming the authority when it cannot be reached, refuses, or answers
    ///   another request.
    func stamp(_ signedData: [UInt8], signatureValue: [UInt8]) throws(RenderError) -> [UInt8] {
        let request = try Self.request(for: signatureValue, nonce: UInt64.random(in: 1...UInt64.max >> 1))
        var bytes: UnsafeMutablePointer<UInt8>?
        var count = 0
        var error: UnsafeMutablePointer<CChar>?
        var status = mkpdf_timestamp_exchange(
            authority, request, request.count, Int32(timeout), &bytes, &count, &error)
        var reason = SigningIdentity.take(error)
        guard status == 0, let response = SigningIdentity.takeBytes(bytes, count) else {
            throw .protection(
                step: "time-stamp the signature at \(authority)", reason: reason ?? "no answer",
                fix: "check the URL and the network, or sign without --tsa (PAdES B-B)")
        }
        status = mkpdf_timestamp_attach(
            signedData, signedData.count, request, request.count, response, response.count, &bytes, &count, &error)
        reason = SigningIdentity.take(error)
        guard status == 0, let stamped = SigningIdentity.takeBytes(bytes, count) else {
            throw .protection(
                step: "time-stamp the signature at \(authority)", reason: reason ?? "OpenSSL gave no reason",
                fix: "check that the URL is an RFC 3161 time-stamp authority")
        }
        return stamped
    }
}
