import Foundation

extension Document {
    /// How a document is kept for years: the PDF/A level its PDF conforms to and the files it carries.
    ///
    /// Receipts and invoices are kept for years (電子帳簿保存法); PDF/A says the file shows the same way in decades,
    /// with nothing it depends on left outside it. A template sets it with `pdfa:` and `attach:`, a command with
    /// `--pdfa` and `--attach`, a library caller in `OutputOptions.archive`.
    public struct Archive: Codable, Hashable, Sendable {
        /// A PDF/A level: the "b" (basic, visual appearance) conformance of parts 1, 2 and 3, and the "a"
        /// (accessible) conformance of parts 2 and 3, which is "b" and a tagged PDF (structure tree, reading order,
        /// the text each glyph stands for).
        public enum Level: String, Codable, Hashable, Sendable, CaseIterable {
            /// PDF/A-1b (ISO 19005-1, PDF 1.4): no transparency, no attachments.
            case a1b = "1b"
            /// PDF/A-2b (ISO 19005-2, PDF 1.7): transparency allowed; no attachments here.
            case a2b = "2b"
            /// PDF/A-3b (ISO 19005-3): as 2b, and any file may be attached (e-invoice data beside its PDF).
            case a3b = "3b"
            /// PDF/A-2a: PDF/A-2b, tagged.
            case a2a = "2a"
            /// PDF/A-3a: PDF/A-3b, tagged.
            case a3a = "3a"

            /// The part number, 1 to 3.
            public var part: Int { Int(String(rawValue.prefix(1))) ?? 1 }

            /// The conformance letter the XMP states: `A` for the accessible levels, `B` for the basic ones.
            public var conformance: String { rawValue.hasSuffix("a") ? "A" : "B" }

            /// True for the accessible levels, whose PDF is tagged.
            public var isAccessible: Bool { conformance == "A" }

            /// True for part 3, the one that carries attached files of any kind.
            public var carriesAttachments: Bool { part == 3 }

            /// `PDF/A-1b` and so on, for messages.
            public var name: String { "PDF/A-\(rawValue)" }
        }

        /// A file carried inside the PDF (PDF/A-3b only), with how it relates to the document.
        public struct Attachment: Codable, Hashable, Sendable {
            /// How the file relates to the document (`/AFRelationship`).
            public enum Relationship: String, Codable, Hashable, Sendable, CaseIterable {
                /// The document was made from the file.
                case source = "Source"
                /// The file holds the document's data (the e-invoice case).
                case data = "Data"
                /// The file is another form of the same content.
                case alternative = "Alternative"
                /// The file adds to the document.
                case supplement = "Supplement"
                /// None of these, or unknown.
                case unspecified = "Unspecified"
            }

            /// The file name readers show.
            public var name: String
            /// The file's bytes.
            public var data: Data
            /// Its MIME type, e.g. `application/xml`.
            public var mimeType: String
            /// How it relates to the document.
            public var relationship: Relationship
            /// A description, or nil.
            public var description: String?

            /// Creates an attachment.
            public init(
                name: String, data: Data, mimeType: String, relationship: Relationship = .data,
                description: String? = nil
            ) {
                self.name = name
                self.data = data
                self.mimeType = mimeType
                self.relationship = relationship
                self.description = description
            }

            /// The MIME type a file name's extension suggests: XML, JSON, CSV, PDF, text; else
            /// `application/octet-stream`.
            public static func mimeType(forName name: String) -> String {
                switch URL(fileURLWithPath: name).pathExtension.lowercased() {
                case "xml": "application/xml"
                case "json": "application/json"
                case "csv": "text/csv"
                case "pdf": "application/pdf"
                case "txt": "text/plain"
                default: "application/octet-stream"
                }
            }
        }

        /// What the XMP metadata says about an e-invoice the PDF carries, for readers that find the invoice by it:
        /// Factur-X's `fx:` extension schema (document type, file name, version, conformance level).
        public struct InvoiceClaim: Codable, Hashable, Sendable {
            /// The attached XML's file name (`factur-x.xml`).
            public var fileName: String
            /// `INVOICE`.
            public var documentType: String
            /// The Factur-X XMP schema's version, `1.0`.
            public var version: String
            /// The profile the XML conforms to, `EN 16931`.
            public var conformanceLevel: String

            /// Creates a claim; the defaults are a Factur-X invoice of the EN 16931 profile.
            public init(
                fileName: String, documentType: String = "INVOICE", version: String = "1.0",
                conformanceLevel: String = "EN 16931"
            ) {
                self.fileName = fileName
                self.documentType = documentType
                self.version = version
                self.conformanceLevel = conformanceLevel
            }
        }

        /// The PDF/A level.
        public var level: Level
        /// The files to attach; only PDF/A-3b carries any.
        public var attachments: [Attachment]
        /// The e-invoice claim the XMP metadata makes, or nil.
        public var invoiceClaim: InvoiceClaim?

        /// Creates an archive request.
        public init(level: Level, attachments: [Attachment] = []) {
            self.level = level
            self.attachments = attachments
        }
    }
}
