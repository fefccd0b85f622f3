import Batch
import Foundation
import TestSupport
import Testing

@Suite("Checksum")
struct ChecksumTests {
    @Test("FIPS 180-4 vectors: empty, abc, the two-block message")
    func vectors() {
        #expect(Checksum.sha256(Data()) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(Checksum.sha256(Data("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(
            Checksum.sha256(Data("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8))
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    }

    @Test("Agrees with sha256sum around the block boundaries")
    func agreesWithSha256sum() throws {
        for length in [55, 56, 63, 64, 65, 1000, 70_001] {
            let data = Data((0..<length).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
            let expected = try Oracle.run("sha256sum", ["-"], input: data).stdout.prefix(64)
            #expect(Checksum.sha256(data) == String(expected), "length \(length)")
        }
    }
}
