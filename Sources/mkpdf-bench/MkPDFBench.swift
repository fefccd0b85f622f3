import ArgumentParser

/// `mkpdf-bench`: timings of mkpdf's public API, printed in the anchors' line format so ratios can be taken
/// against libHaru C, cairo and ReportLab in one run (`scripts/bench`).
@main
struct MkPDFBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mkpdf-bench",
        abstract: "Benchmark mkpdf against the anchors in ../shared/bench/anchors (see BENCHMARKS.md).",
        subcommands: [TicketBenchmark.self]
    )
}
