import Documents
import DrawingModule
import EInvoice
import Fonts
import Foundation
import Render

/// The work for one record, shared by every task of a run: the record's fields made values (literals printed, key
/// fields present), the one `TicketJob` draws the page, and the Render module's one entry point makes each format;
/// written atomically, hashed. The run numbers each record once (`numbered(_:)`) before handing it here.
///
/// A value holding only immutable settings, so tasks on every core use one copy; a failure never throws, it becomes
/// the record's manifest entry with its row, member, field and character.
public struct RecordJob: Sendable {
    /// The template every record fills.
    public var template: Template
    /// The formats written per record.
    public var formats: [OutputFormat]
    /// The file name pattern.
    public var name: OutputName
    /// A pattern member and ticket numbers must match besides the template's `patterns:` (`--id-pattern`); nil
    /// leaves the rule to the template.
    public var rules: TicketRules?
    /// How every format is rendered (its `format` is set per format written): scale, font mode, fonts.
    public var output: OutputOptions
    /// The seconds one record's document may take, filled, laid out and rendered (`Limits.jobSeconds`); nil for no
    /// limit. Past it the record fails naming the limit and the run goes on.
    public var jobSeconds: Int?
    /// Fields made from each record's position (`--number ticket='FN-{{index+1:06}}'`) for data that lacks them.
    public var numbers: [NumberSequence] = []
    /// The e-invoice each record's PDF carries (`--einvoice`), written from the template's `einvoice:` mapping with
    /// the record's own values; nil for none.
    public var eInvoice: EInvoiceFormat?

    /// Creates the job.
    public init(
        template: Template, formats: [OutputFormat] = [.pdf], name: OutputName, rules: TicketRules? = nil,
        output: OutputOptions = OutputOptions()
    ) {
        self.template = template
        self.formats = formats
        self.name = name
        self.rules = rules
        self.output = output
        // One batch run, one template: the records' first pages begin alike, their fixed elements, labels and fonts
        // repeat. The run owns what they share.
        self.output.context = output.context ?? RenderContext()
    }

    /// The fields the manifest keeps for a record: member, ticket and those the file name uses.
    public func keyFields(of record: BatchRecord) -> [String: String] {
        var keys: [String: String] = [:]
        for field in ["member", "ticket"] + name.fields {
            if let value = record.fields[field] { keys[field] = value }
        }
        return keys
    }

    /// The output file names for `record` (one per format).
    /// - Throws: `RecordFailure` when the name pattern cannot be filled.
    public func fileNames(for record: BatchRecord) throws(RecordFailure) -> [String] {
        let base = try name.name(for: record)
        let names = formats.map { "\(base).\($0.rawValue)" }
        for name in names {
            if let problem = OutputFolder.reservedNameProblem(name) {
                throw RecordFailure(
                    row: record.row, member: record.fields["member"],
                    reason: "the output name \(name) is reserved: \(problem). Fix: change --name or "
                        + "the value")
            }
        }
        return names
    }

    /// `record` with the `--number` fields filled from its index and row (a field the record has is kept: the run
    /// refuses data that has a numbered field before it starts); the run calls it once per record.
    /// - Throws: `RecordFailure` when a pattern cannot be evaluated for this record.
    public func numbered(_ record: BatchRecord) throws(RecordFailure) -> BatchRecord {
        guard !numbers.isEmpty else { return record }
        var record = record
        for number in numbers where record.fields[number.field] == nil {
            do {
                record.fields[number.field] = try number.value(index: record.index, row: record.row)
            } catch {
                throw RecordFailure(
                    row: record.row, member: record.fields["member"], field: number.field, reason: error.description)
            }
        }
        return record
    }

    /// The ticket job every record goes through, checking barcodes on the grid they are rendered on.
    var job: TicketJob {
        var job = TicketJob(template: template, rules: rules, scale: output.scale, fonts: output.fonts)
        job.context = output.context
        job.eInvoice = eInvoice
        return job
    }

