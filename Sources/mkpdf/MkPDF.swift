import ArgumentParser

/// The `mkpdf` command: one description of a document, rendered to PDF or PNG.
@main
struct MkPDF: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mkpdf",
        abstract: "Turn one description of a document into PDF (libHaru) or PNG (cairo + libpng).",
        version: MkPDFVersion.current,
        subcommands: [Validate.self, Hello.self, ImageCommand.self, RenderCommand.self, TicketCommand.self, ReportCommand.self, BatchCommand.self]
    )
}

/// The version `mkpdf --version` prints.
enum MkPDFVersion {
    static let current = "0.1.0"
}
