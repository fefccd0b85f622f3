/// What a document does after an error, as decided by its delegate.
///
/// libHaru's errors stick to the document until reset; the decision says whether to reset and carry on or to
/// stop using the document altogether.
package enum HaruErrorDecision: Sendable, Equatable {
    /// Reset the error (`HPDF_ResetError`) so later calls on the document work; the failed call still throws.
    case `continue`
    /// Mark the document aborted: the failed call throws and every later call throws `DOCUMENT_ABORTED`
    /// without touching libHaru.
    case abort
}

/// Told of every error a `PDFDocument` throws, before it is thrown, and decides how the document goes on.
///
/// A place to log, alert, or stop a batch. Without a delegate
/// a document continues (resets the error) and throws.
package protocol HaruErrorDelegate: AnyObject {
    /// Called once per error, after the failing libHaru call has returned; the answer decides the document's fate.
    func document(_ document: PDFDocument, didFail error: HaruError) -> HaruErrorDecision
}
