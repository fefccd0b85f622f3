import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Progress on standard error: a bar redrawn in place (`\r`) on a terminal, a plain line every few seconds otherwise
/// (logs of CI jobs and job arrays), each with done/total when the total is known, the rate and the time left.
public final class ProgressReporter {
    /// How progress is shown.
    public enum Style: Sendable {
        /// A bar redrawn in place, at most ten times a second.
        case bar
        /// A line every `interval` seconds.
        case lines(interval: Double)
        /// Nothing.
        case silent
    }

    private let style: Style
    private let total: Int?
    private let start = ContinuousClock.now
    private var lastShown: ContinuousClock.Instant?
    private var done = 0
    private let write: (String) -> Void

    /// A reporter for `total` records (nil when unknown, e.g. standard input); `style` defaults to a bar when standard
    /// error is a terminal and to a line every 5 seconds otherwise.
    public init(
        total: Int?, style: Style? = nil,
        write: @escaping (String) -> Void = { FileHandle.standardError.write(Data($0.utf8)) }
    ) {
        self.total = total
        self.style = style ?? (isatty(2) == 1 ? .bar : .lines(interval: 5))
        self.write = write
    }

    /// Counts one more finished record and redraws when it is time.
    public func advance(by count: Int = 1) {
        done += count
        let now = ContinuousClock.now
        let interval: Double
        switch style {
        case .silent: return
        case .bar: interval = 0.1
        case .lines(let seconds): interval = seconds
        }
        if let lastShown, (now - lastShown).seconds < interval, done != total { return }
        lastShown = now
        show(now: now)
    }

    /// Ends the bar's line so following output starts on a fresh line.
    public func finish() {
        if case .bar = style, lastShown != nil { write("\r" + status(now: .now) + "\n") }
    }

    private func show(now: ContinuousClock.Instant) {
        switch style {
        case .bar: write("\r" + status(now: now) + "\u{1B}[K")
        case .lines: write("batch: " + status(now: now) + "\n")
        case .silent: break
        }
    }

    private func status(now: ContinuousClock.Instant) -> String {
        let elapsed = max((now - start).seconds, 0.001)
        let rate = Double(done) / elapsed
        let rateText = String(format: "%.1f/s", rate)
        guard let total, total > 0 else { return "\(done) done, \(rateText)" }
        let fraction = min(1, Double(done) / Double(total))
        let width = 24
        let filled = Int(fraction * Double(width))
        let bar = "[" + String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled) + "]"
        let remaining = rate > 0 ? Double(total - done) / rate : 0
        return "\(bar) \(done)/\(total) \(Int(fraction * 100))% \(rateText) ETA \(Self.duration(remaining))"
    }

    /// `1h02m`, `3m05s`, `42s`.
    static func duration(_ seconds: Double) -> String {
        let whole = Int(seconds.rounded())
        if whole >= 3600 { return String(format: "%dh%02dm", whole / 3600, whole % 3600 / 60) }
        if whole >= 60 { return String(format: "%dm%02ds", whole / 60, whole % 60) }
        return "\(whole)s"
    }
}

extension Duration {
    /// The duration in seconds as a floating-point number.
    var seconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
}
