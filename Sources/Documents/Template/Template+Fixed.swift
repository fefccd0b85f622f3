import DrawingModule
import Expressions
import Fonts
import Foundation
import Layout
import Support

/// One loaded template, by identity: what its fixed commands are cached under. Made once per load, so a template
/// loaded again (its file changed) never finds another's commands; held by the cache's keys, so its address cannot
/// be reused while they are kept.
final class TemplateIdentity: Sendable {}

/// A stretch of consecutive fixed top-level elements of a loaded template whose commands are kept: the template, the
/// first element's place in it, and what their commands and checks depend on besides (the font registry by identity,
/// held; the barcode grid).
struct FixedElementKey: Hashable, Sendable {
    var template: TemplateIdentity
    var index: Int
    var fonts: FontRegistry?
    var pixelsPerPoint: Double
    /// Whether the commands were set and encoded as they were made (`TemplateRenderOptions.setsLayout`).
    var setsLayout = true

    static func == (a: FixedElementKey, b: FixedElementKey) -> Bool {
        a.template === b.template && a.index == b.index && a.fonts === b.fonts && a.pixelsPerPoint == b.pixelsPerPoint
            && a.setsLayout == b.setsLayout
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(template))
        hasher.combine(index)
        hasher.combine(fonts.map(ObjectIdentifier.init))
        hasher.combine(pixelsPerPoint)
        hasher.combine(setsLayout)
    }
}

/// What filling templates keeps for one owner of many documents (its `RenderContext`'s shelf, through
/// `TemplateRenderOptions.context`): the commands of templates' fixed elements, made and checked once, since every
/// record of a batch draws the same frame, rules and labels and only the elements that read a value are made again;
/// and each loaded template's text boxes as last checked.
final class FixedElements: ShelvedCache {
    /// The commands of each stretch of fixed elements, by template, place, fonts and grid.
    let commands = BoundedCache<FixedElementKey, [Drawing.Command]>(limit: 4096)
    /// The checked text boxes of each loaded template for a registry, under the key of no element (`index` -1):
    /// found once per record.
    let checkedBoxes = BoundedCache<FixedElementKey, CheckedTextBoxes>(limit: 256)

    init() {}

    func removeAll() {
        commands.removeAll()
        checkedBoxes.removeAll()
    }

    var keptEntries: Int { commands.count + checkedBoxes.count }
}

/// The text boxes of a loaded template's top-level elements as last checked for one font registry, by element: the
/// texts they were filled with and the commands made. A record whose texts for a box are those of the record before
/// (a date, a venue, an issuer every ticket shares) gets the same box back, already checked for glyphs and fit;
/// a changed text is checked again, and only its changed pieces for glyphs.
final class CheckedTextBoxes: @unchecked Sendable {
    /// One box's texts (by piece, with the field each came from) and the commands made from them.
    struct Entry {
        var pieces: [(field: String?, text: String)]
        var commands: [Drawing.Command]

        /// True when `pieces` have the same fields and, byte for byte, the same texts.
        func holds(_ pieces: [(field: String?, text: String)]) -> Bool {
            self.pieces.count == pieces.count
                && zip(self.pieces, pieces).allSatisfy { $0.field == $1.field && $0.text.hasSameUTF8(as: $1.text) }
        }
    }

    private let lock = NSLock()
    private var entries: [Int: Entry] = [:]

    /// The box of element `index` as last checked.
    func entry(_ index: Int) -> Entry? {
        lock.lock()
        defer { lock.unlock() }
        return entries[index]
    }

    /// Keeps `entry` as element `index`'s box last checked.
    func store(_ entry: Entry, at index: Int) {
        lock.lock()
        defer { lock.unlock() }
        entries[index] = entry
    }
}

extension TemplateElement {
    /// True when the element's commands cannot depend on the values, the data or the page: a line, a shape or an
    /// image, and a text or barcode whose text has no `{{…}}`. Its checks (glyph coverage, fit, the barcode's
    /// layout) then give the same answer every time too.
    var isFixed: Bool {
        switch self {
        case .line, .shape, .image: true
        case .text(let text): text.text.isLiteral
        case .barcode(let barcode): barcode.data.isLiteral
        case .chart, .part, .loop, .condition, .linked, .field: false
        }
    }
}

/// What a line, shape, text, image or code counts against a page's element budget before it is made: its commands
/// (with the mark of its source line) and an image's decoded bytes.
struct ElementCharge: Sendable {
    var count: Int
    var mark: TemplateMark?
    var image: Data?

