import DrawingModule
import Fonts
import Support

/// The shapings of one document's texts, by everything a shaping depends on: a text drawn again (a report column's
/// names, ranks and dates, row after row) is shaped once per document, and the PDF records its glyphs for the
/// subsets once.
///
/// One cache serves one document's layout on one thread (a `LayoutRun`'s). Behind it, when the layout has a
/// `RenderContext`, the shapings of its recent documents drawn with the same font registry (`RecentShapings`): a
/// batch's labels, drawn on every record's page, are shaped once for the batch, and each document is still told a
/// text is new to it the first time it asks, so the PDF records its glyphs for that document's subsets.
final class TextLayoutCache {
    /// What a text's shaping depends on: its characters, font, size, features, spacing, and whether it is a cell of
    /// a vertical column (which the PDF registers differently); not where it goes or its colour. Texts and fonts
    /// are told apart by their UTF-8 bytes, through a digest of them taken once (`utf8Digest`).
    struct Key: Hashable, Sendable {
        var string: String
        var font: String
        var size: Double
        var verticalAlternates: Bool
        var proportional: Bool
        var vertical: Bool
        var features: [String]?
        var characterSpacing: Double?
        var adjustments: [Double]?
        private var digest: UInt64

        init(_ text: Drawing.Command.Text) {
            string = text.string
            font = text.font
            size = text.size
            verticalAlternates = text.verticalAlternates == true
            proportional = text.proportional == true
            vertical = text.vertical == true
            features = text.features
            characterSpacing = text.characterSpacing
            adjustments = text.adjustments
            digest = text.font.utf8Digest(continuing: text.string.utf8Digest())
        }

        static func == (left: Key, right: Key) -> Bool {
            left.digest == right.digest && left.size == right.size
                && left.verticalAlternates == right.verticalAlternates && left.proportional == right.proportional
                && left.vertical == right.vertical && left.characterSpacing == right.characterSpacing
                && left.features == right.features && left.adjustments == right.adjustments
                && left.string.hasSameUTF8(as: right.string) && left.font.hasSameUTF8(as: right.font)
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(digest)
            hasher.combine(size)
            hasher.combine(verticalAlternates)
            hasher.combine(proportional)
            hasher.combine(vertical)
            hasher.combine(features)
            hasher.combine(characterSpacing)
            hasher.combine(adjustments)
        }
    }

    /// A shaping kept across documents: the text's key and the registry its font chain came from (held, so its
    /// address is not reused while the entry is kept; a registry's chain for a name never changes).
    struct SharedKey: Hashable, Sendable {
        var text: Key
        var fonts: FontRegistry

        static func == (left: SharedKey, right: SharedKey) -> Bool {
            left.fonts === right.fonts && left.text == right.text
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(ObjectIdentifier(fonts))
            hasher.combine(text)
        }
    }

    /// The shapings of this document so far, by text: those a kept beginning gave back (`given`, shared with every
    /// page given it, not copied) and those made or found since.
    var shapings: [Key: TextLayout.Shaping] {
        get { own.isEmpty ? given : given.merging(own) { _, made in made } }
        set {
            given = newValue
            own.removeAll(keepingCapacity: true)
        }
    }
    /// How many shapings the document remembers.
    var count: Int { given.count + own.count }

    /// Forgets the document's shapings (a long document's, past a bound): a text met again is found or shaped anew
    /// and told new to the document.
    func forget() {
        given = [:]
        own.removeAll(keepingCapacity: true)
    }

    /// The shapings a kept beginning gave back, never added to.
    private var given: [Key: TextLayout.Shaping] = [:]
    /// The shapings made or found for this document apart from `given`.
    private var own: [Key: TextLayout.Shaping] = [:]
    /// The context's shapings of recent documents, or nil (no context: every text shaped for its document).
    private let recent: RecentShapings?

    /// An empty cache in front of `recent`, with room for a short document's texts: a ticket's few, found or
    /// shaped one by one, would otherwise regrow the table for each.
    init(recent: RecentShapings?) {
        self.recent = recent
        own.reserveCapacity(8)
    }

    /// The shaping stored for `text`, or the one shaped for an earlier document with `fonts`, or the one `make`
    /// makes (then stored), and whether it is new to this document.
    func shaping(
        for text: Drawing.Command.Text, fonts: FontRegistry, make: () throws(RenderError) -> TextLayout.Shaping
    ) throws(RenderError) -> (shaping: TextLayout.Shaping, isNew: Bool) {
        let key = Key(text)
        if !given.isEmpty, let known = given[key] { return (known, false) }
        if let known = own[key] { return (known, false) }
        let shaping: TextLayout.Shaping
        if let recent {
            let shared = SharedKey(text: key, fonts: fonts)
            if let kept = recent.entries.value(for: shared) {
                shaping = kept
            } else {
                shaping = try make()
                recent.entries.store(shaping, for: shared)
            }
        } else {
            shaping = try make()
        }
        own[key] = shaping
        return (shaping, true)
    }
}

/// The shapings of a context's recent documents' texts, for `TextLayoutCache`: on the context's shelf, emptied with
/// it (`mkpdf-bench --cold`).
final class RecentShapings: ShelvedCache {
    /// The shapings, by text and registry.
    let entries = BoundedCache<TextLayoutCache.SharedKey, TextLayout.Shaping>(limit: 4096)

    init() {}

    func removeAll() { entries.removeAll() }

    var keptEntries: Int { entries.count }
}
