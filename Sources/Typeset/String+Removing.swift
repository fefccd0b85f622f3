extension StringProtocol {
    /// The string without any `scalar` (a line feed inside a run, a space inside ruby): scalar by scalar, so a CR LF
    /// pair loses its LF as Foundation's `replacingOccurrences` would, without bridging to `NSString` per box.
    func removing(_ scalar: Unicode.Scalar) -> String {
        guard unicodeScalars.contains(scalar) else { return String(self) }
        var result = String.UnicodeScalarView()
        result.append(contentsOf: unicodeScalars.lazy.filter { $0 != scalar })
        return String(result)
    }
}
