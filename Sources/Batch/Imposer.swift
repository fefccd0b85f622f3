import DrawingModule
import Foundation
import Render
import Support

/// Builds the print-ready PDF of a run (`DIR/imposed.pdf`): every ticket that succeeded, in input order, on sheets.
///
/// Memory is bounded by rendering `sheetsPerPart` sheets at a time into one libHaru document (its own font subset)
/// and joining the parts with libqpdf at the end; 50,000 tickets at 2×5 are 5,000 sheets in 50 parts. The input is
/// read again (so it must be a file, not standard input) and each ticket re-filled from its record, which costs far
/// less than holding 50,000 drawings. Parts render in parallel (`jobs` at a time), each with its own libHaru document.
public struct Imposer: Sendable {
    /// What each record becomes (its drawing).
    public var job: RecordJob
    /// The sheet layout.
    public var layout: ImpositionLayout
    /// Sheets rendered per libHaru document before parts are joined.
    public var sheetsPerPart: Int

    /// Creates an imposer.
    public init(job: RecordJob, layout: ImpositionLayout, sheetsPerPart: Int = 100) {
        self.job = job
        self.layout = layout
        self.sheetsPerPart = max(1, sheetsPerPart)
    }

    /// How many sheets and tickets were imposed.
    public struct Result: Sendable, Hashable {
        /// The PDF written.
        public var url: URL
        /// Its pages.
        public var sheets: Int
        /// The tickets on them.
        public var tickets: Int
    }

    /// Imposes the records of `input` whose index `include` accepts, writing `name` in `folder` atomically; up to
    /// `jobs` parts are rendered at once.
    /// - Throws: `BatchError`: the input cannot be read, a part cannot be rendered or written, or a record that
    ///   rendered before no longer does (`.output`, naming its row).
    public func impose(
        _ input: BatchInput, include: (Int) -> Bool, into folder: OutputFolder,
        name: String = "imposed.pdf",
        jobs: Int = ProcessInfo.processInfo.activeProcessorCount
    ) async throws(BatchError) -> Result {
        guard input.file != nil else {
            throw .badOption(
                option: "--impose",
                reason: "it reads the data a second time, so the data must be a "
                    + "file. Fix: save standard input to a file and give --data FILE")
        }
        let final = folder.url.appendingPathComponent(name)
        let reader = try BatchError.reading { () throws(DataError) in try RecordReader(input) }
        var sheetOptions = OutputOptions(
            format: .pdf, fontMode: job.output.fontMode, scale: job.output.scale, fonts: job.output.fonts)
        // The run's context: the sheets repeat the fonts and programs of the tickets on them.
        sheetOptions.context = job.output.context
        let options = sheetOptions
        let partPrefix = OutputFolder.temporaryPrefix + name + "-part-"
        var parts: [URL] = []
        defer { for part in parts { try? FileManager.default.removeItem(at: part) } }
        var sheets: [Drawing] = []
        var tickets: [Drawing] = []
        var sheetCount = 0
        var ticketCount = 0
        var failure: BatchError?

        await withTaskGroup(of: BatchError?.self) { group in
            var inFlight = 0
            func startPart() async {
                guard !sheets.isEmpty else { return }
                if inFlight >= max(1, jobs), let done = await group.next() {
                    inFlight -= 1
                    failure = failure ?? done
                }
                let url = folder.url.appendingPathComponent(partPrefix + String(parts.count + 1))
                parts.append(url)
                let document = Document(pages: sheets)
                sheets.removeAll(keepingCapacity: true)
                group.addTask {
                    do {
                        try AtomicFile.write(
                            try render(document, options: options).files[0], to: url.path, durability: .unflushed)
                        return nil
                    } catch {
                        return .output(path: final.path, reason: "\(error)")
                    }
                }
                inFlight += 1
            }
            do throws(BatchError) {
                while failure == nil, let record = try BatchError.reading(reader.next) {
                    guard include(record.index) else { continue }
                    do {
                        tickets.append(try job.drawing(for: try job.numbered(record)))
                    } catch {
                        throw .output(path: final.path, reason: "\(error)")
                    }
                    ticketCount += 1
                    if tickets.count == layout.capacity {
                        sheets.append(layout.sheet(with: tickets))
                        sheetCount += 1
                        tickets.removeAll(keepingCapacity: true)
                    }
                    if sheets.count == sheetsPerPart { await startPart() }
                }
            } catch {
                failure = failure ?? error
            }
            if failure == nil, !tickets.isEmpty {
                sheets.append(layout.sheet(with: tickets))
                sheetCount += 1
            }
            if failure == nil { await startPart() }
            for await done in group { failure = failure ?? done }
        }
        if let failure { throw failure }
        guard !parts.isEmpty else {
            throw .output(path: final.path, reason: "no record succeeded, so there is nothing to impose")
        }
        if parts.count == 1 {
            try rename(parts[0], to: final)
        } else {
            let joined = folder.url.appendingPathComponent(partPrefix + "joined")
            parts.append(joined)
            try PDFMerger.merge(Array(parts.dropLast()), to: joined)
            try rename(joined, to: final)
        }
        return Result(url: final, sheets: sheetCount, tickets: ticketCount)
    }

    private func rename(_ from: URL, to: URL) throws(BatchError) {
        do {
            try AtomicFile.place(from.path, at: to.path, links: .replace)
        } catch {
            throw .output(path: to.path, reason: "could not \(error.step) (\(error.reason))")
        }
    }
}
