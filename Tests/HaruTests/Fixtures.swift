import Foundation
import Haru
import TestSupport

/// Shared strings and helpers for the Haru tests.
enum Fixture {
    /// Japanese text with the JIS/CP932 variant characters, a circled digit, an IBM-extension kanji and
    /// half-width katakana.
    static let japanese = "入場整理券〜①髙ｶﾀｶﾅ"
    /// The CP932 variant characters that must be mapped before Foundation's CP932 conversion.
    static let variants = "−‖¬—¢£"

    /// Writes `document` into `scratch` as `name` and asserts nothing else.
    static func save(_ document: PDFDocument, _ scratch: Scratch, _ name: String) throws -> URL {
        let file = scratch.file(name)
        try document.save(to: file)
        return file
    }

    /// pdftotext's output with whitespace and form feeds removed, for comparing strings exactly.
    static func text(_ file: URL, password: String? = nil) throws -> String {
        try Oracle.pdftotext(file, password: password).filter { !$0.isWhitespace && $0 != "\u{0C}" }
    }
}

/// A delegate that records every error and answers with a fixed decision.
final class RecordingDelegate: HaruErrorDelegate {
    var errors: [HaruError] = []
    let decision: HaruErrorDecision

    init(_ decision: HaruErrorDecision) {
        self.decision = decision
    }

    func document(_ document: PDFDocument, didFail error: HaruError) -> HaruErrorDecision {
        errors.append(error)
        return decision
    }
}
