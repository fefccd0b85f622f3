import Foundation

/// A chart's value axis: from `minimum` to `maximum` in steps of `step`, a round number (1, 2 or 5 times a power of ten), all
/// exact decimals — so tick labels read 0.1, 0.2, 0.3 and never 0.30000000000000004.
public struct ValueAxis: Hashable, Sendable {
    /// The value at the bottom of the axis: 0, or a whole number of steps below the lowest value.
    public let minimum: Decimal
    /// The value at the top of the axis: a whole number of steps, at or above the highest value.
    public let maximum: Decimal
    /// The distance between ticks.
    public let step: Decimal

    /// The smallest axis with at most `maximumTicks` steps that holds `low…high` and 0.
    ///
    /// Tries the steps 1, 2, 5, 10, 20, 50 … × 10ⁿ upwards from one below the rough step `span / maximumTicks`, and
    /// takes the first that needs no more steps than allowed.
    public init(low: Decimal, high: Decimal, maximumTicks: Int) {
        var low = min(low, 0)
        var high = max(high, 0)
        if low == high { (low, high) = (0, 1) }
        let ticks = max(1, maximumTicks)
        let rough = Self.double(high - low) / Double(ticks)
        // The layout refuses values beyond ±10³⁰ (`ChartError.Reason.outOfRange`), so the rough step is finite.
        var exponent = rough.isFinite && rough > 0 ? Int(log10(rough).rounded(.down)) - 1 : 0
        while true {
            for mantissa in [1, 2, 5] {
                let step = Decimal(sign: .plus, exponent: exponent, significand: Decimal(mantissa))
                let top = Self.whole(high / step, .up) * step
                let bottom = Self.whole(low / step, .down) * step
                if (top - bottom) / step <= Decimal(ticks) {
                    minimum = bottom
                    maximum = top
                    self.step = step
                    return
                }
            }
            exponent += 1
        }
    }

    /// Every tick value from `minimum` to `maximum`, exact.
    public var ticks: [Decimal] {
        var values: [Decimal] = []
        var value = minimum
        while value <= maximum {
            values.append(value)
            value += step
        }
        return values
    }

    /// Where `value` lies between the axis's ends: 0 at `minimum`, 1 at `maximum`.
    public func fraction(of value: Decimal) -> Double {
        Self.double(value - minimum) / Self.double(maximum - minimum)
    }

    /// `value` rounded to a whole number in `mode`.
    static func whole(_ value: Decimal, _ mode: NSDecimalNumber.RoundingMode) -> Decimal {
        var value = value
        var result = Decimal()
        NSDecimalRound(&result, &value, 0, mode)
        return result
    }

    /// The nearest `Double`: for placing shapes only, never for printing.
    static func double(_ value: Decimal) -> Double {
        NSDecimalNumber(decimal: value).doubleValue
    }
}

/// How a chart prints a value: its exact decimal digits, the whole part grouped by thousands (`1,234.5`, `0.3`,
/// `-12`), with no rounding and no exponent.
public enum ChartNumber {
    /// The text of `value`.
    public static func text(_ value: Decimal) -> String {
        var value = value
        let plain = NSDecimalString(&value, Locale(identifier: "en_US_POSIX"))
        let negative = plain.hasPrefix("-")
        let unsigned = negative ? plain.dropFirst() : Substring(plain)
        let parts = unsigned.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        var whole = ""
        for (index, digit) in parts[0].enumerated() {
            if index > 0, (parts[0].count - index) % 3 == 0 { whole.append(",") }
            whole.append(digit)
        }
        return (negative ? "-" : "") + whole + (parts.count > 1 ? "." + parts[1] : "")
    }
}
