import DrawingModule
import Foundation
import Render
import Testing

/// A page's raster is checked against its byte budget before cairo allocates it: a 14,400 pt page at scale 2 (3.3 GB
/// in one allocation, 8.7 GB peak or SIGABRT before) is a `RenderError` naming the limit.
@Suite struct RasterBudgetTests {
    static func page(side: Double) throws -> Drawing {
        var c = Canvas()
        try c.start(width: side, height: side, opaque: true)
        return try c.stop()
    }

    @Test func aHugePageIsAnErrorNamingTheRasterLimit() throws {
        let drawing = try Self.page(side: 14_400)
        let start = ContinuousClock.now
        let error = try #require(throws: RenderError.self) {
            try RasterRenderer().pngData(for: drawing, scale: .factor(2))
        }
        #expect(ContinuousClock.now - start < .seconds(1))
        guard case .limit(let limit, let location) = error else {
            Issue.record("expected the raster-bytes limit, got \(error)")
            return
        }
        #expect(limit.limit == "raster-bytes" && limit.value == 28_800 * 28_800 * 4 && limit.maximum == 512 << 20)
        #expect(location.page == 1)
        #expect(error.description.contains("--limit raster-bytes=N"), "\(error)")
    }

    @Test func aPageWithinTheLimitRendersAndTheLimitCanBeLowered() throws {
        let drawing = try Self.page(side: 100)
        #expect(try RasterRenderer().bitmap(for: drawing, scale: .factor(2)).width == 200)
        var renderer = RasterRenderer()
        renderer.maximumBytes = 200 * 200 * 4 - 1
        #expect(throws: RenderError.self) { try renderer.bitmap(for: drawing, scale: .factor(2)) }
    }
}
