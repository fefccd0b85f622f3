import DrawingModule

/// Walks a drawing's commands through groups, parts and form fields' appearances, with each command's location:
/// what the checks made before layout (form fields' names, the glyphs a reader may type) look through.
package enum DrawingWalk {
    /// True when `commands` hold a command of `kind` where `visit` reaches: most pages hold no form field or code,
    /// and walking them with locations costs more than laying out some of their commands.
    package static func holds(_ kind: Drawing.Command.Kind, in commands: [Drawing.Command]) -> Bool {
        commands.withUnsafeBufferPointer { commands in
            for index in commands.indices {
                if commands[index].kind == kind { return true }
                switch commands[index] {
                case .group(let group): if holds(kind, in: group.commands) { return true }
                case .part(let part): if holds(kind, in: part.drawing.commands) { return true }
                case .formField(let field): if holds(kind, in: field.appearance) { return true }
                default: continue
                }
            }
            return false
        }
    }

    /// Calls `body` with every command of `drawing` (page `page`) that is not a group or a part, and its location,
    /// in drawing order; a form field, then the commands of its appearance.
    package static func visit(
        _ drawing: Drawing, page: Int, _ body: (Drawing.Command, RenderLocation) throws -> Void
    ) throws {
        // Each command is read in place: iterating the array copies every command out first.
        func walk(_ commands: [Drawing.Command], under parent: RenderLocation) throws {
            let parent = parent.flattened
            try commands.withUnsafeBufferPointer { commands in
                for index in commands.indices {
                    let here = parent.appending("commands", index: index)
                    switch commands[index] {
                    case .group(let group): try walk(group.commands, under: here)
                    case .part(let part):
                        try walk(part.drawing.commands, under: here.below(".drawing"))
                    case .formField(let field):
                        try body(commands[index], here)
                        try walk(field.appearance, under: here.appearance)
                    default: try body(commands[index], here)
                    }
                }
            }
        }
        try walk(drawing.commands, under: RenderLocation(page: page))
    }

    /// Calls `body` with every form field of `drawing` (page `page`) and its location, through groups and parts.
    package static func visitFormFields(
        _ drawing: Drawing, page: Int, _ body: (Drawing.Command.FormField, RenderLocation) throws -> Void
    ) throws {
        guard holds(.formField, in: drawing.commands) else { return }
        try visit(drawing, page: page) { command, location in
            if case .formField(let field) = command { try body(field, location) }
        }
    }
}

extension RenderLocation {
    /// Where a form field's appearance commands are: the texts of a field at `commands[3]` are laid out (and their
    /// glyphs subset) at `commands[3].appearance.commands[…]`, wherever the appearance is drawn.
    package var appearance: RenderLocation { below(".appearance") }
}