    /// The charge of `element`; nil for elements counted as they are made (charts, parts, loops …).
    init?(_ element: TemplateElement) {
        switch element {
        case .line(let line): self.init(count: line.repetition.count)
        case .shape(let shape): self.init(count: shape.repetition.count)
        case .text(let text): self.init(count: text.repetition.count, mark: text.mark)
        case .image(let image): self.init(count: 1, image: image.data)
        case .barcode(let barcode): self.init(count: 1, mark: barcode.mark)
        case .chart, .part, .loop, .condition, .linked, .field: return nil
        }
    }

    init(count: Int, mark: TemplateMark? = nil, image: Data? = nil) {
        self.count = count
        self.mark = mark
        self.image = image
    }
}

/// The top-level elements of a template in stretches, found once when it is loaded: each run of consecutive fixed
/// elements (`isFixed`), whose commands are kept, with their charges; each other element alone.
enum ElementStretch: Sendable {
    case fixed(Range<Int>, charges: [ElementCharge])
    case made(Int)

    /// The stretches of `elements`, in order.
    static func stretches(of elements: [TemplateElement]) -> [ElementStretch] {
        var stretches: [ElementStretch] = []
        var index = elements.startIndex
        while index < elements.endIndex {
            guard elements[index].isFixed else {
                stretches.append(.made(index))
                index += 1
                continue
            }
            var end = index + 1
            while end < elements.endIndex, elements[end].isFixed { end += 1 }
            stretches.append(.fixed(index..<end, charges: elements[index..<end].compactMap(ElementCharge.init)))
            index = end
        }
        return stretches
    }
}

extension Template {
    /// Appends the commands of the template's top-level elements: those of each stretch of consecutive fixed
    /// elements (`isFixed`) from the context's cache (`TemplateRenderOptions.context`) once made and checked for the
    /// same fonts and grid, the others made for `scope`. Every element is counted against `budget` as when it is
    /// made, so limits and the deadline hold alike; with no context every element is made.
    func drawElements(
        scope: TemplateScope, options: TemplateRenderOptions, into commands: inout [Drawing.Command],
        budget: inout ElementBudget
    ) throws(TemplateError) {
        let origin = Point(x: 0, y: 0)
        let kept = options.context?.caches.cache(FixedElements.self)
        var checked: CheckedTextBoxes?
        for stretch in stretches {
            switch stretch {
            case .made(let index):
                guard case .text(let text) = elements[index], let frame = text.box, let fonts = options.fonts else {
                    try draw(
                        elements[index], scope: scope, base: origin, options: options, into: &commands,
                        budget: &budget)
                    continue
                }
                if checked == nil, let kept {
                    checked = checkedBoxes(in: kept, fonts: fonts, pixelsPerPoint: options.pixelsPerPoint)
                }
                let start = commands.count
                try drawTextBox(
                    text, frame: frame, scope: scope, base: origin, options: options, into: &commands,
                    budget: &budget, checked: checked.map { ($0, index) })
                Self.tag(text, commandsFrom: start, in: &commands)
            case .fixed(let range, let charges):
                // A stretch is cached under its first element's place: the template's elements never change.
                let key = kept.map { _ in
                    FixedElementKey(
                        template: identity, index: range.lowerBound, fonts: options.fonts,
                        pixelsPerPoint: options.pixelsPerPoint, setsLayout: options.setsLayout)
                }
                if let kept, let key, let made = kept.commands.value(for: key) {
                    for charge in charges { try budget.add(charge, file: file) }
                    commands += made
                } else {
                    var made: [Drawing.Command] = []
                    for index in range {
                        try draw(
                            elements[index], scope: scope, base: origin, options: options, into: &made,
                            budget: &budget)
                    }
                    if let kept, let key { kept.commands.store(made, for: key) }
                    commands += made
                }
            }
        }
    }

    /// The text boxes this template last checked with `fonts`, kept in `kept`, made empty the first time.
    private func checkedBoxes(
        in kept: FixedElements, fonts: FontRegistry, pixelsPerPoint: Double
    ) -> CheckedTextBoxes {
        let key = FixedElementKey(template: identity, index: -1, fonts: fonts, pixelsPerPoint: pixelsPerPoint)
        if let boxes = kept.checkedBoxes.value(for: key) { return boxes }
        let made = CheckedTextBoxes()
        kept.checkedBoxes.store(made, for: key)
        return made
    }

    /// Counts a fixed element's commands (and an image's decoded bytes) against `budget`, before they are made.
    func charge(_ element: TemplateElement, budget: inout ElementBudget) throws(TemplateError) {
        if let charge = ElementCharge(element) { try budget.add(charge, file: file) }
    }
}

extension Template.ElementBudget {
    /// Counts `charge` against the budget: its commands, then an image's decoded bytes.
    mutating func add(_ charge: ElementCharge, file: String) throws(TemplateError) {
        try add(charge.count, file: file, mark: charge.mark)
        if let image = charge.image { try addImage(image, file: file, mark: nil) }
    }
}
