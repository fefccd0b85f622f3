import CHaru

/// Where libHaru's C error handler records an error for the Swift call that is waiting on it.
///
/// The handler is a C function that must not throw or capture: it finds this box through `user_data` and writes
/// the numbers; the Swift side reads and clears them after the C call returns.
final class ErrorBox {
    /// The first `error_no` since the last clear, or 0.
    private(set) var code: UInt32 = 0
    /// The `detail_no` that came with `code`.
    private(set) var detail: UInt32 = 0

    /// Keeps the first error of a call: later ones are usually consequences of it.
    func record(code: UInt32, detail: UInt32) {
        guard self.code == 0 else { return }
        self.code = code
        self.detail = detail
    }

    /// Forgets the recorded error before the next C call.
    func clear() {
        code = 0
        detail = 0
    }

    /// The C error handler given to `HPDF_New`; it only records into the box behind `user_data`.
    static let handler: HPDF_Error_Handler = { errorNo, detailNo, userData in
        guard let userData else { return }
        let box = Unmanaged<ErrorBox>.fromOpaque(userData).takeUnretainedValue()
        box.record(code: UInt32(truncatingIfNeeded: errorNo), detail: UInt32(truncatingIfNeeded: detailNo))
    }
}
