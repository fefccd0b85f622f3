import Foundation
import HTTPTypes
import Hummingbird

#if canImport(Glibc)
    import Glibc
#endif

/// The checks that tell a client of the service from another site's page acting through a user's browser.
///
/// - DNS rebinding: a page on `attacker.example` whose name is made to point at 127.0.0.1 talks to the service as
///   same-origin, but its requests say `Host: attacker.example`. Only IP literals, `localhost`, the listen host and
///   `allowedHosts` are served (421 otherwise), on every route, since a rebound page could read `GET` answers too.
/// - CSRF: a form or a `text/plain` / body-only `fetch` from another origin is a CORS "simple" request that the
///   browser sends without asking. Requests that change state or render carry an `Origin`, which must be the
///   service's own (`http(s)://` + `Host`) or in `allowedOrigins` (403 otherwise), and their body's media type must be
///   one the route declares (`mediaType(of:accepting:)`, 415 otherwise), none of which a form can send.
struct RequestGuard: Sendable {
    /// Names served besides IP literals and `localhost` (lowercased, no port).
    let allowedHosts: Set<String>
    /// Origins allowed besides the service's own (lowercased).
    let allowedOrigins: Set<String>

    /// Throws unless `request` names an allowed host and, when it may change state or render, comes from an
    /// allowed origin.
    func check(_ request: Request) throws(ServiceProblem) {
        guard let authority = request.head.authority, !authority.isEmpty else {
            throw ServiceProblem(.misdirected, detail: "the request has no Host header. Fix: send Host (HTTP/1.1)")
        }
        let host = Self.hostName(in: authority)
        guard Self.isIPLiteral(host) || host == "localhost" || allowedHosts.contains(host) else {
            throw ServiceProblem(
                .misdirected,
                detail: "Host: \(String(authority.prefix(100))) is not a name this service answers to. Fix: use its "
                    + "address, or start the server with --allow-host NAME")
        }
        guard request.method != .get, request.method != .head, request.method != .options else { return }
        let origin = request.headers[.origin]?.lowercased()
        if let origin, allowedOrigins.contains(origin) { return }
        if let origin, origin != "http://" + authority.lowercased(), origin != "https://" + authority.lowercased() {
            throw ServiceProblem(
                .crossOrigin,
                detail: "a page from \(String(origin.prefix(100))) may not send this request. Fix: use the service's "
                    + "own editor, or start the server with --allow-origin ORIGIN")
        }
        if origin == nil, let site = request.headers[.secFetchSite]?.lowercased(), site != "same-origin",
            site != "none"
        {
            throw ServiceProblem(
                .crossOrigin, detail: "a \(site) page may not send this request. Fix: use the service's own editor")
        }
    }

    /// The media type of `request`'s body (lowercased, parameters dropped), when it is one of `accepted`.
    /// - Throws: `ServiceProblem` `.unsupportedMediaType` for a missing type or one not accepted.
    static func mediaType(of request: Request, accepting accepted: [String]) throws(ServiceProblem) -> String {
        let given = request.headers[.contentType] ?? ""
        let type = given.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        guard accepted.contains(type) else {
            throw ServiceProblem(
                .unsupportedMediaType,
                detail: (type.isEmpty ? "the request has no Content-Type" : "Content-Type: \(String(type.prefix(100)))")
                    + " is not taken here. Fix: send the body as " + accepted.joined(separator: ", "))
        }
        return type
    }

    /// The media types of a render's data: JSON, or YAML.
    static let dataTypes = ["application/json", "application/yaml", "application/x-yaml", "text/yaml"]
    /// The media types of a template's YAML.
    static let templateTypes = ["application/yaml", "application/x-yaml", "text/yaml"]
    /// The media types of a batch's records: JSONL, CSV, or a JSON/YAML list.
    static let recordTypes = [
        "application/x-ndjson", "application/jsonl", "application/json-seq", "application/json", "text/csv",
        "application/yaml", "application/x-yaml", "text/yaml"
    ]

    /// The host of an authority (`name:port`, `[v6]:port`), lowercased, without a trailing dot.
    static func hostName(in authority: String) -> String {
        var host = Substring(authority.lowercased())
        if host.hasPrefix("[") {
            host = host.dropFirst().prefix { $0 != "]" }
        } else if let colon = host.lastIndex(of: ":"), host.firstIndex(of: ":") == colon {
            host = host[..<colon]
        }
        while host.hasSuffix(".") { host = host.dropLast() }
        return String(host)
    }

    /// True for an IPv4 or IPv6 address: a rebound name never is one.
    static func isIPLiteral(_ host: String) -> Bool {
        var v4 = in_addr()
        var v6 = in6_addr()
        return inet_pton(AF_INET, host, &v4) == 1 || inet_pton(AF_INET6, host, &v6) == 1
    }
}

extension HTTPField.Name {
    /// Which site a browser says the request came from (`same-origin`, `same-site`, `cross-site`, `none`).
    static let secFetchSite = HTTPField.Name("Sec-Fetch-Site")!
    /// The editor's save token.
    static let editorToken = HTTPField.Name("MKPDF-Editor-Token")!
}
