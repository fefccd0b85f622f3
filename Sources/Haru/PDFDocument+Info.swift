import CHaru
import Foundation

/// Which kinds of streams libHaru compresses with Flate.
package struct Compression: OptionSet, Sendable, Hashable {
    /// The libHaru `HPDF_COMP_*` bits.
    package let rawValue: UInt32
    /// Wraps libHaru's bits.
    package init(rawValue: UInt32) { self.rawValue = rawValue }

    /// Page content streams (text and graphics).
    package static let text = Compression(rawValue: UInt32(HPDF_COMP_TEXT))
    /// Image streams.
    package static let image = Compression(rawValue: UInt32(HPDF_COMP_IMAGE))
    /// Embedded font and other metadata streams.
    package static let metadata = Compression(rawValue: UInt32(HPDF_COMP_METADATA))
    /// Everything; a new document starts with this.
    package static let all: Compression = [.text, .image, .metadata]
}

/// The document information dictionary's fields; nil fields are left unset.
package struct DocumentInfo: Sendable, Equatable {
    /// The document's title.
    package var title: String?
    /// The person or organisation that wrote it.
    package var author: String?
    /// The program that made the original content.
    package var creator: String?
    /// The program that produced the PDF.
    package var producer: String?
    /// What the document is about.
    package var subject: String?
    /// Search keywords.
    package var keywords: String?
    /// When the document was created.
    package var creationDate: Date?
    /// When the document was last changed.
    package var modificationDate: Date?

    /// Creates info with any subset of fields.
    package init(
        title: String? = nil, author: String? = nil, creator: String? = nil, producer: String? = nil,
        subject: String? = nil, keywords: String? = nil, creationDate: Date? = nil,
        modificationDate: Date? = nil
    ) {
        self.title = title
        self.author = author
        self.creator = creator
        self.producer = producer
        self.subject = subject
        self.keywords = keywords
        self.creationDate = creationDate
        self.modificationDate = modificationDate
    }
}

/// What a reader may do with an encrypted PDF opened with the user password.
package struct Permissions: OptionSet, Sendable, Hashable {
    /// The libHaru `HPDF_ENABLE_*` bits.
    package let rawValue: UInt32
    /// Wraps libHaru's bits.
    package init(rawValue: UInt32) { self.rawValue = rawValue }

    /// Printing.
    package static let print = Permissions(rawValue: UInt32(HPDF_ENABLE_PRINT))
    /// Changing everything except annotations and form fields.
    package static let editAll = Permissions(rawValue: UInt32(HPDF_ENABLE_EDIT_ALL))
    /// Copying text and graphics.
    package static let copy = Permissions(rawValue: UInt32(HPDF_ENABLE_COPY))
    /// Adding or changing annotations and form fields.
    package static let edit = Permissions(rawValue: UInt32(HPDF_ENABLE_EDIT))
    /// Everything libHaru can grant.
    package static let all: Permissions = [.print, .editAll, .copy, .edit]
}

/// The standard security handler revision libHaru 2.3.0 offers (RC4 only).
package enum EncryptionMode: Sendable, Equatable {
    /// Revision 2: 40-bit RC4.
    case r2
    /// Revision 3: RC4 with a key of 5 to 16 bytes (40 to 128 bits).
    case r3(keyLength: Int)
}

extension PDFDocument {
    /// Chooses which streams are Flate-compressed; all are by default.
    package func setCompression(_ compression: Compression) throws {
        try check("set the compression mode", "mode 0x\(String(compression.rawValue, radix: 16))") {
            HPDF_SetCompressionMode($0, HPDF_UINT(compression.rawValue))
        }
    }

    /// Sets the information dictionary; text fields may hold any Unicode (written as UTF-16 when not ASCII).
    package func setInfo(_ info: DocumentInfo) throws {
        xmpInfo.merge(info)
        // Field by field, each operation a literal and its argument spelled only for an error (`setInfoText`): this
        // runs for every document, which sets its producer and most a title.
        if let title = info.title { try setInfoText(HPDF_INFO_TITLE, field: "title", "set the title", title) }
        if let author = info.author { try setInfoText(HPDF_INFO_AUTHOR, field: "author", "set the author", author) }
        if let creator = info.creator {
            try setInfoText(HPDF_INFO_CREATOR, field: "creator", "set the creator", creator)
        }
        if let producer = info.producer {
            try setInfoText(HPDF_INFO_PRODUCER, field: "producer", "set the producer", producer)
        }
        if let subject = info.subject {
            try setInfoText(HPDF_INFO_SUBJECT, field: "subject", "set the subject", subject)
        }
        if let keywords = info.keywords {
            try setInfoText(HPDF_INFO_KEYWORDS, field: "keywords", "set the keywords", keywords)
        }
        func setDate(_ type: HPDF_InfoType, _ field: String, _ value: Date?) throws {
            guard let value else { return }
            guard let date = PDFDocument.haruDate(value) else {
                throw reject(
                    code: 0x1022, operation: "set the \(field)", argument: "\(field) \(value)",
                    hint: "give a date in the years 1 to 9999, which a PDF date can hold.")
            }
            try check("set the \(field)", "\(field) \(value)") { HPDF_SetInfoDateAttr($0, type, date) }
        }
        try setDate(HPDF_INFO_CREATION_DATE, "creation date", info.creationDate)
        try setDate(HPDF_INFO_MOD_DATE, "modification date", info.modificationDate)
    }

