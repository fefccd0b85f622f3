import Documents
import Foundation
import TestSupport
import Testing

/// Data decoding: detection order, CP932's variants back to JIS, EUC-JP and UTF-16 through iconv, bad bytes located.
@Suite struct InputTextTests {
    /// `text` converted by iconv (the oracle) to `encoding`.
    static func iconv(_ text: String, to encoding: String) throws -> Data {
        let result = try Oracle.run("iconv", ["-f", "UTF-8", "-t", encoding], input: Data(text.utf8))
        try #require(result.status == 0, "\(result.stderr)")
        return result.data
    }

    @Test func detectionIsBOMThenStrictUTF8ThenCP932() throws {
        let text = "会員番号,備考\nGCG-1,〜−①髙ﾊﾝｶｸ‖¬—¢£\n"
        let utf8 = try InputText.decode(Data(text.utf8), source: "a", encoding: nil)
        #expect(utf8.text == text && utf8.encoding == .utf8)
        let bom = try InputText.decode(Data([0xEF, 0xBB, 0xBF]) + Data(text.utf8), source: "a", encoding: nil)
        #expect(bom.text == text && bom.encoding == .utf8BOM)
        let cp932 = try InputText.decode(try Self.iconv(text, to: "CP932"), source: "a", encoding: nil)
        #expect(cp932.text == text, "CP932 variants read back as the JIS characters")
        #expect(cp932.encoding == .cp932)
        let utf16 = try InputText.decode(try Self.iconv(text, to: "UTF-16"), source: "a", encoding: nil)
        #expect(utf16.text == text && utf16.encoding == .utf16)
    }

    @Test func eucJPIsReadWhenNamed() throws {
        let text = "氏名\n高橋 〜−\n" // 髙 is not in EUC-JP (JIS X 0208)
        let decoded = try InputText.decode(
            try Self.iconv(text, to: "EUC-JP"), source: "a",
            encoding: InputEncoding(name: "EUC_JP"))
        #expect(decoded.text == text)
    }

    @Test func aBadByteIsLocatedWithTheTextBeforeIt() throws {
        var bytes = try Self.iconv("東京,", to: "CP932")
        bytes.append(contentsOf: [0x81, 0x20, 0x41])
        do {
            _ = try InputText.decode(bytes, source: "x.csv", encoding: .cp932)
            Issue.record("decoded")
        } catch {
            #expect(error.byteOffset == 5 && error.prefix == "東京," && error.hexBytes == "0x81 0x20")
        }
        // A damaged UTF-8 file is reported as UTF-8, not decoded as CP932 mojibake.
        do {
            _ = try InputText.decode(Data("髙橋".utf8) + Data([0xFF]), source: "x.csv", encoding: nil)
            Issue.record("decoded")
        } catch {
            #expect(error.encoding == .utf8 && error.byteOffset == 6 && error.hexBytes == "0xFF")
        }
    }

    @Test func namesAcceptTheUsualSpellings() {
        #expect(InputEncoding(name: "Shift_JIS") == .cp932 && InputEncoding(name: "sjis") == .cp932)
        #expect(InputEncoding(name: "UTF-8-SIG") == .utf8BOM && InputEncoding(name: "latin1") == nil)
    }

    @Test func charactersSplitBetweenChunksAreCarriedOver() throws {
        // Several 64 KiB chunks; the leading ASCII shifts every multi-byte character across the chunk boundaries.
        for shift in 0..<3 {
            let text = String(repeating: "a", count: shift) + String(repeating: "東京〜−①髙,ﾊﾝｶｸ 𠮷\n", count: 4_000)
            let utf8 = try InputText.decode(Data(text.utf8), source: "a", encoding: nil)
            #expect(utf8.text == text && utf8.encoding == .utf8)
            let cp932Text = text.replacingOccurrences(of: "𠮷", with: "吉") // 𠮷 is not in CP932
            let cp932 = try InputText.decode(try Self.iconv(cp932Text, to: "CP932"), source: "a", encoding: nil)
            #expect(cp932.text == cp932Text && cp932.encoding == .cp932)
            let utf16 = try InputText.decode(try Self.iconv(text, to: "UTF-16"), source: "a", encoding: nil)
            #expect(utf16.text == text && utf16.encoding == .utf16)
        }
    }

    @Test func aBadByteAfterTheDetectedPrefixIsAnErrorAtItsOffset() throws {
        // The first 64 KiB are UTF-8, so the file is read as UTF-8; CP932 bytes after them are an error, not mojibake.
        let head = Data(String(repeating: "GCG-1,東京\n", count: 8_000).utf8)
        try #require(head.count > InputTextStream.prefixSize)
        let tail = try Self.iconv("髙橋", to: "CP932")
        do {
            _ = try InputText.decode(head + tail, source: "x.csv", encoding: nil)
            Issue.record("decoded")
        } catch {
            #expect(error.encoding == .utf8 && error.detected && error.byteOffset == head.count)
            #expect(error.hexBytes.hasPrefix("0xFB 0xFC"), "\(error.hexBytes)")
        }
        // A CP932 lead byte cut off by the end of the file.
        do {
            _ = try InputText.decode(Data("GCG-1,".utf8) + tail.prefix(3), source: "x.csv", encoding: .cp932)
            Issue.record("decoded")
        } catch {
            #expect(error.byteOffset == 8 && error.hexBytes == "0x8B")
        }
    }
}
