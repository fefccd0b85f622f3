import ArgumentParser
import Batch
import Documents
import Support

/// `--encoding`, `--map` and `--map-file`: how data files are read, shared by `batch` and `report`.
struct DataInputOptions: ParsableArguments {
    /// The data's text encoding.
    @Option(
        name: .customLong("encoding"),
        help: ArgumentHelp(
            "Text encoding of the data: utf-8, utf-8-sig, cp932 (shift_jis, as Excel saves CSV), "
                + "euc-jp or utf-16 (default: detected — byte-order mark, then UTF-8, then CP932).",
            valueName: "name"))
    var encoding: String?

    /// Column renames.
    @Option(
        name: .customLong("map"),
        help: ArgumentHelp(
            "Rename a data column to a template field, e.g. --map 会員番号=member (repeatable).",
            valueName: "column=field"))
    var map: [String] = []

    /// Files of column renames.
    @Option(
        name: .customLong("map-file"),
        help: ArgumentHelp("A file of renames, one column=field a line (# comments).", valueName: "file"))
    var mapFiles: [String] = []

    /// The encoding given, or nil to detect.
    func inputEncoding() throws -> InputEncoding? {
        guard let encoding else { return nil }
        guard let known = InputEncoding(name: encoding) else {
            throw ValidationError("--encoding \(encoding): give one of \(InputEncoding.names)")
        }
        return known
    }

    /// The renames, column → field.
    func columnMap() throws -> [String: String] {
        try BatchInput.columnMap(map, files: mapFiles)
    }
}

/// `--number FIELD=PATTERN`: a field numbered from the record's position, the same in `ticket` and `batch`.
struct NumberingOptions: ParsableArguments {
    /// The numbered fields.
    @Option(
        name: .customLong("number"),
        help: ArgumentHelp(
            "Number a field the data lacks from the record's position, in the template language: index "
                + "(from 0), row (from 1), arithmetic and :06 (or | pad(6)) for a zero-padded width, e.g. "
                + "--number ticket='FN-{{index+1:06}}' gives FN-000001, FN-000002 and so on (repeatable).",
            valueName: "field=pattern"))
    var numbers: [String] = []

    /// The parsed sequences.
    func sequences() throws -> [NumberSequence] {
        var sequences: [NumberSequence] = []
        for number in numbers {
            let sequence = try NumberSequence(number)
            guard !sequences.contains(where: { $0.field == sequence.field }) else {
                throw ValidationError("--number \(sequence.field)=… is given twice")
            }
            sequences.append(sequence)
        }
        return sequences
    }
}
