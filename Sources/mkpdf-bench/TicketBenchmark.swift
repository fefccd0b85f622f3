import ArgumentParser
import Batch
import Documents
import DrawingModule
import Fonts
import Foundation
import Render
import Support

/// `mkpdf-bench ticket`: renders N admission tickets (`Templates/anchor-ticket.yaml`, element for element what the
/// anchor programs draw) with member numbers GCG-00000, GCG-00001 … through the public
/// API — the template loaded once, `render(values:)` and a renderer's `write` per ticket — and prints
/// `mkpdf <mode>: N tickets in Xs = Y tickets/s, avg Z bytes`, the line format of the anchor programs (with the
/// template's file name after the mode when another template is given: `mkpdf embedded seed-ticket.yaml: …`).
struct TicketBenchmark: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ticket",
        abstract: "Write N tickets into a folder and print tickets/s and the average file size.",
        discussion: """
            Modes: embedded (PDF, IPAexGothic subset embedded), cid (PDF, MS-Gothic CID font, not embedded),
            png (PNG at 2 pixels per point, 800 × 300 px). The clock starts once the template is parsed and its font
            opened, as cairo's anchor opens its font before its clock, and covers every ticket: fill, render, write.
            The files are left in --out.

            The run owns one render context, as a batch run does: every cache of its tickets' work lives there.
            --cold empties it (page beginnings, font programs, shaped texts, set boxes, barcode layouts, deflate
            states, encoded texts) and the fonts' subsets and shapes before each ticket, so the line says what one
            document costs alone; the font files stay open, as the anchors keep theirs. Its line reads
            `mkpdf <mode> cold: …`.

            Example:
              mkpdf-bench ticket --count 300 --out /tmp/tickets --mode embedded
            """
    )

    /// What each ticket is written as.
    enum Mode: String, ExpressibleByArgument, CaseIterable {
        case embedded, cid, png

        /// The file format the workload writes.
        var format: OutputFormat { self == .png ? .png : .pdf }
        /// How its PDFs carry fonts.
        var fontMode: PDFFontMode { self == .cid ? .cid : .embedded }
    }

    /// How many tickets.
    @Option(help: "Number of tickets (1 to 100000).")
    var count: Int = 300

    /// Where the tickets go.
    @Option(help: "Output folder (created when missing).")
    var out: String

    /// The output kind.
    @Option(help: "embedded, cid or png.")
    var mode: Mode = .embedded

    /// libpng's speed/size setting for `--mode png`.
    enum PNGCompression: String, ExpressibleByArgument, CaseIterable {
        case fast, balanced
    }

    /// The PNG setting measured.
    @Option(name: .customLong("png-compression"), help: "fast (default: no filters) or balanced (adaptive filters).")
    var pngCompression: PNGCompression = .fast

    /// The ticket template: the anchors' ticket unless told, so ratios compare the same drawing.
    @Option(help: "Template file (default: Templates/anchor-ticket.yaml, what the anchors draw).")
    var template: String?

    /// Whether every ticket starts with empty caches.
    @Flag(help: "Empty mkpdf's caches before every ticket (what one document costs alone).")
    var cold = false

    /// Whether every ticket is a tagged PDF/UA-1 document.
    @Flag(help: "Tag every PDF and claim PDF/UA-1 (what tagging costs beside the untagged line).")
    var pdfua = false

    func validate() throws {
        guard (1...100_000).contains(count) else {
            throw ValidationError("--count \(count): give a number of tickets from 1 to 100000")
        }
        if pdfua, mode == .png { throw ValidationError("--pdfua tags PDFs: give --mode embedded") }
    }

    func run() throws {
        // As mkpdf's own commands do before their first document.
        AllocatorTuning.tuneForDocuments()
        let folder = URL(fileURLWithPath: out, isDirectory: true)
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw ValidationError("--out \(out): cannot create the folder (\(error.localizedDescription))")
        }
        let templateURL = try template.map { URL(fileURLWithPath: $0) } ?? TicketRules.benchmarkTemplate()
        var options = OutputOptions(
            format: mode.format, fontMode: mode.fontMode, pngCompression: pngCompression == .fast ? .fast : .balanced)
        options.pdfua = pdfua
        // The run owns what its tickets share, as a batch run does (`RecordJob`).
        let context = RenderContext()
        options.context = context
        let files = (0..<count).map {
            folder.appendingPathComponent("ticket-" + Self.digits($0) + "." + mode.format.rawValue)
        }

        var job = TicketJob(
            template: try Template(contentsOf: templateURL), scale: options.scale)
        job.context = context
        // The template's font opened (HarfBuzz faces of its chain) before the clock, as cairo's anchor opens its
        // FreeType face before its own.
        _ = try job.fonts.chain(named: job.template.defaultFont)
        let clock = ContinuousClock()
        let start = clock.now
        for (number, file) in files.enumerated() {
            if cold {
                context.removeAll()
                job.fonts.removeCachedWork()
            }
            // As `mkpdf ticket` does: the template filled, then laid out once and drawn.
            let document = try job.document(values: ["member": "GCG-" + Self.digits(number)], setsLayout: false)
            try job.template.render(document, options: options).write(to: file)
        }
        let elapsed = clock.now - start
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
        var bytes = 0
        for file in files {
            var info = stat()
            guard stat(file.path, &info) == 0 else { throw ValidationError("\(file.path) was not written") }
            bytes += Int(info.st_size)
        }
        print(
            String(
                format: "mkpdf %@: %d tickets in %.3fs = %.0f tickets/s, avg %ld bytes",
                mode.rawValue + (cold ? " cold" : "") + (pdfua ? " pdfua" : "")
                    + (template.map { " " + URL(fileURLWithPath: $0).lastPathComponent } ?? ""), count,
                seconds, Double(count) / seconds, bytes / count))
    }

    /// `number` as five digits, zero-padded (`00042`), as the anchors number their tickets.
    static func digits(_ number: Int) -> String {
        let text = String(number)
        return text.count >= 5 ? text : String(repeating: "0", count: 5 - text.count) + text
    }
}
