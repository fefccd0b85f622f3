import CZint
import DrawingModule
import Support

extension BarcodeEncoder {
    /// Digits of the symbologies whose last digit is a GS1 mod-10 check: the full length of each.
    private static func fullLength(_ kind: Barcode.Symbology) -> Int? {
        switch kind {
        case .ean13: 13
        case .ean8: 8
        case .upcA: 12
        case .upcE: 8
        case .itf14: 14
        default: nil
        }
    }

    /// The GS1 mod-10 check digit of `digits` (weights 3, 1, … from the right).
    static func gs1CheckDigit(_ digits: [Int]) -> Int {
        let sum = digits.reversed().enumerated().reduce(0) { $0 + $1.element * ($1.offset % 2 == 0 ? 3 : 1) }
        return (10 - sum % 10) % 10
    }

    /// The data as libzint should get it, after the length and check digit are checked; sets libzint's check
    /// option for Code 39 and NW-7.
    static func checkedDigits(
        _ data: String, kind: Barcode.Symbology, check: Barcode.CheckDigit?,
        settings: UnsafeMutablePointer<zint_symbol>
    ) throws(BarcodeError) -> String {
        if let full = fullLength(kind) {
            guard data.allSatisfy({ $0.isASCII && $0.isNumber }) else {
                let bad = data.first(where: { !($0.isASCII && $0.isNumber) }).map { "\"\($0)\"" } ?? ""
                throw BarcodeError(
                    .invalidCharacter, field: "data",
                    reason: "\(kind.rawValue) takes digits only, got "
                        + "\(bad) in \"\(ErrorText.excerpt(data))\". Fix: give \(full - 1) digits (or \(full) with the "
                        + "check digit)")
            }
            let digits = data.compactMap(\.wholeNumberValue)
            let mode = check ?? (digits.count == full ? .verify : .compute)
            let wanted = mode == .verify ? full : full - 1
            guard digits.count == wanted else {
                throw BarcodeError(
                    .wrongLength, field: "data",
                    reason: "\(kind.rawValue) with checkDigit "
                        + "\(mode.rawValue) takes \(wanted) digits, got \(digits.count) (\"\(ErrorText.excerpt(data))\"). "
                        + "Fix: give \(full - 1) digits to compute the check digit or \(full) to verify it")
            }
            if kind == .upcE, digits[0] > 1 {
                throw BarcodeError(
                    .invalidCharacter, field: "data",
                    reason: "UPC-E starts with number system 0 or 1, "
                        + "got \(digits[0]). Fix: give 0 or 1 as the first digit")
            }
            guard mode == .verify else { return data }
            // UPC-E's check digit is that of the UPC-A it stands for; libzint verifies it.
            if kind == .upcE { return data }
            let expected = gs1CheckDigit(Array(digits.dropLast()))
            guard digits.last == expected else {
                throw BarcodeError(
                    .checkDigit, field: "data",
                    reason: "the check digit of \"\(ErrorText.excerpt(data))\" is "
                        + "\(digits.last ?? 0), but the digits before it give \(expected). Fix: correct "
                        + "the number (\(ErrorText.excerpt(data.dropLast() + String(expected)))), or give \(full - 1) digits and let "
                        + "mkpdf compute it")
            }
            // Verified: libzint gets the digits without it and appends the same one (given eight digits, libzint
            // would read an EAN-8 as a zero-padded EAN-13).
            return String(data.dropLast())
        }
        switch kind {
        case .code39:
            let table = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ-. $/+%")
            guard let check else { return data }
            settings.pointee.option_2 = 1
            guard check == .verify else { return data }
            let values = data.map { table.firstIndex(of: $0) }
            guard values.count >= 2, !values.contains(nil) else {
                throw BarcodeError(
                    .invalidCharacter, field: "data",
                    reason: "Code 39 takes 0-9, A-Z, - . space $ / + %;"
                        + " \"\(ErrorText.excerpt(data))\" has others or no check character. Fix: use those characters")
            }
            let expected = values.dropLast().reduce(0) { $0 + $1! } % 43
            guard values.last! == expected else {
                throw BarcodeError(
                    .checkDigit, field: "data",
                    reason: "the mod-43 check character of \"\(ErrorText.excerpt(data))\" is "
                        + "\"\(data.last!)\", but the characters before it give \"\(table[expected])\". Fix: "
                        + "correct it, or leave it out with checkDigit: compute")
            }
            return String(data.dropLast())
        case .codabar:
            guard let check else { return data }
            settings.pointee.option_2 = 1
            guard check == .verify else { return data }
            // The check character stands before the stop character; the sum of all values is a multiple of 16.
            let table = Array("0123456789-$:/.+ABCD")
            let characters = Array(data.uppercased())
            let values = characters.map { table.firstIndex(of: $0) }
            guard characters.count >= 4, !values.contains(nil) else {
                throw BarcodeError(
                    .invalidCharacter, field: "data",
                    reason: "NW-7 data is a start character A-D, "
                        + "digits - $ : / . +, a check character and a stop character A-D; got \"\(ErrorText.excerpt(data))\". "
                        + "Fix: write it so")
            }
            guard values.reduce(0, { $0 + $1! }) % 16 == 0 else {
                throw BarcodeError(
                    .checkDigit, field: "data",
                    reason: "the mod-16 check character of \"\(ErrorText.excerpt(data))\" "
                        + "(before the stop character) is wrong. Fix: correct it, or leave it out with "
                        + "checkDigit: compute")
            }
            var trimmed = characters
            trimmed.remove(at: trimmed.count - 2)
            return String(trimmed)
        default:
            guard check == nil else {
                throw BarcodeError(
                    .invalidOption, field: "options.checkDigit",
                    reason: "\(kind.rawValue) has its own "
                        + "fixed check and no optional check digit. Fix: remove checkDigit")
            }
            return data
        }
    }
}

