import Render

extension OutputFormat {
    /// Parses `pdf,png`.
    /// - Throws: `BatchError.badOption` for an unknown or repeated format.
    public static func list(_ text: String) throws(BatchError) -> [OutputFormat] {
        var formats: [OutputFormat] = []
        for part in text.split(separator: ",") {
            let name = part.trimmingCharacters(in: .whitespaces).lowercased()
            guard let format = OutputFormat(rawValue: name) else {
                throw .badOption(
                    option: "--format \(text)",
                    reason: "\"\(name)\" is not a format. Fix: give pdf, png "
                        + "or pdf,png")
            }
            guard !formats.contains(format) else {
                throw .badOption(option: "--format \(text)", reason: "\(name) is given twice")
            }
            formats.append(format)
        }
        guard !formats.isEmpty else {
            throw .badOption(option: "--format \(text)", reason: "no format given. Fix: give pdf, png or pdf,png")
        }
        return formats
    }
}
