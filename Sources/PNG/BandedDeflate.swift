import CPNG
import Foundation
import Support

/// The image data of a fast PNG, deflated in bands of rows that each start afresh, so a band whose rows equal the
/// same band of a recent image of that size takes the recent image's compressed bytes instead of being deflated
/// again: the tickets of a batch differ in a few rows (the member's text and code), and deflating is most of what a
/// PNG ticket costs.
///
/// Every band is deflated by a reset raw stream and ends with a full flush, so its bytes depend on its own rows
/// alone: the image data is the same whether a band was deflated now or taken from an earlier image (tested).
/// The PNG-side counterpart of the PDF's `ContentPrefixes`; one per owner of many documents (its `RenderContext`'s
/// shelf), or one per image for an encoder given none.
package final class BandedDeflate: ShelvedCache, @unchecked Sendable {
    /// One band's deflated bytes and the Adler-32 of its filtered rows.
    struct Band {
        var compressed: [UInt8]
        var adler: UInt
    }

    /// A recent image: its pixels (an array shares its storage, so keeping one copies nothing) and bands.
    struct Image {
        var width: Int
        var height: Int
        var bytesPerPixel: Int
        var pixels: [UInt8]
        var bands: [Band]
    }

    /// zlib's level: the level libpng's fast setting uses.
    static let level: Int32 = 3
    /// About this many filtered bytes a band: larger bands deflate a little smaller, smaller ones are reused more.
    static let bandBytes = 48 << 10

    private let lock = NSLock()
    private var recent: [Image] = []
    /// Images kept (pages of several kinds rendered side by side each keep theirs).
    private let limit = 4
    /// Larger images are not kept, so a few kept images stay a small part of a batch's memory.
    private let largestPixels = 16 << 20
    private var reusedCount = 0

    /// No recent image yet.
    package init() {}

    /// How many bands were taken from a recent image (for tests and profiles).
    package var reusedBands: Int { lock.withLock { reusedCount } }

    /// How many recent images are kept.
    package var keptEntries: Int { lock.withLock { recent.count } }

    /// Forgets every recent image.
    package func removeAll() {
        lock.withLock {
            recent.removeAll()
            reusedCount = 0
        }
    }

    /// The zlib stream of `pixels` as PNG image data (each row led by filter type 0, none), or nil when zlib fails.
    /// `stop`, when given, is asked before each band: true ends the work and gives nil (a job past its deadline).
    func zlibStream(
        pixels: [UInt8], width: Int, height: Int, bytesPerPixel: Int, stop: (() -> Bool)? = nil
    ) -> [UInt8]? {
        let rowBytes = width * bytesPerPixel
        let rowsPerBand = max(1, Self.bandBytes / (rowBytes + 1))
        let earlier = lock.withLock {
            recent.filter { $0.width == width && $0.height == height && $0.bytesPerPixel == bytesPerPixel }
        }
        guard
            let stream = DeflateStream(
                level: Self.level, windowBits: -15, memoryLevel: 8, strategy: Z_DEFAULT_STRATEGY)
        else { return nil }
        var bands: [Band] = []
        bands.reserveCapacity((height + rowsPerBand - 1) / rowsPerBand)
        var filtered: [UInt8] = []
        var reused = 0
        for top in stride(from: 0, to: height, by: rowsPerBand) {
            if let stop, stop() { return nil }
            let rows = top..<min(height, top + rowsPerBand)
            let span = (rows.lowerBound * rowBytes)..<(rows.upperBound * rowBytes)
            if let band = Self.band(span, at: bands.count, of: pixels, in: earlier) {
                bands.append(band)
                reused += 1
                continue
            }
            filtered.removeAll(keepingCapacity: true)
            for row in rows {
                filtered.append(0)
                filtered.append(contentsOf: pixels[(row * rowBytes)..<((row + 1) * rowBytes)])
            }
            // From a reset stream, ending in a full flush (byte-aligned, no final block).
            var compressed: [UInt8] = []
            guard stream.reset(), filtered.withUnsafeBytes({ stream.feed($0, flush: Z_FULL_FLUSH, into: &compressed) })
            else { return nil }
            let adler = filtered.withUnsafeBufferPointer { UInt(adler32_z(1, $0.baseAddress, $0.count)) }
            bands.append(Band(compressed: compressed, adler: adler))
        }
        // The last, empty block.
        var end: [UInt8] = []
        guard stream.reset(), stream.feed(UnsafeRawBufferPointer(start: nil, count: 0), flush: Z_FINISH, into: &end)
        else { return nil }
        keep(Image(width: width, height: height, bytesPerPixel: bytesPerPixel, pixels: pixels, bands: bands), reused)
        // RFC 1950's header: deflate with a 32 KB window (0x78), the "fast" level hint and its check bits (0x5E).
        var out: [UInt8] = [0x78, 0x5E]
        out.reserveCapacity(bands.reduce(8) { $0 + $1.compressed.count })
        var adler = UInt(1)
        for (index, band) in bands.enumerated() {
            out += band.compressed
            let length = (min(height, (index + 1) * rowsPerBand) - index * rowsPerBand) * (rowBytes + 1)
            adler = index == 0 ? band.adler : UInt(adler32_combine(uLong(adler), uLong(band.adler), .init(length)))
        }
        out += end
        out += [UInt8(adler >> 24 & 0xFF), UInt8(adler >> 16 & 0xFF), UInt8(adler >> 8 & 0xFF), UInt8(adler & 0xFF)]
        return out
    }

    /// The band at `index` of an earlier image whose pixels in `span` equal `pixels`', if any.
    private static func band(_ span: Range<Int>, at index: Int, of pixels: [UInt8], in earlier: [Image]) -> Band? {
        pixels.withUnsafeBytes { new in
            for image in earlier.reversed() where index < image.bands.count {
                let same = image.pixels.withUnsafeBytes { old in
                    memcmp(new.baseAddress! + span.lowerBound, old.baseAddress! + span.lowerBound, span.count) == 0
                }
                if same { return image.bands[index] }
            }
            return nil
        }
    }

    /// Keeps `image` as the most recent of its size.
    private func keep(_ image: Image, _ reused: Int) {
        lock.withLock {
            reusedCount += reused
            guard image.pixels.count <= largestPixels else { return }
            if recent.count >= limit { recent.removeFirst() }
            recent.append(image)
        }
    }
}
