import DrawingModule
import Foundation
import Support

/// Tickets laid out on sheets in a grid (`--impose a4 --grid 2x5 --crop-marks`): where each ticket goes, scaled to
/// fit its cell (never enlarged), with crop marks in the gutters, as one vector `Drawing` per sheet.
///
/// Each ticket is placed with the Drawing `part` command, so the sheet stays vector and its text stays text.
public struct ImpositionLayout: Sendable, Hashable {

    /// The sheet size in points.
    public let sheet: Size
    /// Tickets across.
    public let columns: Int
    /// Tickets down.
    public let rows: Int
    /// Where each ticket goes on a sheet, row by row from the top left.
    public let cells: [Rect]
    /// True when crop marks are drawn at each ticket's corners.
    public let cropMarks: Bool

    /// The margin kept clear at each sheet edge (10 mm), where printers cannot print.
    public static let margin = 28.35
    /// The space between tickets when crop marks are drawn (they sit in it).
    public static let gutter = 18.0

    /// Lays out tickets of `ticket` size on `sheet`: `grid` (columns, rows) when given, else as many as fit unscaled.
    /// - Throws: `BatchError.badOption` for a grid of zero or a ticket that cannot fit at all.
    public init(
        sheet: Size = Paper.a4.size, ticket: Size, grid: (columns: Int, rows: Int)? = nil,
        cropMarks: Bool = true
    ) throws(BatchError) {
        let gutter = cropMarks ? Self.gutter : 0
        let width = sheet.width - 2 * Self.margin
        let height = sheet.height - 2 * Self.margin
        let columns =
            grid?.columns ?? max(1, Int(roundedClamping: (width + gutter) / (ticket.width + gutter), .towardZero))
        let rows = grid?.rows ?? max(1, Int(roundedClamping: (height + gutter) / (ticket.height + gutter), .towardZero))
        guard columns > 0, rows > 0, columns * rows <= 400 else {
            throw .badOption(option: "--grid \(columns)x\(rows)", reason: "give 1 to 400 cells, e.g. --grid 2x5")
        }
        let cellWidth = (width - Double(columns - 1) * gutter) / Double(columns)
        let cellHeight = (height - Double(rows - 1) * gutter) / Double(rows)
        let scale = min(1, cellWidth / ticket.width, cellHeight / ticket.height)
        guard scale > 0.05 else {
            throw .badOption(
                option: "--grid \(columns)x\(rows)",
                reason: "tickets would be shrunk to \(Int(scale * 100))%. Fix: use fewer cells")
        }
        let placed = Size(width: ticket.width * scale, height: ticket.height * scale)
        var cells: [Rect] = []
        for row in 0..<rows {
            for column in 0..<columns {
                let x = Self.margin + Double(column) * (cellWidth + gutter) + (cellWidth - placed.width) / 2
                let y = Self.margin + Double(row) * (cellHeight + gutter) + (cellHeight - placed.height) / 2
                cells.append(Rect(origin: Point(x: x, y: y), size: placed))
            }
        }
        self.sheet = sheet
        self.columns = columns
        self.rows = rows
        self.cells = cells
        self.cropMarks = cropMarks
    }

    /// Tickets per sheet.
    public var capacity: Int { cells.count }

    /// One sheet holding `tickets` (at most `capacity`) in reading order, with crop marks around each.
    public func sheet(with tickets: [Drawing]) -> Drawing {
        var commands: [Drawing.Command] = []
        for (ticket, cell) in zip(tickets, cells) {
            // A sheet is for printing and cutting: form fields are drawn flat (and several tickets' fields of one
            // name could not share a sheet).
            commands.append(.part(.init(drawing: ticket.flatteningFormFields(), rect: cell)))
            if cropMarks { commands += marks(around: cell) }
        }
        return Drawing(size: sheet, background: .white, commands: commands)
    }

    /// Two short hairlines at each corner, outside the ticket, pointing along its edges.
    private func marks(around cell: Rect) -> [Drawing.Command] {
        let offset = 3.0
        let length = Self.gutter / 2 - offset
        var lines: [Drawing.Command] = []
        for (x, dx) in [(cell.x, -1.0), (cell.maxX, 1.0)] {
            for (y, dy) in [(cell.y, -1.0), (cell.maxY, 1.0)] {
                lines.append(
                    .line(
                        .init(
                            color: .black, width: 0.25, from: Point(x: x + dx * offset, y: y),
                            to: Point(x: x + dx * (offset + length), y: y))))
                lines.append(
                    .line(
                        .init(
                            color: .black, width: 0.25, from: Point(x: x, y: y + dy * offset),
                            to: Point(x: x, y: y + dy * (offset + length)))))
            }
        }
        return lines
    }

    /// Parses `2x5` (columns × rows).
    /// - Throws: `BatchError.badOption`.
    public static func grid(_ text: String) throws(BatchError) -> (columns: Int, rows: Int) {
        let parts = text.lowercased().split(separator: "x")
        guard parts.count == 2, let columns = Int(parts[0]), let rows = Int(parts[1]), columns > 0, rows > 0 else {
            throw .badOption(option: "--grid \(text)", reason: "write COLUMNSxROWS, e.g. --grid 2x5")
        }
        return (columns, rows)
    }
}
