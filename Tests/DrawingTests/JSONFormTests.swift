import DrawingModule
import Foundation
import TestSupport
import Testing

/// The JSON form: lossless, stable bytes, readable by hand, and errors that point at the bad spot.
@Suite("JSON form")
struct JSONFormTests {
    @Test("Every command survives encode → decode unchanged, and encoding twice gives the same bytes")
    func roundTrip() throws {
        for drawing in [try Samples.everyCommand(), try Samples.admissionTicket(member: "GCG-00001")] {
            let data = try drawing.jsonData()
            let decoded = try Drawing(jsonData: data)
            #expect(decoded == drawing)
            #expect(try decoded.jsonData() == data)
        }
        let document = Document(
            pages: [try Samples.admissionTicket(), try Samples.everyCommand()],
            metadata: .init(title: "入場整理券", author: "ガイガー・カウント・グループ", creator: "mkpdf"))
        let data = try document.jsonData()
        #expect(try Document(jsonData: data) == document)
    }

    @Test("The encoded form is exactly this: sorted keys, a kind tag per command, colours as numbers")
    func exactForm() throws {
        var c = Canvas()
        try c.addSlot(role: "main", stroke: Color(0.1, 0.1, 1))
        try c.start(width: 40, height: 20)
        try c.drawLine("main", width: 3, x1: 1, y1: 2, x2: 3, y2: 4)
        let json = String(decoding: try c.stop().jsonData(), as: UTF8.self)
        #expect(
            json == """
                {
                  "commands" : [
                    {
                      "cap" : "butt",
                      "color" : {
                        "alpha" : 1,
                        "blue" : 1,
                        "green" : 0.1,
                        "red" : 0.1
                      },
                      "from" : {
                        "x" : 1,
                        "y" : 2
                      },
                      "kind" : "line",
                      "slot" : "main",
                      "to" : {
                        "x" : 3,
                        "y" : 4
                      },
                      "width" : 3
                    }
                  ],
                  "palette" : {
                    "slots" : [
                      {
                        "fill" : {
                          "alpha" : 1,
                          "blue" : 1,
                          "green" : 1,
                          "red" : 1
                        },
                        "role" : "main",
                        "stroke" : {
                          "alpha" : 1,
                          "blue" : 1,
                          "green" : 0.1,
                          "red" : 0.1
                        }
                      }
                    ]
                  },
                  "size" : {
                    "height" : 20,
                    "width" : 40
                  }
                }
                """)
    }

    @Test("A Document is {\"pages\": [drawing, ...]}, as `mkpdf help render` says: metadata may be left out")
    func documentWithPagesOnly() throws {
        let json = #"{"pages": [{"size": {"width": 100, "height": 50}, "commands": []}]}"#
        let document = try Document(jsonData: Data(json.utf8), source: "document.json")
        #expect(document.pages.count == 1 && document.metadata == Document.Metadata() && document.outline.isEmpty)
    }

    @Test("Hand-written JSON may use hex colours and leave out optional keys")
    func handWritten() throws {
        let json = """
            {"size": {"width": 100, "height": 50}, "background": "#FFFFFF",
             "commands": [
               {"kind": "rect", "rect": {"x": 1, "y": 2, "width": 3, "height": 4}, "paint": "both", "lineWidth": 1,
                "stroke": "#1A1AFF", "fill": "#E6E6FF80"},
               {"kind": "group", "clip": {"x": 0, "y": 0, "width": 10, "height": 10},
                "commands": [{"kind": "text", "color": "#333333", "string": "髙橋 ﾊﾝｶｸ", "font": "mincho", "size": 9,
                              "origin": {"x": 0, "y": 0}, "alignment": "right", "boxWidth": 10}]}
             ]}
            """
        let drawing = try Drawing(jsonData: Data(json.utf8))
        #expect(drawing.background == .white)
        #expect(drawing.palette.count == 0)
        guard case .rect(let rect) = drawing.commands[0] else {
            Issue.record("not a rect")
            return
        }
        #expect(rect.stroke.hex == "#1A1AFF")
        #expect(rect.fill.hex == "#E6E6FF80")
        #expect(rect.slot == nil)
        guard case .group(let group) = drawing.commands[1], case .text(let text) = group.commands[0] else {
            Issue.record("not a group with text")
            return
        }
        #expect(text.string == "髙橋 ﾊﾝｶｸ" && text.alignment == .right && text.boxWidth == 10)
    }

    @Test(
        "Errors name the source, the path inside the JSON, and what is wrong",
        arguments: [
            (
                ##"{"size": {"width": 1, "height": 1}, "commands": [{"kind": "triangle"}]}"##,
                "at commands[0].kind", "unknown command kind \"triangle\""
            ),
            (
                ##"{"size": {"width": 1, "height": 1}, "commands": [{"kind": "line", "color": "#12345"}]}"##,
                "at commands[0].color", "not a colour"
            ),
            (
                ##"{"size": {"width": 1, "height": 1}, "background": {"red": 2, "green": 0, "blue": 0}}"##,
                "at background", "within 0…1"
            ),
            (##"{"size": {"width": 0, "height": 1}}"##, "at size", "greater than 0"),
            (
                ##"{"size": {"width": 9, "height": 9}, "commands": [{"kind": "group", "commands": [{"kind": "line", "color": "#000000", "width": 1, "from": {"x": 0, "y": 0}, "to": {"x": 1, "y": 1}, "cap": "butt"}, {"kind": "text", "color": "#000000", "string": "x", "font": "gothic", "size": 0, "origin": {"x": 0, "y": 0}, "alignment": "left"}]}]}"##,
                "at commands[0].commands[1].size", "font size is greater than 0"
            ),
            (
                ##"{"size": {"width": 9, "height": 9}, "commands": [{"kind": "part", "rect": {"x": 0, "y": 0, "width": 1, "height": 1}, "drawing": {"size": {"width": 9, "height": 9}, "commands": [{"kind": "rect", "rect": {"x": 0, "y": 0, "width": 1, "height": 1}, "paint": "both", "lineWidth": -2, "stroke": "#000000", "fill": "#000000"}]}}]}"##,
                "at commands[0].drawing.commands[0].lineWidth", "line width is 0 or more"
            ),
            (##"{"commands": []}"##, "ticket.json:", "\"size\" is missing"),
            (##"{"size": {"width": "wide", "height": 1}}"##, "at size.width", "expected a number"),
            ("{\"size\": {\n  \"width\": 1,\n  \"height\": }", "is not valid JSON", "line 3, column 13"),
            (
                ##"{"size": {"width": 1, "height": 1}, "palette": {"slots": [{"role": "a", "stroke": "#000000", "fill": "#000000"}, {"role": "a", "stroke": "#000000", "fill": "#000000"}]}}"##,
                "at palette.slots", "role \"a\" is already slot 0"
            )
        ])
    func errors(json: String, place: String, reason: String) throws {
        let error = #expect(throws: DescriptionFormatError.self) {
            try Drawing(jsonData: Data(json.utf8), source: "ticket.json")
        }
        let text = error?.description ?? ""
        #expect(text.hasPrefix("ticket.json:"), "\(text)")
        #expect(text.contains(place), "\(text)")
        #expect(text.contains(reason), "\(text)")
        #expect(error?.errorDescription == text)
    }
}

/// Colours: hex in and out, validity.
@Suite("Color")
struct ColorTests {
    @Test("Hex forms parse and print back", arguments: ["#1A1AFF", "#1A1AFF80", "#000000", "#FFFFFF00"])
    func hexRoundTrip(text: String) throws {
        let color = try #require(Color(hex: text))
        #expect(color.hex == text)
        #expect(color.isValid)
    }

    @Test(
        "Malformed hex is rejected",
        arguments: ["", "#", "#12345", "#1234567", "#GG0000", "#12345678A", "red", "+12345"])
    func badHex(text: String) {
        #expect(Color(hex: text) == nil)
    }

    @Test("Hex values map to 0…1 components; lowercase and no # are fine")
    func components() throws {
        let color = try #require(Color(hex: "ff8000"))
        #expect(color == Color(red: 1, green: 128.0 / 255, blue: 0, alpha: 1))
        #expect(Color(0.1, 0.1, 1.0).hex == "#1A1AFF")
        #expect(!Color(0, 0, 0, -0.1).isValid)
        #expect(!Color(.nan, 0, 0).isValid)
    }

    @Test("An outline survives the round trip, a document without one keeps its old form, and bad entries are named")
    func outlineRoundTripAndValidation() throws {
        let page = try Samples.admissionTicket()
        let document = Document(
            pages: [page, page], metadata: .init(title: "入場整理券"),
            outline: [
                .init(title: "第1章 〜①髙", level: 1, pageIndex: 0),
                .init(title: "1.1 ﾊﾝｶｸ", level: 2, pageIndex: 1, top: 30.5)
            ])
        let data = try document.jsonData()
        #expect(try Document(jsonData: data) == document)
        #expect(String(decoding: data, as: UTF8.self).contains("\"pageIndex\" : 1"))
        #expect(document.outlineParents == [nil, 0])
        let plain = try Document(pages: [page]).jsonData()
        #expect(!String(decoding: plain, as: UTF8.self).contains("outline"))
        #expect(try Document(jsonData: plain).outline.isEmpty)

        var object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        var entries = try #require(object["outline"] as? [[String: Any]])
        entries[1]["pageIndex"] = 2
        object["outline"] = entries
        let bad = try JSONSerialization.data(withJSONObject: object)
        #expect {
            try Document(jsonData: bad, source: "doc.json")
        } throws: { error in
            let text = "\(error)"
            return text.contains("doc.json: at outline[1].pageIndex") && text.contains("2 pages")
        }
    }
}
