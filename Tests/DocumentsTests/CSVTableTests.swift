import Documents
import Foundation
import Support
import Testing

/// CSV edge cases through `CSVRecords`, the one reader: quotes, embedded newlines, a BOM, CRLF and CR, and errors
/// that name the row and its line.
@Suite struct CSVTableTests {
    func table(_ text: String) throws -> CSVTable {
        try CSVTable(data: Data(text.utf8), source: "test.csv")
    }

    @Test func quotedFieldsWithCommasQuotesAndNewlines() throws {
        let csv = try table("会員番号,氏名,備考\nGCG-1,\"髙橋, 一郎\",\"「優待」\"\"VIP\"\"\"\nGCG-2,佐藤,\"一行目\n二行目\"\nGCG-3,鈴木,\n")
        #expect(csv.columns == ["会員番号", "氏名", "備考"])
        #expect(
            csv.rows == [
                ["GCG-1", "髙橋, 一郎", "「優待」\"VIP\""], ["GCG-2", "佐藤", "一行目\n二行目"],
                ["GCG-3", "鈴木", ""]
            ])
        #expect(csv.lines == [2, 3, 5])
    }

    @Test func crLineEndsEmptyFieldsAndQuotesInsideUnquotedFieldsAreKeptAsWritten() throws {
        let csv = try table("a,b,c\r1,,3\r\"\"\r4 \"inch\",x\"y, \"\"\r,,\n\"q\rr\",\"\",\"\"\"\"")
        #expect(csv.columns == ["a", "b", "c"])
        #expect(csv.rows == [["1", "", "3"], ["4 \"inch\"", "x\"y", " \"\""], ["", "", ""], ["q\nr", "", "\""]])
        #expect(csv.lines == [2, 4, 5, 6])
    }

    @Test func byteOrderMarkAndCRLFAreDropped() throws {
        let csv = try table("\u{FEFF}会員番号,氏名\r\nGCG-1,髙橋\r\n\r\nGCG-2,〜 − ‖ ① ﾊﾝｶｸ\r\n")
        #expect(csv.columns == ["会員番号", "氏名"])
        #expect(csv.rows == [["GCG-1", "髙橋"], ["GCG-2", "〜 − ‖ ① ﾊﾝｶｸ"]])
        #expect(csv.lines == [2, 4])
    }

    @Test func fieldCountMismatchNamesRowAndLine() {
        #expect {
            try table("a,b,c\n1,2,3\n\"x\ny\",2\n")
        } throws: { error in
            "\(error)".contains("test.csv: row 2 (line 3) has 2 fields but the header has 3")
        }
    }

    @Test func unterminatedQuoteNamesWhereItOpens() {
        #expect {
            try table("a,b\n1,2\n3,\"never closed\n4,5\n")
        } throws: { error in
            "\(error)".contains("row 2 (line 3)") && "\(error)".contains("never closed")
        }
    }

    @Test func textAfterClosingQuoteIsRejected() {
        #expect(throws: DataError.textAfterQuote(source: "test.csv", row: 1, line: 2)) {
            try table("a,b\n\"x\"y,2\n")
        }
    }

    @Test func shiftJISIsDetectedAndABadByteNamesRowColumnAndOffset() throws {
        var bytes = Data("a,b\n1,2\n".utf8)
        bytes.append(contentsOf: [0x8E, 0x81, 0x2C, 0x31, 0x0A]) // 氏 in Shift_JIS, then ",1"
        let table = try CSVTable(data: bytes, source: "sjis.csv")
        #expect(table.rows == [["1", "2"], ["氏", "1"]])
        // 0x81 0x20 is a lead byte with no valid trail byte.
        var bad = Data("a,b\n1,".utf8)
        bad.append(contentsOf: [0x81, 0x20, 0x0A])
        #expect(
            throws: DataError.undecodable(
                source: "bad.csv", encoding: "cp932", detected: false, row: 1,
                line: 2, column: "b", byteOffset: 6, bytes: "0x81 0x20",
                note: nil)
        ) {
            try CSVTable(data: bad, source: "bad.csv", encoding: .cp932)
        }
    }

    @Test func headerProblems() {
        #expect(throws: DataError.empty(source: "test.csv")) { try table("\n\n") }
        #expect(throws: DataError.duplicateColumn(source: "test.csv", name: "氏名")) { try table("氏名,氏名\n1,2\n") }
        #expect(throws: DataError.emptyColumnName(source: "test.csv", column: 2)) { try table("氏名,\n1,2\n") }
    }

    @Test func anUnterminatedQuoteNamesTheLineItOpensOn() {
        // The record starts on line 2; its second quoted field opens on line 3 and is never closed.
        #expect(throws: DataError.unterminatedQuote(source: "test.csv", row: 1, line: 3)) {
            try table("a,b\n\"x\ny\",\"open\n4,5\n6,7\n")
        }
    }

    @Test func aBadByteFarIntoAFileReadAsUTF8NamesItsRowAndSuggestsCP932() throws {
        let rows = 5_000
        var bytes = Data(("会員番号,氏名\n" + (1...rows).map { "GCG-\($0),東京〜髙\n" }.joined()).utf8)
        let offset = bytes.count + "GCG-X,".utf8.count
        bytes.append(Data("GCG-X,".utf8))
        bytes.append(contentsOf: [0x81, 0x60, 0x0A]) // 〜 in CP932
        do {
            _ = try CSVTable(data: bytes, source: "late.csv")
            Issue.record("read")
        } catch {
            #expect(
                error
                    == .undecodable(
                        source: "late.csv", encoding: "utf-8", detected: true, row: rows + 1,
                        line: rows + 2, column: "氏名", byteOffset: offset, bytes: "0x81 0x60 0x0A",
                        note: nil))
            #expect(error.description.contains("--encoding cp932"), "\(error)")
        }
    }
}
