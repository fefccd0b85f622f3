import Foundation

extension Oracle {
    /// What pyHanko's validator says about a PDF's first signature, trusting `trust` (PEM certificates).
    public struct SignatureVerdict: Sendable, Decodable {
        /// pyHanko's bottom line: intact, valid and trusted together.
        public var bottomLine: Bool
        /// The signed bytes hash to the signed digest.
        public var intact: Bool
        /// The signature over the signed attributes verifies with the certificate's key.
        public var valid: Bool
        /// The signer's certificate chains to a trust root.
        public var trusted: Bool
        /// pyHanko's coverage: `ENTIRE_FILE`, `ENTIRE_REVISION` or `CONTIGUOUS_BLOCK_FROM_START`.
        public var coverage: String
        /// The signature dictionary's /SubFilter.
        public var subFilter: String
        /// The CMS signed attributes by asn1crypto's names (`content_type`, `signing_certificate_v2` …).
        public var signedAttributes: [String]
        /// The time-stamp token's verdict (`valid and trusted`, …), or empty without one.
        public var timestamp: String
        /// The SHA-256 of the CMS signature value, hex (what a B-T time-stamp request's imprint holds).
        public var signatureValueSHA256: String
    }

    /// pyHanko's validation (`validate_pdf_signature`) of `file`'s first signature against `trust`.
    public static func pyhanko(_ file: URL, trust: [URL]) throws -> SignatureVerdict {
        let script = """
            import json, sys, hashlib
            from pyhanko.keys import load_cert_from_pemder
            from pyhanko.pdf_utils.reader import PdfFileReader
            from pyhanko.sign.validation import validate_pdf_signature
            from pyhanko_certvalidator import ValidationContext
            roots = [load_cert_from_pemder(p) for p in sys.argv[2:]]
            with open(sys.argv[1], 'rb') as f:
                signature = PdfFileReader(f).embedded_signatures[0]
                context = ValidationContext(trust_roots=roots, allow_fetching=False)
                status = validate_pdf_signature(signature, context, ts_validation_context=context)
                stamp = status.timestamp_validity
                info = signature.signer_info
                print(json.dumps({
                  'bottomLine': status.bottom_line, 'intact': status.intact, 'valid': status.valid, 'trusted': status.trusted,
                  'coverage': status.coverage.name, 'subFilter': str(signature.sig_object['/SubFilter']),
                  'signedAttributes': [a['type'].native for a in info['signed_attrs']],
                  'timestamp': '' if stamp is None else ('valid' if stamp.valid else 'invalid')
                                + (' and trusted' if stamp.trusted else ''),
                  'signatureValueSHA256': hashlib.sha256(info['signature'].native).hexdigest()}))
            """
        let result = try run("python3", ["-c", script, file.path] + trust.map(\.path))
        guard result.status == 0 else { throw PyHankoFailure(file: file.lastPathComponent, stderr: result.stderr) }
        return try JSONDecoder().decode(SignatureVerdict.self, from: Data(result.stdout.utf8))
    }

    /// pyHanko could not read or validate a file at all.
    public struct PyHankoFailure: Error, CustomStringConvertible {
        /// The file.
        public var file: String
        /// Python's error output.
        public var stderr: String
        /// The file and the last lines of the traceback.
        public var description: String { "pyHanko on \(file): \(stderr.suffix(800))" }
    }

    /// `pdfsig FILE`: poppler's report of every signature ("Signature Validation: Signature is Valid.").
    public static func pdfsig(_ file: URL) throws -> Result {
        try run("pdfsig", [file.path])
    }
}

/// A throw-away public-key infrastructure made with the `openssl` CLI in a scratch folder: a CA, a signer whose
/// name is Japanese (EC P-256 keys: made in milliseconds), its PKCS#12 file with a password, and a time-stamp authority with an `openssl ts -reply`
/// configuration.
public struct TestPKI: Sendable {
    /// The CA's certificate, the trust root for pyHanko.
    public var ca: URL
    /// The signer's key and certificate (chain with the CA), protected by `password`.
    public var p12: URL
    /// A file whose first line is the password.
    public var passwordFile: URL
    /// The `.p12` file's password.
    public var password: String
    /// The signer's common name.
    public var signerName: String
    /// The folder holding the TSA's certificate, key, serial file and `tsa.cnf`.
    public var folder: URL

