import ArgumentParser
import Documents
import DrawingModule
import EInvoice
import Foundation
import Support

/// `mkpdf einvoice`: the e-invoice a template's `einvoice:` maps, written alone as XML — for a system that takes the
/// data without the PDF, from the same values and computation the printed invoice uses.
struct EInvoiceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "einvoice",
        abstract: "Write the e-invoice XML (JP PINT or Factur-X) a template's einvoice: mapping makes from its data.",
        usage: "mkpdf einvoice <template> --einvoice <format> -o <output> [<options>]",
        discussion: """
            The template's einvoice: mapping names where each part of the invoice \
            comes from (its data and let: values, the ones the printed invoice \
            shows), so the XML's totals are the printed ones. The data is checked \
            first: a registration number that is not T and 13 digits with a right \
            check digit, a tax rate other than 10, 8 or 0, a JPY amount with \
            decimals or a tax not rounded once per rate fails naming the field, \
            and nothing is written.

            Examples:
              mkpdf einvoice Templates/invoice.yaml --einvoice jp-pint -o jp.xml
              mkpdf einvoice Templates/invoice.yaml --einvoice factur-x -o fx.xml
            """
    )

    /// The template.
    @Argument(help: "The template (.yaml) with an einvoice: mapping.")
    var input: String

    /// Which e-invoice.
    @Option(
        name: .customLong("einvoice"),
        help: ArgumentHelp("jp-pint (UBL 2.1) or factur-x (CII, EN 16931).", valueName: "format"))
    var format: EInvoiceFormat

    /// Where the XML goes.
    @Option(name: .shortAndLong, help: "Output file (.xml), or - for standard output.")
    var output: String

    /// Placeholder values.
    @Option(
        name: .customLong("set"),
        help: ArgumentHelp("Fill a placeholder (repeatable).", valueName: "key=value"))
    var assignments: [String] = []

    /// One record of data for the template.
    @Option(
        name: .customLong("data"),
        help: ArgumentHelp(
            "A JSON object or YAML mapping filling the template's data (--set wins over it); a list of them writes "
                + "one file each, OUT-1.xml, OUT-2.xml ...", valueName: "file"))
    var dataFile: String?

    /// The root a template's files stay inside, and the budgets.
    @OptionGroup var safety: SafetyOptions

    func run() throws {
        let records = try TemplateOutput.records(dataFile, safety: safety)
        guard !records.isEmpty else { throw ValidationError("--data \(dataFile ?? ""): the file holds no record") }
        if records.count != 1, output == "-" {
            throw ValidationError(
                "--data \(dataFile ?? ""): \(records.count) records make as many files; give -o a file name")
        }
        let template = try Template(
            contentsOf: URL(fileURLWithPath: input), root: safety.rootURL, limits: try safety.limits())
        guard template.declaresEInvoice else {
            throw ValidationError(
                "\(input) has no einvoice: mapping, so it says nothing of where the invoice's data comes from; add "
                    + "one (Templates/invoice.yaml shows it)")
        }
        let given = try TemplateOutput.values(from: assignments)
        let names = records.count == 1 ? [output] : Self.fileNames(for: output, count: records.count)
        // Every file is made before any is written: one record that fails leaves no file.
        var files: [(String, Data)] = []
        for (record, name) in zip(records, names) {
            let options = TemplateRenderOptions(deadline: try safety.limits().deadline())
            files.append(
                (
                    name,
                    try template.eInvoiceXML(
                        format, values: given, data: record.filter { given[$0.key] == nil }, options: options)
                ))
        }
        if output == "-" {
            FileHandle.standardOutput.write(files[0].1)
            return
        }
        try AtomicFile.writeAll(files.map { ($0.0, $0.1) }, durability: .unflushed)
        for (name, _) in files { print(URL(fileURLWithPath: name).path) }
    }

    /// `OUT-1.xml`, `OUT-2.xml` … for `output` `OUT.xml`.
    static func fileNames(for output: String, count: Int) -> [String] {
        let url = URL(fileURLWithPath: output)
        let stem = url.deletingPathExtension().path
        let suffix = url.pathExtension.isEmpty ? "" : "." + url.pathExtension
        return (1...max(count, 1)).map { "\(stem)-\($0)\(suffix)" }
    }
}
