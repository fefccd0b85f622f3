import Batch
import Foundation
import Testing

@Suite("Progress")
struct ProgressReporterTests {
    @Test("A bar redraws in place with done/total, percent, rate and ETA, and ends its line when finished")
    func bar() {
        let notes = Notes()
        let progress = ProgressReporter(total: 4, style: .bar, write: notes.add)
        for _ in 0..<4 { progress.advance() }
        progress.finish()
        let text = notes.lines.joined()
        #expect(text.hasPrefix("\r[######"))
        #expect(text.contains("4/4 100%") && text.contains("/s ETA 0s"))
        #expect(text.hasSuffix("\n") && !text.dropLast().contains("\n"))
    }

    @Test("Plain lines for logs: the first record and the last, nothing in between within the interval")
    func lines() {
        let notes = Notes()
        let progress = ProgressReporter(total: 50, style: .lines(interval: 3600), write: notes.add)
        for _ in 0..<50 { progress.advance() }
        progress.finish()
        #expect(notes.lines.count == 2)
        #expect(notes.lines.allSatisfy { $0.hasPrefix("batch: ") && $0.hasSuffix("\n") && !$0.contains("\r") })
        #expect(notes.lines.last?.contains("50/50 100%") == true)
    }

    @Test("Without a total (standard input) it counts and shows the rate only")
    func unknownTotal() {
        let notes = Notes()
        let progress = ProgressReporter(total: nil, style: .lines(interval: 0), write: notes.add)
        progress.advance(by: 3)
        #expect(notes.lines.last?.hasPrefix("batch: 3 done, ") == true)
        #expect(notes.lines.last?.contains("ETA") == false)
    }
}
