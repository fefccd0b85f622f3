import CZint
import DrawingModule

/// Encodes a barcode command through libzint after checking what libzint would accept silently or report vaguely:
/// lengths and check digits, the ECI of non-ASCII 2D data, option ranges.
public enum BarcodeEncoder {
    /// The command this encoder reads.
    public typealias Barcode = Drawing.Command.Barcode

    /// The symbol of `barcode` laid out in modules (quiet zones and human-readable text included).
    /// - Throws: `BarcodeError` naming the field at fault.
    public static func geometry(for barcode: Barcode) throws(BarcodeError) -> SymbolGeometry {
        try geometry(for: barcode, fromVector: false)
    }

    /// The standard quiet zone of the square-module matrix codes read from libzint's module grid (libzint's own
    /// `BARCODE_QUIET_ZONES` values; a test holds them equal), nil for the codes laid out through its vectors.
    static func gridQuietZone(_ kind: Barcode.Symbology) -> Int? {
        switch kind {
        case .qr: 4
        case .microQR: 2
        case .dataMatrix, .gs1DataMatrix: 1
        case .aztec: 0
        default: nil
        }
    }

    /// `geometry(for:)`, through libzint's vector output for every symbology when `fromVector` is set.
    static func geometry(for barcode: Barcode, fromVector: Bool) throws(BarcodeError) -> SymbolGeometry {
        let kind = barcode.symbology
        var data = barcode.data
        let options = barcode.options
        guard !data.isEmpty else {
            throw BarcodeError(
                .emptyData, field: "data",
                reason: "the \(kind.rawValue) data is empty. "
                    + "Fix: give the text to encode")
        }
        if let index = data.unicodeScalars.firstIndex(where: { $0.value == 0 }) {
            let offset = data.unicodeScalars.distance(from: data.unicodeScalars.startIndex, to: index)
            throw BarcodeError(
                .invalidCharacter, field: "data",
                reason: "the data holds a NUL character at "
                    + "position \(offset). Fix: remove it")
        }
        let symbol = try ZintSymbol()
        let settings = symbol.settings
        settings.pointee.symbology = zintSymbology(kind)
        settings.pointee.input_mode = UNICODE_MODE
        settings.pointee.show_hrt = options.humanReadable && !kind.isTwoDimensional && kind != .japanPost ? 1 : 0
        settings.pointee.warn_level = WARN_DEFAULT

        // Check digits and lengths.
        data = try checkedDigits(data, kind: kind, check: options.checkDigit, settings: settings)
        // GS1 data.
        if kind == .gs1DataMatrix { settings.pointee.input_mode = GS1_MODE }
        // ECI for 2D codes.
        var eci: Int32 = 0
        let ascii = data.unicodeScalars.allSatisfy { $0.value < 0x80 }
        if let given = options.eci {
            guard kind.isTwoDimensional, kind != .microQR, kind != .gs1DataMatrix else {
                throw BarcodeError(
                    .invalidOption, field: "options.eci",
                    reason: "\(kind.rawValue) carries no ECI. "
                        + "Fix: remove the eci option")
            }
            guard given == 26 || (given >= 0 && given <= 999_999 && ascii) else {
                throw BarcodeError(
                    .invalidOption, field: "options.eci",
                    reason: "ECI \(given) is not UTF-8; mkpdf "
                        + "encodes text as UTF-8, so a non-ASCII payload needs ECI 26. Fix: use eci 26 "
                        + "or leave it out")
            }
            eci = Int32(given)
        } else if !ascii {
            switch kind {
            case .qr, .dataMatrix, .pdf417, .aztec:
                eci = 26
            case .microQR:
                throw BarcodeError(
                    .invalidCharacter, field: "data",
                    reason: "Micro QR cannot carry the ECI that "
                        + "tells a reader the data is UTF-8, so \(firstNonASCII(data)) would be read back "
                        + "wrongly. Fix: use kind qr for non-ASCII text, or ASCII data")
            default:
                throw BarcodeError(
                    .invalidCharacter, field: "data",
                    reason: "\(kind.rawValue) cannot encode "
                        + "\(firstNonASCII(data)). Fix: use only the characters the symbology takes, or "
                        + "a 2D code (qr) for Japanese text")
            }
        }
        try setErrorCorrection(options.errorCorrection, kind: kind, settings: settings)
        // Quiet zones: the symbology's standard, or the modules given on every side.
        if let quiet = options.quietZone {
            guard (0...100).contains(quiet) else {
                throw BarcodeError(
                    .invalidOption, field: "options.quietZone",
                    reason: "a quiet zone of \(quiet) "
                        + "modules is out of range. Fix: give 0…100 modules (the standard is 4 for QR, "
                        + "10 for linear codes)")
            }
            settings.pointee.output_options |= BARCODE_NO_QUIET_ZONES
            settings.pointee.whitespace_width = Int32(quiet)
            if kind.isTwoDimensional { settings.pointee.whitespace_height = Int32(quiet) }
        } else {
            settings.pointee.output_options |= BARCODE_QUIET_ZONES
        }

        let (code, message) = symbol.encode(data, eci: eci)
        if code >= ZINT_ERROR {
            throw encodingError(code: code, message: message, kind: kind)
        }
        if !fromVector, let standard = gridQuietZone(kind) {
            return symbol.gridGeometry(quiet: options.quietZone ?? standard)
        }
        let vectorCode = symbol.bufferVector()
        guard vectorCode < ZINT_ERROR, let geometry = symbol.vectorGeometry() else {
            throw BarcodeError(
                .encoder, field: "data",
                reason: "libzint could not lay the symbol out (\(vectorCode): "
                    + "\(symbol.message)). Fix: check the data")
        }
        guard geometry.hexagonCount == 0 else {
            throw BarcodeError(
                .encoder, field: "symbology",
                reason: "\(kind.rawValue) came out as hexagons, which "
                    + "mkpdf does not draw. Fix: use another symbology")
        }
        return geometry
    }

