extension Template {
    /// The logical font the template's texts use unless they name another (its `font:`), so a caller can open its
    /// faces before the first record (`FontRegistry.chain(named:)`), as `mkpdf-bench` does before its clock.
    public var defaultFont: String { font }
}
