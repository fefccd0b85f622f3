import Batch
import Documents
import Foundation
import Render
import TestSupport

/// Shared inputs for the batch tests: the repository's ticket template and generated member lists.
enum Fixtures {
    /// Templates/ticket.yaml, loaded once.
    static let template: Template = {
        do {
            return try Template(contentsOf: Repo.root.appendingPathComponent("Templates/ticket.yaml"))
        } catch {
            fatalError("Templates/ticket.yaml does not load: \(error)")
        }
    }()

    /// The job the tests run: PDF (and optionally PNG) per record, named ticket-MEMBER.
    static func job(formats: [OutputFormat] = [.pdf], name: String = "ticket-{{member}}") throws -> RecordJob {
        RecordJob(
            template: template, formats: formats, name: try OutputName(name), rules: try TicketRules(),
            output: OutputOptions(scale: .factor(1)))
    }

    /// The member number of record `index`.
    static func member(_ index: Int) -> String { "GCG-\(String(format: "%05d", 10_000 + index))" }

    /// A CSV of `count` good members (columns member, ticket, venue, and email, which the template also uses).
    static func csv(count: Int) -> String {
        var text = "member,ticket,venue,email\n"
        for index in 0..<count {
            text += "\(member(index)),FN-\(100 + index % 900)-\(index),東京ドーム〜①髙,m\(index)@example.com\n"
        }
        return text
    }

    /// Writes `text` to `name` in `scratch`.
    static func write(_ text: String, _ name: String, in scratch: Scratch) throws -> URL {
        let url = scratch.file(name)
        try Data(text.utf8).write(to: url)
        return url
    }

    /// The manifest's entries in file order; fails on any line that is not an entry.
    static func entries(_ url: URL) throws -> [ManifestEntry] {
        let text = try String(contentsOf: url, encoding: .utf8)
        return try text.split(separator: "\n").map { line in
            guard let entry = ManifestEntry(jsonLine: String(line)) else { throw BadLine(line: String(line)) }
            return entry
        }
    }

    /// A manifest line that does not parse.
    struct BadLine: Error { var line: String }
}