    /// The record's document: placeholders filled from its fields, lists and records from its `data` (fields and
    /// data the template does not declare are ignored), member and ticket numbers checked, every glyph checked
    /// against its font; one page for a positioned template, as many as the flow needs for a flowing one.
    /// With `setsLayout` false its text boxes and barcodes are left to the layout that renders it.
    /// - Throws: `RecordFailure` with the record's context.
    public func document(
        for record: BatchRecord, deadline: Deadline? = nil, setsLayout: Bool = true
    ) throws(RecordFailure) -> Document {
        var record = record
        if let problem = record.problem { throw problem }
        for (field, variation) in record.varying.sorted(by: { $0.key < $1.key })
        where template.placeholderNames.contains(field) {
            throw RecordFailure(
                row: variation.otherRow, member: record.fields["member"], field: field,
                reason: "\"\(field)\" differs inside one group: row \(variation.firstRow) has "
                    + "\"\(variation.firstValue)\", row \(variation.otherRow) has \"\(variation.otherValue)\", and the "
                    + "template shows one \(field) per document. Fix: correct the data, or read it per row from rows")
        }
        for (field, literal) in record.literals.sorted(by: { $0.key < $1.key })
        where template.placeholderNames.contains(field) {
            guard let printed = template.literals[literal] else {
                throw RecordFailure(
                    row: record.row, member: record.fields["member"], field: field,
                    reason: "the value of \"\(field)\" is \(literal), and the template does not say "
                        + "how to print \(literal). Fix: give the text as a string, or add "
                        + "literals: {\"\(literal)\": …} to the template")
            }
            record.fields[field] = printed
        }
        do {
            // A ticket without a member is nobody's; a missing ticket number prints the template's default, which
            // the run states once (`BatchRunner`).
            for field in ["member"] where template.placeholderNames.contains(field) {
                guard record.fields[field] != nil else {
                    throw RecordFailure(
                        row: record.row, member: record.fields["member"], field: field,
                        reason: "the field \"\(field)\" is missing (the template's default would "
                            + "be printed instead). Fix: add a \(field) column or key to the data")
                }
            }
            return try job.document(
                values: record.fields.filter { template.placeholderNames.contains($0.key) },
                data: record.data.filter { template.data[$0.key] != nil }, deadline: deadline,
                setsLayout: setsLayout)
        } catch {
            throw RecordFailure(error, record: record)
        }
    }

    /// The record's one page, for imposition: `document(for:)` when it has one page.
    /// - Throws: `RecordFailure`, also for a document of several pages.
    public func drawing(for record: BatchRecord) throws(RecordFailure) -> Drawing {
        let document = try document(for: record)
        guard document.pages.count == 1, let page = document.pages.first else {
            throw RecordFailure(
                row: record.row, member: record.fields["member"],
                reason: "the document has \(document.pages.count) pages, and imposition places one-page documents. "
                    + "Fix: impose a one-page template, or run without --impose")
        }
        return page
    }

    /// One rendered file of a record: its name (a page number added for a PNG page of a longer document), the pages
    /// it holds and its bytes.
    public struct RenderedFile: Sendable {
        /// The file name, relative to the output folder.
        public var name: String
        /// The pages the file holds: the document's for a PDF, 1 for a PNG page.
        public var pages: Int
        /// The file's bytes.
        public var data: Data
    }

    /// Renders every format of `record` under `names` (from `fileNames(for:)`), in memory.
    /// - Throws: `RecordFailure` for data the template cannot show or a document the renderer refuses.
    public func files(for record: BatchRecord, names: [String]) throws(RecordFailure) -> [RenderedFile] {
        let deadline = jobSeconds.map { Deadline(seconds: $0) }
        let document = try document(for: record, deadline: deadline, setsLayout: false)
        var rendered: [RenderedFile] = []
        for (format, name) in zip(formats, names) {
            var options = output
            options.format = format
            options.deadline = deadline
            do {
                let files = try template.render(document, options: options)
                let pages = files.files.count == 1 ? document.pages.count : 1
                for (file, data) in zip(files.fileNames(for: name), files.files) {
                    rendered.append(RenderedFile(name: file, pages: pages, data: data))
                }
            } catch {
                throw RecordFailure(error, record: record)
            }
        }
        return rendered
    }

    /// The manifest entry of `record` rendered as `files`: every output with its size and SHA-256.
    public func entry(for record: BatchRecord, files: [RenderedFile]) -> ManifestEntry {
        let outputs = files.map {
            ManifestEntry.Output(path: $0.name, pages: $0.pages, bytes: $0.data.count, sha256: Checksum.sha256($0.data))
        }
        return ManifestEntry(
            index: record.index, row: record.row, status: .ok, fields: keyFields(of: record), outputs: outputs)
    }

    /// Renders and writes every format of `record` into `folder` under `names` and returns its manifest entry.
    public func run(_ record: BatchRecord, names: [String], in folder: OutputFolder) -> ManifestEntry {
        do throws(RecordFailure) {
            let rendered = try files(for: record, names: names)
            do {
                try folder.write(rendered.map { ($0.name, $0.data) })
            } catch {
                throw RecordFailure(row: record.row, member: record.fields["member"], reason: error.description)
            }
            return entry(for: record, files: rendered)
        } catch {
            return ManifestEntry(
                index: record.index, row: record.row, status: .failed, fields: keyFields(of: record), failure: error)
        }
    }
}
