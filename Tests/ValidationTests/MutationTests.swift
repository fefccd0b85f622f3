import Foundation
import TestSupport
import Testing
import QPDF
import Validation

/// Seeded random damage to valid files: Check never crashes, and agrees with `qpdf --check` on every file.
///
/// (A larger run of the same kind, 1,000 files, found the one qpdf C call that let an exception through;
/// see `QPDFDocument`.)
@Suite struct MutationTests {
    static let sources: [(String, Data)] = [
        ("helvetica", Fixtures.helvetica(pages: 2)),
        ("japanese", Fixtures.japanese("入場整理券〜①"))
    ]

    @Test(arguments: 0..<2)
    func mutatedFilesNeverCrashAndAgreeWithQPDF(_ sourceIndex: Int) throws {
        let (name, original) = Self.sources[sourceIndex]
        let scratch = try Scratch("check-mutation")
        var generator = SeededRandom(seed: UInt64(sourceIndex + 1) * 7919)
        for round in 0..<30 {
            var bytes = [UInt8](original)
            for _ in 0..<[1, 2, 5, 20][Int(generator.next() % 4)] {
                let position = Int(generator.next() % UInt64(bytes.count))
                switch generator.next() % 3 {
                case 0: bytes[position] = UInt8(truncatingIfNeeded: generator.next())
                case 1: bytes.remove(at: position)
                default: bytes.insert(Array("()<>[]/% 0123456789Tj\n".utf8)[Int(generator.next() % 22)], at: position)
                }
            }
            let file = scratch.file("\(name)-\(round).pdf")
            try Data(bytes).write(to: file)
            let qpdfBroken = try Oracle.qpdfCheck(file).status != 0
            let checkBroken: Bool
            do {
                checkBroken = try Validator().validate(file).isDamaged
            } catch is ValidatorError {
                checkBroken = true
            }
            #expect(checkBroken == qpdfBroken, "\(file.lastPathComponent): qpdf broken \(qpdfBroken)")
        }
    }
}
