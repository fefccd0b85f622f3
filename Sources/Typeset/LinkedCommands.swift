import DrawingModule

/// The commands of set lines, where the pieces of a linked run that land on one line are gathered into one linked
/// group: the renderers give each group one link area, so a run wrapped over three lines gets three areas, each
/// covering its own glyphs, and a click between the lines goes nowhere.
struct LinkedCommands {
    /// Every command so far, linked pieces inside their groups.
    private(set) var commands: [Drawing.Command] = []
    private var open: (link: String, commands: [Drawing.Command])?

    /// Adds `command`, drawn for a run linking to `link` (nil: not linked).
    mutating func append(_ command: Drawing.Command, link: String?) {
        if let current = open, current.link != link { endLine() }
        guard let link else {
            commands.append(command)
            return
        }
        open = (link, (open?.commands ?? []) + [command])
    }

    /// Closes the linked group of the line just set: the next line's pieces get their own.
    mutating func endLine() {
        guard let current = open else { return }
        commands.append(.group(.init(commands: current.commands, link: current.link)))
        open = nil
    }
}
