import Foundation
import Haru
import TestSupport
import Testing

/// Documents are freed: making and dropping many does not grow the process.
@Suite struct MemoryTests {
    /// Resident set size in bytes, from /proc/self/statm (pages × page size).
    static func residentBytes() throws -> Int {
        let statm = try String(contentsOfFile: "/proc/self/statm", encoding: .utf8)
        let pages = Int(statm.split(separator: " ")[1])!
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    static func oneDocument() throws -> Int {
        try ticketBytes(member: 40167).count
    }

    /// A small ticket-like document for member number `member`, with a failed call along the way.
    static func ticketBytes(member: Int) throws -> Data {
        let document = try PDFDocument()
        let page = try document.addPage(size: PageSize(width: 400, height: 150))
        let gothic = try document.font(.msGothic)
        try page.setAlpha(fill: 0.5)
        try page.fill(.rectangle(x: 10, y: 10, width: 100, height: 50))
        try page.text { t in
            try t.setFont(gothic, size: 12)
            try t.show("入場整理券 FN-579-413 GCG-\(member)", x: 20, y: 100)
        }
        _ = try? document.font(named: "NoSuchFont", encoding: .winAnsi)
        return try document.data()
    }

    @Test func thousandDocumentsDoNotGrowResidentMemory() throws {
        for _ in 0..<100 { _ = try Self.oneDocument() }
        // The least growth of three windows: a leak grows each one; suites running beside this one in the process
        // (filling their caches) only some — a clean clone's CI once saw 58 MB in a single window.
        var growth = Int.max
        var total = 0
        for _ in 0..<3 {
            let before = try Self.residentBytes()
            for _ in 0..<1000 { total += try Self.oneDocument() }
            growth = min(growth, try Self.residentBytes() - before)
        }
        #expect(total > 0)
        #expect(growth < 20 << 20, "RSS grew by \(growth >> 10) KiB over 1000 documents")
    }
}
