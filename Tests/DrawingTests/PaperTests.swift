import DrawingModule
import Testing

/// The one paper table: ISO and JIS B named apart, Japanese postcard and envelopes, orientation and custom sizes.
@Suite struct PaperTests {
    func close(_ size: Size, _ width: Double, _ height: Double) -> Bool {
        abs(size.width - width) < 0.01 && abs(size.height - height) < 0.01
    }

    @Test func sizesFromMillimetres() throws {
        #expect(close(try Paper.size(parsing: "a4"), 595.28, 841.89))
        #expect(close(try Paper.size(parsing: "A5"), 419.53, 595.28))
        #expect(close(try Paper.size(parsing: "a10"), 73.70, 104.88))
        #expect(close(try Paper.size(parsing: "b4"), 708.66, 1000.63))
        #expect(close(try Paper.size(parsing: "jis-b4"), 728.50, 1031.81))
        #expect(close(try Paper.size(parsing: "B5-JIS"), 515.91, 728.50))
        #expect(close(try Paper.size(parsing: "はがき"), 283.46, 419.53))
        #expect(close(try Paper.size(parsing: "長形3号"), 340.16, 666.14))
        #expect(close(try Paper.size(parsing: "kakugata-2"), 680.31, 941.10))
        #expect(close(try Paper.size(parsing: "letter"), 612, 792))
        #expect(close(try Paper.size(parsing: "legal"), 612, 1008))
    }

    @Test func orientationAndCustomSizes() throws {
        #expect(close(try Paper.size(parsing: "a4-landscape"), 841.89, 595.28))
        #expect(close(try Paper.size(parsing: "postcard landscape"), 419.53, 283.46))
        #expect(close(try Paper.size(parsing: "100x148mm"), 283.46, 419.53))
        #expect(close(try Paper.size(parsing: "400x150"), 400, 150))
        #expect(Paper.length(parsing: "15mm").map { abs($0 - 42.52) < 0.01 } == true)
        #expect(Paper.length(parsing: "1in") == 72)
        #expect(Paper.matching(Size(width: 728.5, height: 1031.8))?.paper.name == "jis-b4")
        #expect(Paper.matching(Size(width: 841.9, height: 595.3))?.orientation == .landscape)
        #expect(Paper.matching(Size(width: 400, height: 150)) == nil)
    }

    @Test func unknownNamesListTheForms() {
        let error = #expect(throws: PaperError.self) { try Paper.size(parsing: "a44") }
        #expect(error?.description.contains("jis-b0") == true && error?.description.contains("100x148mm") == true)
        #expect(throws: PaperError.self) { try Paper.size(parsing: "0x100") }
    }
}
