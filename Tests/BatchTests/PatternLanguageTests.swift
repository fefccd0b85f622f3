import Batch
import Documents
import Testing

/// `--name` and `--number` are the template language (`TextTemplate`): its expressions, its filters, its errors.
@Suite struct PatternLanguageTests {
    @Test func numbersComeFromIndexAndRowWithThePadFilterOrItsShorthand() throws {
        #expect(try NumberSequence("ticket=FN-{{index+1:06}}").value(index: 0, row: 1) == "FN-000001")
        #expect(try NumberSequence("ticket=FN-{{ (index + 1) | pad(6) }}").value(index: 41, row: 42) == "FN-000042")
        #expect(try NumberSequence("seat={{ row * 2 }}").value(index: 4, row: 5) == "10")
        #expect(try NumberSequence("n={{ (index - 1) | pad(3) }}").value(index: 0, row: 1) == "-001")
        #expect(try NumberSequence("n=A{{row:02}}-{{ index % 3 }}").value(index: 7, row: 8) == "A08-1")
    }

    @Test func aNumberPatternReadsOnlyIndexAndRow() {
        let other = #expect(throws: NumberSequenceError.self) { try NumberSequence("ticket=T-{{member}}") }
        #expect(other?.description.contains("\"member\" is not known here") == true, "\(String(describing: other))")
        let constant = #expect(throws: NumberSequenceError.self) { try NumberSequence("ticket=T-1") }
        #expect(constant?.description.contains("same number") == true)
        let filter = #expect(throws: NumberSequenceError.self) { try NumberSequence("ticket={{ index | pda(3) }}") }
        #expect(filter?.description.contains("pad") == true, "the did-you-mean names pad")
        let width = #expect(throws: NumberSequenceError.self) { try NumberSequence("ticket={{ index : x }}") }
        #expect(width?.description.contains("width") == true)
    }

    @Test func fileNamesTakeAnyExpressionOfTheRecord() throws {
        let record = BatchRecord(index: 6, row: 7, fields: ["member": "gcg-1", "kind": "VIP"])
        #expect(try OutputName("{{ member | upper }}-{{index+1:04}}").name(for: record) == "GCG-1-0007")
        #expect(try OutputName("{{ kind | lower }}_{{row}}").name(for: record) == "vip_7")
        #expect(try OutputName("{{ member | upper }}").fields == ["member"])
        let missing = #expect(throws: RecordFailure.self) { try OutputName("{{seat}}").name(for: record) }
        #expect(missing?.field == "seat" && missing?.description.contains("missing or empty") == true)
        let broken = #expect(throws: RecordFailure.self) { try OutputName("{{ kind * 2 }}").name(for: record) }
        #expect(broken?.description.contains("cannot be made") == true, "\(String(describing: broken))")
    }
}
