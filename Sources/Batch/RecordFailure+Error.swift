import DrawingModule
import Fonts
import Records

extension RecordFailure {
    /// The failure of `record` from any error: its kind, the limit and field it knows as a `Problem`, and the
    /// character a `DataFailure` (a template's, the ticket rules', a renderer's) names.
    public init(_ error: any Error, record: BatchRecord) {
        let problem = error as? any Problem
        self.init(
            row: record.row, member: record.fields["member"], field: problem?.place.field, reason: "\(error)",
            limit: problem?.limitExceeded?.limit, kind: ProblemKind(of: error))
        group = record.group
        if let error = error as? RecordFailure {
            self = error
            group = group ?? record.group
        } else if let failure = error as? any DataFailure {
            character = failure.missingGlyph?.character
            codePoint = failure.missingGlyph?.codePoint
        }
    }
}
