import CMalloc
import Glibc
import Support
import Testing

/// `AllocatorTuning`: after it, small blocks freed beyond the thread's cache go to no fast bin.
@Suite struct AllocatorTuningTests {
    @Test func smallBlocksFreedBeyondTheThreadCacheGoToNoFastBin() throws {
        AllocatorTuning.tuneForDocuments()
        // More small blocks than the thread cache keeps per size (7); every other one freed, so none merge. With fast
        // bins on, some ninety of them would be counted in fast bins. Chunks other threads left there before the
        // call may only be taken out meanwhile.
        var blocks: [UnsafeMutableRawPointer] = []
        for _ in 0..<200 { blocks.append(try #require(malloc(48))) }
        let before = mallinfo2().smblks
        for (index, block) in blocks.enumerated() where index.isMultiple(of: 2) { free(block) }
        let after = mallinfo2().smblks
        for (index, block) in blocks.enumerated() where !index.isMultiple(of: 2) { free(block) }
        #expect(after <= before, "\(after - before) more chunks in fast bins")
    }
}