/// The 適格請求書発行事業者登録番号 (registration number of a qualified invoice issuer): `T` and 13 digits, the
/// 法人番号 (corporate number) of a company or a number the tax office gives a sole proprietor, whose first digit is a
/// check digit over the other twelve. A wrong number on a receipt makes the 仕入税額控除 (input tax credit) of the buyer
/// doubtful, so a template can refuse it as the JAN and NW-7 digits are refused.
public enum InvoiceRegistration {
    /// The check digit of the twelve `digits` after it: 9 − (Σ digitₙ × (1 for odd n, 2 for even n)) mod 9, n
    /// counting from the rightmost digit as 1 (法人番号の指定等に関する省令 第2条).
    public static func checkDigit(_ digits: [Int]) -> Int {
        let sum = digits.reversed().enumerated().reduce(0) { $0 + $1.element * ($1.offset % 2 == 0 ? 1 : 2) }
        return 9 - sum % 9
    }

    /// Why `number` is not a registration number — its form or its check digit, with the number it should be — or nil
    /// when it is one. Full-width digits and a full-width `Ｔ` are read as their ASCII forms, hyphens and spaces
    /// between digit groups are ignored.
    public static func problem(in number: String) -> String? {
        let folded = String(
            number.unicodeScalars.compactMap { scalar -> Character? in
                if ["-", " ", "\u{3000}", "\u{2010}", "\u{2212}", "\u{FF0D}"].contains(scalar) { return nil }
                if (0xFF10...0xFF19).contains(scalar.value) || scalar == "\u{FF34}" {
                    return Unicode.Scalar(scalar.value - 0xFEE0).map(Character.init)
                }
                return Character(scalar)
            })
        guard folded.first == "T" else {
            return "a registration number (登録番号) is T and 13 digits, and \"\(number)\" does not start with T. "
                + "Fix: write it as on the registration notice, e.g. T7000012050002"
        }
        let rest = folded.dropFirst()
        guard rest.count == 13, rest.allSatisfy({ $0.isASCII && $0.isNumber }) else {
            return "a registration number (登録番号) is T and 13 digits, and \"\(number)\" has "
                + "\(rest.filter { $0.isASCII && $0.isNumber }.count) digits"
                + (rest.allSatisfy { $0.isASCII && $0.isNumber } ? "" : " and other characters")
                + ". Fix: write it as on the registration notice, e.g. T7000012050002"
        }
        let digits = rest.compactMap(\.wholeNumberValue)
        let expected = checkDigit(Array(digits.dropFirst()))
        guard digits[0] == expected else {
            return "the check digit of registration number \"\(number)\" (its first digit, \(digits[0])) is wrong: "
                + "the twelve digits after it give \(expected). Fix: correct the number "
                + "(T\(expected)\(rest.dropFirst()) if the other digits are right)"
        }
        return nil
    }
}