    static func zintSymbology(_ kind: Barcode.Symbology) -> Int32 {
        switch kind {
        case .qr: BARCODE_QRCODE
        case .microQR: BARCODE_MICROQR
        case .dataMatrix, .gs1DataMatrix: BARCODE_DATAMATRIX
        case .pdf417: BARCODE_PDF417
        case .aztec: BARCODE_AZTEC
        case .ean13, .ean8: BARCODE_EANX
        case .upcA: BARCODE_UPCA
        case .upcE: BARCODE_UPCE
        case .code128: BARCODE_CODE128
        case .gs1128: BARCODE_GS1_128
        case .code39: BARCODE_CODE39
        case .codabar: BARCODE_CODABAR
        case .itf14: BARCODE_ITF14
        case .japanPost: BARCODE_JAPANPOST
        }
    }

    private static func firstNonASCII(_ data: String) -> String {
        guard let scalar = data.unicodeScalars.first(where: { $0.value >= 0x80 }) else { return "a character" }
        return "\"\(scalar)\" (U+\(String(scalar.value, radix: 16, uppercase: true)))"
    }

    /// libzint's error as ours, by its code.
    private static func encodingError(code: Int32, message: String, kind: Barcode.Symbology) -> BarcodeError {
        let libzint = message.isEmpty ? "" : " (libzint: \(message))"
        switch code {
        case ZINT_ERROR_TOO_LONG:
            return BarcodeError(
                .tooLong, field: "data",
                reason: "the data is too long or has the wrong length for "
                    + "\(kind.rawValue)\(libzint). Fix: shorten it, or use a symbology that holds more")
        case ZINT_ERROR_INVALID_DATA:
            return BarcodeError(
                .invalidCharacter, field: "data",
                reason: "\(kind.rawValue) cannot encode this "
                    + "data\(libzint). Fix: use only the characters \(kind.rawValue) takes")
        case ZINT_ERROR_INVALID_CHECK:
            return BarcodeError(
                .checkDigit, field: "data",
                reason: "the check digit is wrong\(libzint). Fix: correct "
                    + "it, or leave it out and set checkDigit: compute")
        case ZINT_ERROR_INVALID_OPTION:
            return BarcodeError(
                .invalidOption, field: "options",
                reason: "libzint refused an option\(libzint). Fix: "
                    + "check the options for \(kind.rawValue)")
        default:
            return BarcodeError(
                .encoder, field: "data",
                reason: "libzint failed with code \(code)\(libzint). Fix: "
                    + "check the data")
        }
    }

    private static func setErrorCorrection(
        _ level: String?, kind: Barcode.Symbology,
        settings: UnsafeMutablePointer<zint_symbol>
    ) throws(BarcodeError) {
        func bad(_ expected: String) -> BarcodeError {
            BarcodeError(
                .invalidOption, field: "options.errorCorrection",
                reason: "\(kind.rawValue) has no "
                    + "error-correction level \"\(level ?? "")\". Fix: \(expected)")
        }
        switch kind {
        case .qr, .microQR:
            let levels = kind == .qr ? ["L", "M", "Q", "H"] : ["L", "M", "Q"]
            let chosen = (level ?? "M").uppercased()
            guard let index = levels.firstIndex(of: chosen) else {
                throw bad("give one of " + levels.joined(separator: ", "))
            }
            settings.pointee.option_1 = Int32(index + 1)
        case .pdf417:
            guard let level else { return }
            guard let value = Int(level), (0...8).contains(value) else { throw bad("give 0…8") }
            settings.pointee.option_1 = Int32(value)
        case .aztec:
            guard let level else { return }
            guard let value = Int(level), (1...4).contains(value) else {
                throw bad("give 1…4 (10 %, 23 %, 36 %, 50 % correction)")
            }
            settings.pointee.option_1 = Int32(value)
        default:
            guard level == nil else { throw bad("leave errorCorrection out: its correction is fixed") }
        }
    }
}