    /// Makes the CA, signer and TSA in `scratch`.
    public init(in scratch: Scratch) throws {
        folder = scratch.url
        ca = scratch.file("ca.pem")
        p12 = scratch.file("signer.p12")
        passwordFile = scratch.file("signer.password")
        password = "署名〜secret"
        signerName = "髙橋 𠮷野 (mkpdf test)"
        let steps: [[String]] = [
            [
                "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-keyout", "ca.key",
                "-out", "ca.pem", "-days", "400",
                "-subj", "/CN=mkpdf test CA", "-addext", "basicConstraints=critical,CA:TRUE",
                "-addext", "keyUsage=critical,keyCertSign,cRLSign"
            ],
            [
                "req", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-keyout", "signer.key",
                "-out", "signer.csr", "-utf8",
                "-subj", "/CN=\(signerName)"
            ],
            [
                "x509", "-req", "-in", "signer.csr", "-CA", "ca.pem", "-CAkey", "ca.key", "-CAcreateserial",
                "-out", "signer.pem", "-days", "365", "-extfile", "signer.ext"
            ],
            [
                "pkcs12", "-export", "-inkey", "signer.key", "-in", "signer.pem", "-certfile", "ca.pem",
                "-out", "signer.p12", "-passout", "file:signer.password"
            ],
            [
                "req", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-keyout", "tsa.key", "-out",
                "tsa.csr", "-subj", "/CN=mkpdf test TSA"
            ],
            [
                "x509", "-req", "-in", "tsa.csr", "-CA", "ca.pem", "-CAkey", "ca.key", "-CAcreateserial",
                "-out", "tsa.pem", "-days", "365", "-extfile", "tsa.ext"
            ]
        ]
        try "\(password)\n".write(to: passwordFile, atomically: true, encoding: .utf8)
        try "basicConstraints=CA:FALSE\nkeyUsage=critical,digitalSignature,nonRepudiation\n"
            .write(to: scratch.file("signer.ext"), atomically: true, encoding: .utf8)
        try "basicConstraints=CA:FALSE\nkeyUsage=critical,digitalSignature\nextendedKeyUsage=critical,timeStamping\n"
            .write(to: scratch.file("tsa.ext"), atomically: true, encoding: .utf8)
        try "01\n".write(to: scratch.file("tsa.serial"), atomically: true, encoding: .utf8)
        let path = folder.path
        try """
        [ tsa ]
        default_tsa = mkpdf_test
        [ mkpdf_test ]
        serial = \(path)/tsa.serial
        crypto_device = builtin
        signer_cert = \(path)/tsa.pem
        certs = \(path)/ca.pem
        signer_key = \(path)/tsa.key
        signer_digest = sha256
        default_policy = 1.2.3.4.1
        digests = sha256
        accuracy = secs:1
        ordering = no
        tsa_name = yes
        ess_cert_id_chain = no
        ess_cert_id_alg = sha256

        """.write(to: scratch.file("tsa.cnf"), atomically: true, encoding: .utf8)
        for step in steps {
            let made = try Oracle.run("openssl", step, directory: folder)
            guard made.status == 0 else { throw OpenSSLFailure(step: step.joined(separator: " "), stderr: made.stderr) }
        }
    }

    /// An `openssl` step failed.
    public struct OpenSSLFailure: Error, CustomStringConvertible {
        /// The arguments.
        public var step: String
        /// openssl's error output.
        public var stderr: String
        /// Both.
        public var description: String { "openssl \(step): \(stderr)" }
    }
}

/// An RFC 3161 time-stamp authority on loopback for one request: Python's http.server saves the request and
/// answers with `openssl ts -reply` under the `TestPKI`'s TSA, so B-T signing is tested without the internet.
public final class LocalTimestampAuthority: @unchecked Sendable {
    /// The URL to give `--tsa`.
    public let url: String
    /// Where the request's bytes are saved once it came.
    public let request: URL
    /// Where the request's Content-Type is saved.
    public let contentType: URL
    private let process: Process

    /// Starts the server in `pki`'s folder and waits until it listens.
    public init(_ pki: TestPKI) throws {
        let folder = pki.folder
        request = folder.appendingPathComponent("request.tsq")
        contentType = folder.appendingPathComponent("content-type")
        let script = """
            import http.server, os, subprocess, sys
            folder = sys.argv[1]
            class Authority(http.server.BaseHTTPRequestHandler):
                def do_POST(self):
                    body = self.rfile.read(int(self.headers["Content-Length"]))
                    query = os.path.join(folder, "request.tsq")
                    with open(query, "wb") as f:
                        f.write(body)
                    with open(os.path.join(folder, "content-type"), "w") as f:
                        f.write(self.headers.get("Content-Type", ""))
                    reply = subprocess.run(["openssl", "ts", "-reply", "-config", os.path.join(folder, "tsa.cnf"),
                                            "-queryfile", query], capture_output=True).stdout
                    self.send_response(200)
                    self.send_header("Content-Type", "application/timestamp-reply")
                    self.send_header("Content-Length", str(len(reply)))
                    self.end_headers()
                    self.wfile.write(reply)
                def log_message(self, *args):
                    pass
            server = http.server.HTTPServer(("127.0.0.1", 0), Authority)
            print(server.server_address[1], flush=True)
            server.timeout = 60
            server.handle_request()
            """
        guard let python = Oracle.path(of: "python3") else { throw Oracle.MissingTool(tool: "python3") }
        process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = ["-c", script, folder.path]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        var line = Data()
        while !line.contains(0x0A) {
            let chunk = out.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            line.append(chunk)
        }
        let port = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        url = "http://127.0.0.1:\(port)/tsr"
    }

    /// Stops the server if it still waits.
    deinit {
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
    }
}
