extension Int {
    /// The largest magnitude `init(roundedClamping:)` gives: 2⁵³, where a `Double` still holds every integer.
    package static let largestExactDouble = 1 << 53

    /// `value` rounded to the nearest whole number (`rule`, half away from zero unless given), clamped to
    /// ±`largestExactDouble`; NaN gives 0. The conversion of a computed `Double` (a template's or data's number
    /// scaled, divided by a size) that cannot trap, where `Int(value.rounded())` traps on 1e20, ±infinity and NaN.
    package init(roundedClamping value: Double, _ rule: FloatingPointRoundingRule = .toNearestOrAwayFromZero) {
        guard !value.isNaN else {
            self = 0
            return
        }
        let limit = Double(Int.largestExactDouble)
        self = Int(Swift.min(Swift.max(value.rounded(rule), -limit), limit))
    }
}
