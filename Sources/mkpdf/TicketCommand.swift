import ArgumentParser
import Documents
import DrawingModule
import Fonts
import Foundation
import Render

/// `mkpdf ticket`: the admission ticket 入場整理券 for one member, from `Templates/ticket.yaml`, as PDF or PNG.
///
/// The first command a user runs. A thin face: it checks the numbers, fills the template, checks glyph coverage and
/// renders; everything is checked before the output is written (atomically), so a refused input leaves no file.
struct TicketCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ticket",
        abstract: "Write a member's admission ticket with its QR code (入場整理券).",
        usage: "mkpdf ticket --member <member> [<options>]",
        discussion: """
            The ticket comes from Templates/ticket.yaml (or --template). Its \
            placeholders are member, ticket, date, title, venue, issuer and email, \
            each with a default in the template. The QR code carries TICKET/MEMBER, \
            e.g. FN-579-413/GCG-40167. Member and ticket numbers must match \
            --id-pattern. Without -o the file is ticket-MEMBER.pdf in the current \
            folder. The format follows the extension of -o (or --format). The path \
            written is printed.

            \(HelpText.resolution)

            Examples:
              mkpdf ticket --member GCG-40167
              mkpdf ticket --member GCG-40167 --ticket FN-579-413 -o ticket.pdf
              mkpdf ticket --member GCG-40167 --date 2014年12月20日
              mkpdf ticket --member GCG-40167 -o ticket.png --scale 3
              mkpdf ticket --member GCG-40167 --set venue=東京ドーム
              mkpdf ticket --member GCG-40167 --font-mode cid -o small.pdf
            """
    )

    /// The member number, printed on the ticket, encoded in the QR code and used for the default file name.
    @Option(help: "Member number, e.g. GCG-40167 (letters, digits, '-').")
    var member: String

    /// The ticket number; the template's default when absent.
    @Option(help: "Ticket number (default: the template's, FN-579-413).")
    var ticket: String?

    /// The event date as printed.
    @Option(help: "Date as printed (default: the template's, 2014年12月20日).")
    var date: String?

    /// Any other placeholder values.
    @Option(
        name: .customLong("set"),
        help: ArgumentHelp(
            "Fill a placeholder: --set venue=… (repeatable).",
            valueName: "key=value"))
    var assignments: [String] = []

    /// Where the ticket goes.
    @Option(
        name: .shortAndLong,
        help: "Output file, .pdf or .png, or - for standard output (default: ticket-MEMBER.pdf in this folder).")
    var output: String?

    /// The format when the extension does not say.
    @Option(help: "pdf or png (default: from the extension of -o, else pdf).")
    var format: OutputFormat?

    /// Scale, resolution and font mode.
    @OptionGroup var rendering: OutputArguments

    /// Another ticket template.
    @Option(help: "Template file (default: Templates/ticket.yaml).")
    var template: String?

    /// A pattern member and ticket numbers must also match, besides the template's `patterns:`.
    @Option(
        name: .customLong("id-pattern"),
        help: ArgumentHelp(
            "Regular expression member and ticket numbers must also match as a whole, besides the template's "
                + "patterns: (Templates/ticket.yaml's: " + TicketRules.defaultPattern + ")"))
    var idPattern: String?

    /// Fields numbered from the ticket's position.
    @OptionGroup var numbering: NumberingOptions

    /// Placeholder values read from files.
    @OptionGroup var setFiles: SetFileOptions

    /// One record of data for the template.
    @Option(
        name: .customLong("data"),
        help: ArgumentHelp(
            "A JSON object or YAML mapping filling the template's data, lists and records included.",
            valueName: "file"))
    var dataFile: String?

    /// The root a template's files stay inside, and the budgets (docs/security.md).
    @OptionGroup var safety: SafetyOptions

    /// The ticket's position for `--number`; 0 when absent (no option default: see `OutputArguments.fontMode`).
    @Option(name: .customLong("index"), help: "The record index {{index}} in --number patterns. (default: 0)")
    var index: Int?

    func validate() throws {
        _ = try OutputArguments.format(of: output, explicit: format)
    }

    func run() throws {
        let rules = try idPattern.map { pattern throws(TicketError) in try TicketRules(pattern: pattern) }
        var values = try TemplateOutput.values(from: assignments)
        for (key, value) in try setFiles.values() {
            guard values[key] == nil else { throw ValidationError("--set \(key) and --set-file \(key) are both given") }
            values[key] = value
        }
        for name in ["member", "ticket", "date"] where values[name] != nil {
            throw ValidationError("--set \(name)=…: give the \(name) with --\(name)")
        }
        values["member"] = member
        for number in try numbering.sequences() {
            guard values[number.field] == nil, number.field != "member", number.field != "ticket" || ticket == nil,
                number.field != "date" || date == nil
            else {
                throw ValidationError("--number \(number.field)=… and a value for \(number.field) are both given")
            }
            let index = index ?? 0
            values[number.field] = try number.value(index: index, row: index + 1)
        }
        if let ticket { values["ticket"] = ticket }
        let records = try TemplateOutput.records(dataFile, safety: safety)
        guard records.count == 1, var data = records.first else {
            throw ValidationError(
                "--data \(dataFile ?? ""): holds \(records.count) records; a ticket takes one (mkpdf batch takes many)")
        }
        for (key, value) in data {
            guard case .text(let text) = value else { continue }
            guard values[key] == nil else { throw ValidationError("--data gives \(key), which is also given") }
            values[key] = text
            data[key] = nil
        }
        if let date { values["date"] = date }

        let format = try OutputArguments.format(of: output, explicit: format)
        let templateURL = try template.map { URL(fileURLWithPath: $0) } ?? TicketRules.defaultTemplate()
        var job = TicketJob(
            template: try Template(contentsOf: templateURL, root: safety.rootURL, limits: try safety.limits()),
            rules: rules, scale: rendering.rasterScale)
        job.eInvoice = rendering.eInvoice
        // The job checks the member and ticket numbers (the one check on their way to the file), before the output
        // name is made from the member number.
        let deadline = try safety.limits().deadline()
        let document = try job.document(values: values, data: data, deadline: deadline, setsLayout: false)
        let output =
            try output
            ?? TicketRules.outputURL(
                member: member, extension: format.rawValue,
                in: URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
            ).path
        let options = try rendering.options(format, limits: try safety.limits(), deadline: deadline)
        try rendering.write(try job.template.render(document, options: options), to: output)
    }
}
