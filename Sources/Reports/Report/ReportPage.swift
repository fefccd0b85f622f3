import DrawingModule
import Foundation
import Typeset

/// The paper: its size and the margins around the body; the header and footer live in the top and bottom margins.
public struct PageSetup: Hashable, Sendable {
    /// Space between the paper's edges and the body, in points.
    public struct Margins: Hashable, Sendable {
        /// Above the body; holds the header.
        public var top: Double
        /// Left of the body.
        public var left: Double
        /// Below the body; holds the footer.
        public var bottom: Double
        /// Right of the body.
        public var right: Double

        /// Creates margins.
        public init(top: Double, left: Double, bottom: Double, right: Double) {
            self.top = top
            self.left = left
            self.bottom = bottom
            self.right = right
        }

        /// The same margin on every side.
        public init(all: Double) {
            self.init(top: all, left: all, bottom: all, right: all)
        }
    }

    /// The paper width in points.
    public var width: Double
    /// The paper height in points.
    public var height: Double
    /// The margins.
    public var margins: Margins
    /// The first page's top and bottom margins when they differ from the others' (room for an addressee block on
    /// page 1 of a 請求書); nil keeps `margins`.
    public var firstPageTop: Double?
    /// The first page's bottom margin, when it differs; nil keeps `margins.bottom`.
    public var firstPageBottom: Double?

    /// Creates a page setup.
    public init(width: Double, height: Double, margins: Margins = Margins(top: 72, left: 56, bottom: 64, right: 56)) {
        self.width = width
        self.height = height
        self.margins = margins
    }

    /// A page of `paper` in `orientation` with the default margins.
    public init(paper: Paper, orientation: Paper.Orientation = .portrait) {
        let size = paper.size(orientation)
        self.init(width: size.width, height: size.height)
    }

    /// ISO A4 portrait (the default report page).
    public static let a4 = PageSetup(paper: .a4)

    /// The rectangle body content flows in, left/top origin, in points.
    public var contentTop: Double { margins.top }
    /// The bottom edge of the body area.
    public var contentBottom: Double { height - margins.bottom }

    /// The top of the body on page `index` (0-based).
    public func contentTop(page index: Int) -> Double { index == 0 ? firstPageTop ?? margins.top : margins.top }

    /// The bottom of the body on page `index` (0-based).
    public func contentBottom(page index: Int) -> Double {
        height - (index == 0 ? firstPageBottom ?? margins.bottom : margins.bottom)
    }
    /// The body width.
    public var contentWidth: Double { width - margins.left - margins.right }
}

/// What every page carries around the body: a header above it and a footer below, each a row of items.
///
/// Texts may hold `{{page}}` and `{{pages}}` (and `{{title}}`); they are filled in after the body is laid out, when
/// the page count is known, so "page 3 of 12" is right on every page.
public struct PageTemplate: Hashable, Sendable {
    /// One thing in a header or footer.
    public enum Item: Hashable, Sendable {
        /// A line of text placed left, centred or right.
        case text(String, alignment: ParagraphAlignment = .left, size: Double = 8)
        /// A horizontal rule across the body width, between the band and the body.
        case rule(width: Double = 0.5)
        /// A PNG or JPEG logo of a given height (its width follows the image's aspect), placed left or right.
        case image(data: Data, height: Double, alignment: ParagraphAlignment = .left)
    }

    /// Items above the body.
    public var header: [Item]
    /// Items below the body.
    public var footer: [Item]
    /// Whether the first page gets the header too (a title page often does not).
    public var headerOnFirstPage: Bool

    /// Creates a page template.
    public init(header: [Item] = [], footer: [Item] = [], headerOnFirstPage: Bool = true) {
        self.header = header
        self.footer = footer
        self.headerOnFirstPage = headerOnFirstPage
    }

    /// A footer with "page X of Y" centred and a rule above it: the common case.
    public static let pageNumbers = PageTemplate(footer: [.rule(), .text("{{page}} / {{pages}}", alignment: .center)])
}
