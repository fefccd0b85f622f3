/// The registered colours: numbered slots, each a stroke and a fill colour, optionally named by role.
///
/// Register a few colours once, name each by its role (`main`, `textDark`, `lineStrong`),
/// and draw every element with a slot, so changing a role's colour touches one line. New slots start as
/// defaults, black stroke and white fill.
public struct Palette: Hashable, Sendable {
    /// One registered colour pair.
    public struct Slot: Codable, Hashable, Sendable {
        /// The role name the slot is addressed by, if it has one.
        public var role: String?
        /// The colour for lines, outlines and text.
        public var stroke: Color
        /// The colour for filled areas.
        public var fill: Color

        /// Creates a slot; the defaults are a black stroke and a white fill.
        public init(role: String? = nil, stroke: Color = .black, fill: Color = .white) {
            self.role = role
            self.stroke = stroke
            self.fill = fill
        }
    }

    /// The slots in the order they were added; a slot's index is its position here.
    public private(set) var slots: [Slot]

    /// Creates an empty palette; add slots with `addSlots(_:)` or `addSlot(role:stroke:fill:)`.
    public init() {
        slots = []
    }

    /// Creates a palette holding `slots`; role names must be unique and non-empty, colours within 0…1.
    public init(slots: [Slot]) throws(CanvasError) {
        self.slots = []
        for slot in slots {
            try checkRole(slot.role, operation: "Palette(slots:)")
            try checkColor(slot.stroke, operation: "Palette(slots:)", argument: "stroke")
            try checkColor(slot.fill, operation: "Palette(slots:)", argument: "fill")
            self.slots.append(slot)
        }
    }

    /// How many slots are registered.
    public var count: Int { slots.count }

    /// The role names in slot order, for error messages and templates.
    public var roles: [String] { slots.compactMap(\.role) }

    /// The index of the slot registered under `role`, or nil.
    public func index(named role: String) -> Int? {
        slots.firstIndex { $0.role == role }
    }

    /// The slot registered under `role`, or nil.
    public func slot(named role: String) -> Slot? {
        index(named: role).map { slots[$0] }
    }

    /// The index `ref` names, or the error saying why it names none; `operation` goes into the message.
    public func resolve(_ ref: SlotRef, for operation: String) throws(CanvasError) -> Int {
        switch ref {
        case .index(let index):
            guard slots.indices.contains(index) else {
                throw .slotOutOfRange(operation: operation, index: index, count: slots.count)
            }
            return index
        case .role(let role):
            guard let index = index(named: role) else {
                throw .unknownRole(operation: operation, role: role, known: roles)
            }
            return index
        }
    }

    /// The slot `ref` names; throws as `resolve(_:for:)` does.
    public func slot(_ ref: SlotRef, for operation: String = "slot") throws(CanvasError) -> Slot {
        slots[try resolve(ref, for: operation)]
    }

    /// Appends `count` unnamed default slots and returns their indices.
    @discardableResult
    public mutating func addSlots(_ count: Int) throws(CanvasError) -> Range<Int> {
        guard count >= 1 else { throw .tooFewSlots(count: count) }
        let start = slots.count
        slots.append(contentsOf: repeatElement(Slot(), count: count))
        return start..<slots.count
    }

    /// Appends one slot named `role` and returns its index; the role must be new and non-empty.
    @discardableResult
    public mutating func addSlot(role: String, stroke: Color = .black, fill: Color = .white) throws(CanvasError) -> Int
    {
        try checkRole(role, operation: "addSlot")
        try checkColor(stroke, operation: "addSlot", argument: "stroke")
        try checkColor(fill, operation: "addSlot", argument: "fill")
        slots.append(Slot(role: role, stroke: stroke, fill: fill))
        return slots.count - 1
    }

    /// Sets the stroke colour (lines, outlines, text) of the slot `ref` names.
    public mutating func setStroke(_ ref: SlotRef, _ color: Color) throws(CanvasError) {
        let index = try resolve(ref, for: "setStroke")
        try checkColor(color, operation: "setStroke", argument: "color")
        slots[index].stroke = color
    }

    /// Sets the fill colour of the slot `ref` names.
    public mutating func setFill(_ ref: SlotRef, _ color: Color) throws(CanvasError) {
        let index = try resolve(ref, for: "setFill")
        try checkColor(color, operation: "setFill", argument: "color")
        slots[index].fill = color
    }

    /// Removes every slot.
    public mutating func removeAll() {
        slots.removeAll()
    }

    private func checkRole(_ role: String?, operation: String) throws(CanvasError) {
        guard let role else { return }
        guard !role.isEmpty else {
            throw .invalidArgument(
                operation: operation, argument: "role", value: "\"\"", rule: "a role name is not empty")
        }
        if let existing = index(named: role) { throw .duplicateRole(role: role, index: existing) }
    }
}

/// Rejects colours renderers cannot draw, naming the operation and the argument.
func checkColor(_ color: Color, operation: String, argument: String) throws(CanvasError) {
    guard color.isValid else {
        throw .invalidArgument(
            operation: operation, argument: argument,
            value: "(\(color.red), \(color.green), \(color.blue), \(color.alpha))",
            rule: "each colour component is a number within 0…1")
    }
}

extension Palette: Codable {
    private enum CodingKeys: String, CodingKey { case slots }

    /// Reads `{"slots": [...]}`, rejecting duplicate or empty role names and out-of-range colours.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let slots = try container.decode([Slot].self, forKey: .slots)
        do {
            try self.init(slots: slots)
        } catch {
            throw DecodingError.dataCorruptedError(forKey: .slots, in: container, debugDescription: error.description)
        }
    }

    /// Writes `{"slots": [...]}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(slots, forKey: .slots)
    }
}
