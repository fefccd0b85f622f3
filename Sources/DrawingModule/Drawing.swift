/// One page of graphics as data: a size, a background, the palette it was drawn with, and its commands in order.
///
/// Drawing only builds this command collection; pixels and PDF operators come later, from a renderer. This
/// value is that collection — built by `Canvas`, saved as JSON, rendered by the PDF and raster renderers alike.
public struct Drawing: Codable, Hashable, Sendable {
    /// The page size in points.
    public var size: Size
    /// The colour painted under everything, or nil for a transparent page.
    public var background: Color?
    /// The palette at the time the drawing was finished; commands carry their own colours, so this is for reference
    /// and for editing tools, not for rendering.
    public var palette: Palette
    /// The drawn elements, first drawn first.
    public var commands: [Command]

    /// Creates a drawing from its parts.
    public init(size: Size, background: Color? = nil, palette: Palette = Palette(), commands: [Command] = []) {
        self.size = size
        self.background = background
        self.palette = palette
        self.commands = commands
    }

    private enum CodingKeys: String, CodingKey { case size, background, palette, commands }

    /// Reads a drawing, rejecting a page size no renderer can draw.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        size = try container.decode(Size.self, forKey: .size)
        guard size.width.isFinite, size.height.isFinite, size.width > 0, size.height > 0 else {
            throw DecodingError.dataCorruptedError(
                forKey: .size, in: container,
                debugDescription: "page size \(size.width)×\(size.height) pt: width and height must be greater than 0")
        }
        background = try container.decodeIfPresent(Color.self, forKey: .background)
        palette = try container.decodeIfPresent(Palette.self, forKey: .palette) ?? Palette()
        commands = try container.decodeIfPresent([Command].self, forKey: .commands) ?? []
        if let (path, reason) = Self.firstProblem(in: commands, path: [CodingKeys.commands]) {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath + path, debugDescription: reason))
        }
    }

    /// A coding-path element for error locations found after decoding.
    private struct PathKey: CodingKey {
        var stringValue: String
        var intValue: Int?
        init(stringValue: String) { self.stringValue = stringValue }
        init(intValue: Int) {
            self.stringValue = "\(intValue)"
            self.intValue = intValue
        }
    }

    /// The first value the canvas would have refused (a negative width, a zero font size …), with its path; JSON
    /// written by hand must obey the same rules as drawings built with `Canvas`.
    private static func firstProblem(in commands: [Command], path: [any CodingKey]) -> ([any CodingKey], String)? {
        for (index, command) in commands.enumerated() {
            let here = path + [PathKey(intValue: index)]
            func at(_ field: String, _ reason: String) -> ([any CodingKey], String) {
                (here + [PathKey(stringValue: field)], reason)
            }
            switch command {
            case .line(let line) where line.width < 0:
                return at("width", "a line width is 0 or more, got \(line.width)")
            case .rect(let shape) where shape.lineWidth < 0, .ellipse(let shape) where shape.lineWidth < 0:
                return at("lineWidth", "a line width is 0 or more, got \(shape.lineWidth)")
            case .text(let text) where !(text.size > 0):
                return at("size", "a font size is greater than 0, got \(text.size)")
            case .text(let text) where text.font.isEmpty:
                return at("font", "name a logical font such as gothic, mincho, sans, serif or mono")
            case .text(let text) where (text.boxWidth ?? 0) < 0:
                return at("boxWidth", "a box width is 0 or more, got \(text.boxWidth ?? 0)")
            case .textBox(let box):
                if let (member, reason) = box.firstProblem { return at(member, reason) }
            case .formField(let field):
                if let (member, reason) = field.firstProblem { return at(member, reason) }
            case .group(let group):
                if let problem = firstProblem(in: group.commands, path: here + [PathKey(stringValue: "commands")]) {
                    return problem
                }
            default:
                continue
            }
        }
        return nil
    }

    /// Every text command, including those inside groups and parts, in drawing order, and each text box's runs as
    /// text at the box's origin (their family names as written: the renderers set boxes through Typeset).
    public var texts: [Command.Text] {
        func collect(_ commands: [Command], into result: inout [Command.Text]) {
            for command in commands {
                switch command {
                case .text(let text): result.append(text)
                case .textBox(let box):
                    for run in box.runs {
                        result.append(
                            Command.Text(
                                color: run.color, string: run.string, font: run.font, size: run.size,
                                origin: box.frame.origin, boxWidth: box.frame.width,
                                alignment: box.alignment))
                    }
                case .group(let group): collect(group.commands, into: &result)
                case .part(let part): collect(part.drawing.commands, into: &result)
                case .formField(let field): collect(field.appearance, into: &result)
                default: break
                }
            }
        }
        var result: [Command.Text] = []
        collect(commands, into: &result)
        return result
    }

    /// How many commands the drawing holds, counting those inside groups and parts.
    public var totalCommandCount: Int {
        func count(_ commands: [Command]) -> Int {
            commands.reduce(0) { total, command in
                switch command {
                case .group(let group): total + 1 + count(group.commands)
                case .part(let part): total + 1 + count(part.drawing.commands)
                default: total + 1
                }
            }
        }
        return count(commands)
    }
}
