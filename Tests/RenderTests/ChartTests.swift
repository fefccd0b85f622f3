import Charts
import Documents
import DrawingModule
import Foundation
import PNG
import Render
import TestSupport
import Testing

/// Charts drawn through the public API and read back by poppler: the values print as the data's exact decimals, the
/// bars are as tall as their values in our PNG and in pdftoppm's raster of the PDF, and bad data fails naming the
/// series and category.
@Suite struct ChartTests {
    static func decimal(_ text: String) -> Decimal { Decimal(string: text, locale: Locale(identifier: "en_US_POSIX"))! }

    static let barColor = Color(hex: "#2E6FBF")!
    static let barValues = ["12.5", "37.5", "7.25", "33.3", "21.7"]

    /// One series of bars in a 400 × 300 pt page, no legend or value labels: the only numbers printed are the
    /// axis's ticks, and the only thing in the bar colour are the bars.
    static func barPage() throws -> Drawing {
        var canvas = Canvas()
        try canvas.start(width: 400, height: 300, opaque: true)
        try canvas.addSlot(role: "ink", stroke: Color(hex: "#1A1A1A")!)
        try canvas.addSlot(role: "bars", fill: barColor)
        try canvas.drawChart(
            "ink", .bar, categories: ["A", "B", "C", "D", "E"],
            series: [.init(name: "売上", values: barValues.map(decimal))], roles: ["bars"], x: 20, y: 20, w: 360,
            h: 260, legend: false, values: false)
        return try canvas.stop()
    }

    /// The bars' top edges in pixels, left to right, measured in the column through each bar's middle: the first
    /// whole row of the bar colour less the covered share of the anti-aliased row above it (over white).
    static func barTops(in bitmap: Bitmap) -> [Double] {
        func pixel(_ x: Int, _ y: Int) -> [Double] {
            let index = (y * bitmap.width + x) * 4
            return (0..<3).map { Double(bitmap.pixels[index + $0]) }
        }
        let bar = [barColor.red, barColor.green, barColor.blue].map { ($0 * 255).rounded() }
        func isBar(_ x: Int, _ y: Int) -> Bool { zip(pixel(x, y), bar).allSatisfy { abs($0 - $1) <= 3 } }
        let columns = (0..<bitmap.width).filter { x in (0..<bitmap.height).contains { isBar(x, $0) } }
        var runs: [[Int]] = []
        for x in columns {
            if let last = runs.last?.last, last == x - 1 { runs[runs.count - 1].append(x) } else { runs.append([x]) }
        }
        return runs.map { run in
            let x = run[run.count / 2]
            let top = (0..<bitmap.height).first { isBar(x, $0) }!
            let shares = zip(pixel(x, top - 1), bar).map { (255 - $0) / (255 - $1) }
            return Double(top) - min(1, max(0, shares.reduce(0, +) / 3))
        }
    }

    /// The centre (darkness-weighted) of the first and of the last run of non-white rows in column `x`: the top
    /// grid line and the zero line in a column between two bars.
    static func topGridAndZeroLine(in bitmap: Bitmap, column x: Int) -> (Double, Double) {
        var runs: [[(y: Int, weight: Double)]] = []
        var previous = -2
        for y in 0..<bitmap.height {
            let index = (y * bitmap.width + x) * 4
            let weight = 255 - Double(bitmap.pixels[index])
            guard weight > 4 else { continue }
            if y == previous + 1 { runs[runs.count - 1].append((y, weight)) } else { runs.append([(y, weight)]) }
            previous = y
        }
        func centre(_ run: [(y: Int, weight: Double)]) -> Double {
            run.reduce(0) { $0 + (Double($1.y) + 0.5) * $1.weight } / run.reduce(0) { $0 + $1.weight }
        }
        // The last dark run is the zero line, unless a category label lies below it in this column.
        let zero = runs.last { run in run.contains { $0.weight > 128 } && run.count <= 4 }!
        return (centre(runs.first!), centre(zero))
    }

