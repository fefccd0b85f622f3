import DrawingModule
import Foundation
import Render
import TestSupport
import Testing
import Validation

/// The C handles behind each renderer are freed on every path: repeating an operation many times leaves the
/// process's resident memory where it was, where a leaked cairo surface, `HPDF_Doc` or qpdf
/// handle (with the PDF bytes it reads from) would add tens of megabytes.
///
/// Bounds are generous (other suites run in the same process at the same time): each loop would leak several times
/// its bound if the handle it exercises were never freed.
@Suite(.serialized) struct NativeMemoryCAuditTests {
    /// Resident set size in bytes, from `/proc/self/statm` (second field, in pages).
    static func residentBytes() throws -> Int {
        let text = try String(contentsOfFile: "/proc/self/statm", encoding: .utf8)
        let fields = text.split(separator: " ")
        let pages = try #require(fields.count > 1 ? Int(fields[1]) : nil)
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    /// How much resident memory `iterations` runs of `body` add after `warmUp` runs filled caches and allocator pools:
    /// the least of three such windows, since a leak grows every window while the other suites running in this
    /// process at the same time grow only some.
    static func growth(iterations: Int, warmUp: Int = 20, _ body: () throws -> Void) throws -> Int {
        for _ in 0..<warmUp { try body() }
        var least = Int.max
        for _ in 0..<3 {
            let before = try residentBytes()
            for _ in 0..<iterations { try body() }
            least = min(least, try residentBytes() - before)
        }
        return least
    }

    static let megabyte = 1 << 20

    @Test func rasterRendersFreeCairoSurfaces() throws {
        let ticket = try Samples.admissionTicket()
        let renderer = RasterRenderer()
        let added = try Self.growth(iterations: 200) {
            _ = try renderer.bitmap(for: ticket, scale: .factor(1))
        }
        // A leaked 400×150 ARGB surface is 234 KB: 200 renders would add 46 MB.
        #expect(added < 16 * Self.megabyte, "resident memory grew by \(added / 1024) KB over 200 renders")
    }

    @Test func pdfRendersFreeHaruDocuments() throws {
        let ticket = try Samples.admissionTicket()
        let renderer = PDFRenderer()
        let size = try renderer.data(for: ticket).count
        let added = try Self.growth(iterations: 100) {
            _ = try renderer.data(for: ticket)
        }
        // A leaked HPDF_Doc holds at least its finished PDF plus the embedded font subset: ≥ 100 × size.
        #expect(
            added < max(16 * Self.megabyte, 100 * size / 3),
            "resident memory grew by \(added / 1024) KB over 100 PDFs of \(size) bytes")
    }

    @Test func validationsFreeQPDFAndTheBytesItReads() throws {
        var pdf = try PDFRenderer().data(for: try Samples.admissionTicket())
        // Damage the cross-reference offsets so qpdf has to reconstruct, then read on (warnings, a failed check).
        if let range = pdf.range(of: Data("startxref".utf8), options: .backwards) {
            pdf.replaceSubrange(range.upperBound..<pdf.count, with: Data("\n999999\n%%EOF\n".utf8))
        }
        let padded = pdf + Data(repeating: 0x20, count: 256 * 1024)
        let first = try Validator().validate(data: padded, name: "damaged.pdf")
        #expect(!first.findings.isEmpty, "the damaged PDF should give findings")
        let added = try Self.growth(iterations: 150, warmUp: 10) {
            _ = try? Validator().validate(data: padded, name: "damaged.pdf")
        }
        // The copy qpdf reads from is over 256 KB: leaking it (or the qpdf handle) adds ≥ 37 MB per window.
        #expect(added < 16 * Self.megabyte, "resident memory grew by \(added / 1024) KB over 150 validations")
    }
}

/// FreeType faces are shared by every render of one context (a batch renders in parallel): cairo-ft locks a face
/// around each use, and FreeType's face creation and destruction run under the FreeType lock with no cairo call made
/// under it. Renders at different sizes on several threads at once give exactly the pixels of the same renders made
/// one after another, whether they share a context's faces (its caches emptied now and then as others draw) or each
/// opens its own (no context: faces opened and freed on every thread, cairo evicting old ones while new ones are
/// made).
@Suite struct SharedFaceCAuditTests {
    @Test(arguments: [true, false]) func parallelRendersAtMixedSizesMatchSerialOnes(sharingAContext: Bool) throws {
        let ticket = try Samples.admissionTicket(member: "髙GCG-40167", date: "2014年12月20日〜①")
        let scales = [1.0, 2.0, 3.0]
        let reference = try scales.map { try RasterRenderer().bitmap(for: ticket, scale: .factor($0)).pixels }
        let context = RenderContext()
        var configured = RasterRenderer()
        configured.context = sharingAContext ? context : nil
        let renderer = configured
        let mismatches = Mismatches()
        DispatchQueue.concurrentPerform(iterations: sharingAContext ? 48 : 120) { index in
            let which = index % scales.count
            if sharingAContext, index % 8 == 7 { context.removeAll() }
            do {
                let pixels = try renderer.bitmap(for: ticket, scale: .factor(scales[which])).pixels
                if pixels != reference[which] { mismatches.add("render \(index) at scale \(scales[which]) differs") }
            } catch {
                mismatches.add("render \(index) failed: \(error)")
            }
        }
        #expect(mismatches.list.isEmpty, "\(mismatches.list)")
    }

    /// Findings collected from concurrent renders.
    final class Mismatches: @unchecked Sendable {
        private let lock = NSLock()
        private var items: [String] = []
        func add(_ item: String) { lock.withLock { items.append(item) } }
        var list: [String] { lock.withLock { items } }
    }
}