    /// Encrypts the document when it is saved: the user password opens it with `permissions`, the owner password
    /// opens it fully.
    ///
    /// - Throws: `HPDF_ENCRYPT_INVALID_PASSWORD` when the owner password is empty or equals the user password;
    ///   `HPDF_INVALID_ENCRYPT_KEY_LEN` for an R3 key length outside 5…16.
    package func encrypt(
        ownerPassword: String, userPassword: String = "", permissions: Permissions = .all,
        mode: EncryptionMode = .r3(keyLength: 16)
    ) throws {
        try check("set the passwords", "owner and user password") {
            HPDF_SetPassword($0, ownerPassword, userPassword)
        }
        try check("set the permissions", "permissions 0x\(String(permissions.rawValue, radix: 16))") {
            HPDF_SetPermission($0, HPDF_UINT(permissions.rawValue))
        }
        switch mode {
        case .r2:
            try check("set the encryption mode", "R2") { HPDF_SetEncryptionMode($0, HPDF_ENCRYPT_R2, 5) }
        case let .r3(keyLength):
            guard (5...16).contains(keyLength) else {
                try ensureUsable("set the encryption mode", "R3 key length \(keyLength)")
                throw reject(
                    code: 0x102C, operation: "set the encryption mode",
                    argument: "R3 key length \(keyLength)")
            }
            try check("set the encryption mode", "R3 key length \(keyLength)") {
                HPDF_SetEncryptionMode($0, HPDF_ENCRYPT_R3, HPDF_UINT(keyLength))
            }
        }
    }

    /// Writes one text field: plain bytes for ASCII, else a UTF-16BE string with a byte-order mark, as PDF requires.
    ///
    /// The UTF-16 string is added to the information dictionary directly (after an ASCII placeholder makes libHaru
    /// create the entry), not through libHaru's UTF-8 encoder: that encoder's set-up costs more than a whole ticket.
    private func setInfoText(_ type: HPDF_InfoType, field: String, _ operation: String, _ value: String) throws {
        // Spelled only for an error.
        func argument() -> String { "\(field) \"\(value)\"" }
        guard !value.unicodeScalars.contains("\0") else {
            try ensureUsable(operation, argument())
            throw reject(
                code: 0x1039, operation: operation, argument: argument(), hint: "remove NUL characters from the text.")
        }
        if value.unicodeScalars.allSatisfy(\.isASCII) {
            try check(operation, argument()) { HPDF_SetInfoAttr($0, type, value) }
            return
        }
        try check(operation, argument()) { HPDF_SetInfoAttr($0, type, "?") }
        var bytes: [HPDF_BYTE] = [0xFE, 0xFF]
        for unit in value.utf16 { bytes += [HPDF_BYTE(unit >> 8), HPDF_BYTE(unit & 0xFF)] }
        try check(operation, argument()) { doc in
            guard let info = doc.pointee.info,
                let string = HPDF_Binary_New(doc.pointee.mmgr, &bytes, HPDF_UINT(bytes.count))
            else { return HPDF_STATUS(HPDF_FAILD_TO_ALLOC_MEM) }
            return HPDF_Dict_Add(info, Self.infoKey(type), UnsafeMutableRawPointer(string))
        }
    }

    /// The information dictionary's key for a text field.
    private static func infoKey(_ type: HPDF_InfoType) -> String {
        switch type {
        case HPDF_INFO_TITLE: "Title"
        case HPDF_INFO_AUTHOR: "Author"
        case HPDF_INFO_CREATOR: "Creator"
        case HPDF_INFO_PRODUCER: "Producer"
        case HPDF_INFO_SUBJECT: "Subject"
        default: "Keywords"
        }
    }

    /// Runs `body` with libHaru's current encoder set to UTF-8, restoring the previous one afterwards.
    func withUTF8Encoder<R>(operation: String, argument: String, _ body: () throws -> R) throws -> R {
        try enable(.utfEncodings)
        let previous = HPDF_GetCurrentEncoder(handle)
        try check(operation, argument) { HPDF_SetCurrentEncoder($0, "UTF-8") }
        defer { handle.pointee.cur_encoder = previous }
        return try body()
    }

    /// Turns on one of libHaru's optional font or encoding sets, once per document.
    func enable(_ set: OptionalSet) throws {
        guard !enabledSets.contains(set) else { return }
        switch set {
        case .japaneseFonts: try check("enable the Japanese fonts") { HPDF_UseJPFonts($0) }
        case .japaneseEncodings: try check("enable the Japanese encodings") { HPDF_UseJPEncodings($0) }
        case .utfEncodings: try check("enable the UTF-8 encoding") { HPDF_UseUTFEncodings($0) }
        }
        enabledSets.insert(set)
    }

    /// A date as libHaru's structure, in UTC ("Z"); nil outside the years 1–9999 a PDF date can hold.
    static func haruDate(_ date: Date) -> HPDF_Date? {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents([.era, .year, .month, .day, .hour, .minute, .second], from: date)
        guard parts.era == 1, let year = parts.year, (1...9999).contains(year) else { return nil }
        return HPDF_Date(
            year: HPDF_INT(year), month: HPDF_INT(parts.month ?? 1),
            day: HPDF_INT(parts.day ?? 1), hour: HPDF_INT(parts.hour ?? 0),
            minutes: HPDF_INT(parts.minute ?? 0), seconds: HPDF_INT(parts.second ?? 0),
            ind: CChar(UInt8(ascii: "Z")), off_hour: 0, off_minutes: 0)
    }
}
