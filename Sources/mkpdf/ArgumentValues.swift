import ArgumentParser
import Render

/// The library's option values as command-line arguments: one enum each, no mirror in the CLI.
extension PDFFontMode: ExpressibleByArgument {}

extension OutputFormat: ExpressibleByArgument {
    /// The format `-o`'s extension names.
    /// - Throws: `RenderCommandFailure` for any other extension.
    static func of(output path: String) throws -> OutputFormat {
        guard let format = OutputFormat(path: path) else {
            throw RenderCommandFailure(
                description: "-o \(path): the output must end in .pdf or .png. "
                    + "Fix: name the output file.pdf or file.png")
        }
        return format
    }
}