    @Test(arguments: ["our PNG", "pdftoppm"])
    func barHeightsInTheRasterMatchTheDataWithinAPixel(_ source: String) throws {
        let drawing = try Self.barPage()
        let scratch = try Scratch("chart-bars")
        let bitmap: Bitmap
        let pdf = scratch.file("bars.pdf")
        try render(drawing, options: OutputOptions()).write(to: pdf)
        if source == "our PNG" {
            let png = try render(drawing, options: OutputOptions(format: .png, scale: .factor(2)))
            bitmap = try PNGDecoder().decode(try #require(png.files.first), name: "chart.png")
        } else {
            let prefix = scratch.file("poppler").path
            let result = try Oracle.run("pdftoppm", ["-r", "144", "-png", "-singlefile", pdf.path, prefix])
            #expect(result.status == 0, "pdftoppm: \(result.stderr)")
            bitmap = try PNGDecoder().decode(contentsOf: URL(fileURLWithPath: prefix + ".png"))
        }
        // The axis from the PDF's text: its ticks are the only numbers on the page.
        let ticks = try Oracle.pdftotext(pdf).split(whereSeparator: \.isWhitespace).compactMap {
            TemplateValue.number(reading: String($0))
        }.sorted()
        #expect(ticks == [0, 5, 10, 15, 20, 25, 30, 35, 40] || ticks == [0, 10, 20, 30, 40], "ticks \(ticks)")
        let top = try #require(ticks.max())

        let tops = Self.barTops(in: bitmap)
        try #require(tops.count == Self.barValues.count, "bars found: \(tops)")
        // The scale from the raster alone: the top grid line (at the axis's top tick) and the zero line, measured
        // between the first two bars.
        let columns = (0..<bitmap.width).filter { x in
            (0..<bitmap.height).contains { y in
                let i = (y * bitmap.width + x) * 4
                return abs(Int(bitmap.pixels[i]) - 46) <= 3 && abs(Int(bitmap.pixels[i + 2]) - 191) <= 3
            }
        }
        let gap = try #require(zip(columns, columns.dropFirst()).first { $1 > $0 + 1 })
        let (grid, zero) = Self.topGridAndZeroLine(in: bitmap, column: (gap.0 + gap.1) / 2)
        let pixelsPerUnit = (zero - grid) / NSDecimalNumber(decimal: top).doubleValue
        // A bar stands on the zero line's centre.
        var worst = 0.0
        for (value, height) in zip(Self.barValues, tops.map { zero - $0 }) {
            let expected = Double(value)! * pixelsPerUnit
            worst = max(worst, abs(height - expected))
            #expect(abs(height - expected) <= 1, "\(source): bar \(value) is \(height) px, expected \(expected)")
        }
        print("bar heights, \(source): axis top \(top), worst difference \(String(format: "%.2f", worst)) px")
    }

    /// A stacked chart of decimals whose binary sums are inexact: every label is the exact decimal.
    @Test func labelsPrintTheExactDecimals() throws {
        var canvas = Canvas()
        try canvas.start(width: 300, height: 240, opaque: true)
        try canvas.addSlot(role: "ink", stroke: .black)
        try canvas.addSlot(role: "a", fill: Color(hex: "#4CA35A")!)
        try canvas.addSlot(role: "b", fill: Color(hex: "#E8833A")!)
        try canvas.drawChart(
            "ink", .stacked, categories: ["一", "二", "三"],
            series: [
                .init(name: "平日", values: ["0.1", "12.1", "4.4"].map(Self.decimal)),
                .init(name: "週末", values: ["0.2", "8.2", "5.7"].map(Self.decimal))
            ], roles: ["a", "b"], x: 10, y: 10, w: 280, h: 220)
        let scratch = try Scratch("chart-decimals")
        let pdf = scratch.file("decimals.pdf")
        try render(try canvas.stop(), options: OutputOptions()).write(to: pdf)
        let words = Set(try Oracle.pdftotext(pdf).split(whereSeparator: \.isWhitespace).map(String.init))
        // Binary doubles would print 0.30000000000000004, 20.299999999999997 and 10.100000000000001; 0.1 and 0.2
        // are too thin to be labelled inside their segments, their total is printed above.
        for total in ["0.3", "20.3", "10.1"] { #expect(words.contains(total), "total \(total) in \(words.sorted())") }
        for value in ["12.1", "8.2", "4.4", "5.7"] { #expect(words.contains(value), "value \(value)") }
        #expect(!words.contains { $0.contains("0000") || $0.contains("9999") }, "\(words.sorted())")
        for japanese in ["一", "二", "三", "平日", "週末"] { #expect(words.contains(japanese), "label \(japanese)") }
    }

    @Test(arguments: [
        (["0", "0.3"], 6, "0.05"), (["0", "160"], 8, "20"), (["-35", "120"], 8, "20"), (["0", "1234567"], 5, "500000"),
        (["0", "0"], 4, "0.5")
    ])
    func axisStepsAreRoundNumbers(_ range: [String], _ ticks: Int, _ step: String) {
        let axis = ValueAxis(low: Self.decimal(range[0]), high: Self.decimal(range[1]), maximumTicks: ticks)
        #expect(axis.step == Self.decimal(step), "\(range): step \(axis.step)")
        #expect(axis.ticks.count - 1 <= ticks)
        #expect(axis.minimum <= Self.decimal(range[0]) && axis.maximum >= Self.decimal(range[1]))
        #expect(axis.ticks.allSatisfy { ChartNumber.text($0).count <= 9 }, "\(axis.ticks.map(ChartNumber.text))")
    }

    @Test func numbersPrintGroupedAndExact() {
        #expect(ChartNumber.text(Self.decimal("1234567.25")) == "1,234,567.25")
        #expect(ChartNumber.text(Self.decimal("-1000")) == "-1,000")
        #expect(ChartNumber.text(Self.decimal("0.1") + Self.decimal("0.2")) == "0.3")
        #expect(ChartNumber.text(Self.decimal("999")) == "999")
    }

    /// Data no chart can show fails with the series and the category, at its place in the drawing.
    @Test(arguments: [
        ("bar", ["3", "-1"], "category 2 \"B\" is -1"),
        ("pie", ["0", "0"], "every value is 0"),
        ("line", ["NaN", "2"], "is NaN"),
        ("bar", ["1"], "has 1 values for 2 categories")
    ])
    func badDataIsANamedError(_ kind: String, _ values: [String], _ expected: String) throws {
        var canvas = Canvas()
        try canvas.start(width: 300, height: 200)
        try canvas.addSlot(role: "ink")
        let numbers = values.map { $0 == "NaN" ? Decimal.nan : Self.decimal($0) }
        try canvas.drawChart(
            "ink", try #require(Drawing.Command.Chart.Style(rawValue: kind)), categories: ["A", "B"],
            series: [.init(name: "売上", values: numbers)], roles: ["ink", "ink"], x: 0, y: 0, w: 300, h: 200)
        let error = try #require(throws: RenderError.self) { try render(try canvas.stop(), options: OutputOptions()) }
        #expect(error.description.contains(expected), "\(error)")
        #expect(error.description.contains("page 1, commands[0]"), "\(error)")
        if kind != "pie" { #expect(error.description.contains("series \"売上\""), "\(error)") }
    }

    /// Thirty categories cannot share 200 pt: the error says how many fit, and so many do.
    @Test func tooManyCategoriesSaysHowManyFit() throws {
        func page(_ count: Int) throws -> Drawing {
            var canvas = Canvas()
            try canvas.start(width: 240, height: 160)
            try canvas.addSlot(role: "ink")
            try canvas.drawChart(
                "ink", .bar, categories: (1...count).map { "\($0)月" },
                series: [.init(name: "件数", values: (1...count).map { Decimal($0) })], roles: ["ink"], x: 0, y: 0,
                w: 220, h: 150)
            return try canvas.stop()
        }
        let error = try #require(throws: RenderError.self) { try render(try page(30), options: OutputOptions()) }
        let counts: (Int, Int)? =
            if case .chart(_, let chart) = error, case .tooManyCategories(let count, let fits, _, _, _) = chart.reason {
                (count, fits)
            } else {
                nil
            }
        let (count, fits) = try #require(counts, "not a too-many-categories error: \(error)")
        #expect(count == 30 && fits > 0 && fits < 30)
        #expect(error.description.contains("only \(fits) fit"), "\(error)")
        _ = try render(try page(fits), options: OutputOptions())
    }

    /// A chart survives a JSON round trip with its decimals exact, and a path's elements read as written.
    @Test func chartAndPathCommandsRoundTripThroughJSON() throws {
        let page = try Self.barPage()
        let encoded = try JSONEncoder().encode(page)
        #expect(try JSONDecoder().decode(Drawing.self, from: encoded) == page)
        #expect(String(decoding: encoded, as: UTF8.self).contains("33.3"))
        let json = ##"""
            {"kind": "path", "elements": [{"move": [0, 0]}, {"curve": [1, 2, 3, 4, 5, 6]}, {"close": []}],
             "paint": "fill", "lineWidth": 0, "stroke": "#000000", "fill": "#FF0000"}
            """##
        let path = try JSONDecoder().decode(Drawing.Command.self, from: Data(json.utf8))
        let elements: [Drawing.Command.Path.Element]? =
            if case .path(let decoded) = path { decoded.elements } else { nil }
        let expected: [Drawing.Command.Path.Element] = [
            .move(Point(x: 0, y: 0)), .curve(Point(x: 1, y: 2), Point(x: 3, y: 4), Point(x: 5, y: 6)), .close
        ]
        #expect(try #require(elements, "decoded \(path)") == expected)
    }
}
