/// One token of a content stream, as the PDF lexical rules define them.
enum ContentToken: Equatable {
    /// An integer or real operand.
    case number(Double)
    /// A literal `( … )` or hex `< … >` string, as bytes.
    case string([UInt8])
    /// A name, without its slash, `#xx` escapes resolved.
    case name(String)
    /// `[`
    case arrayOpen
    /// `]`
    case arrayClose
    /// `<<`
    case dictionaryOpen
    /// `>>`
    case dictionaryClose
    /// An operator or other bare word (`Tj`, `true`, `null`).
    case keyword(String)
}

/// A content-stream syntax error at a byte offset, worded as qpdf words it.
struct ContentSyntaxError: Equatable {
    /// Offset in the (concatenated, decoded) content.
    var offset: Int
    /// What is wrong.
    var message: String
}
