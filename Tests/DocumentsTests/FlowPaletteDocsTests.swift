import DrawingModule
import Documents
import Foundation
import TestSupport
import Testing

/// docs/templates.md's table "Colours the flow draws with" is the flow's default palette: every role the layout
/// draws with is listed, with the stroke and fill `ReportStyle.defaultPalette` gives it.
@Suite struct FlowPaletteDocsTests {
    /// The table's rows: role → (stroke, fill) as written (`#RRGGBB` or `white`).
    static func documentedRoles() throws -> [String: (stroke: String, fill: String)] {
        let text = try String(contentsOf: Repo.root.appendingPathComponent("docs/templates.md"), encoding: .utf8)
        let start = try #require(text.range(of: "| Role | What the flow draws with it | Default stroke | Default fill |"))
        var rows: [String: (String, String)] = [:]
        for line in text[start.upperBound...].split(separator: "\n").dropFirst() {
            guard line.hasPrefix("|") else { break }
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            try #require(cells.count == 4, "\(line)")
            rows[cells[0].trimmingCharacters(in: CharacterSet(charactersIn: "`"))] = (
                cells[2].trimmingCharacters(in: CharacterSet(charactersIn: "`")),
                cells[3].trimmingCharacters(in: CharacterSet(charactersIn: "`"))
            )
        }
        return rows
    }

    static func written(_ color: Color) -> String { color == .white ? "white" : color.hex.uppercased() }

    @Test("Every role of the flow's default palette is in docs/templates.md with its default stroke and fill")
    func defaultsAreDocumented() throws {
        let documented = try Self.documentedRoles()
        let palette = ReportStyle.defaultPalette
        #expect(Set(documented.keys) == Set(palette.roles))
        #expect(palette.roles.count == 7)
        for role in palette.roles {
            let slot = try #require(palette.slot(named: role))
            let row = try #require(documented[role], "\(role) is not in the table")
            #expect(row.stroke.uppercased() == Self.written(slot.stroke).uppercased(), "\(role) stroke")
            #expect(row.fill.uppercased() == Self.written(slot.fill).uppercased(), "\(role) fill")
        }
    }
}
