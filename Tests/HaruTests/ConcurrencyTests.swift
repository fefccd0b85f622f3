import Foundation
import Haru
import TestSupport
import Testing

/// One document per task, many tasks at once: libHaru keeps no shared state that would mix them up.
@Suite struct ConcurrencyTests {
    @Test func documentsBuiltInParallelAreIdenticalToSerialOnes() async throws {
        let reference = try MemoryTests.ticketBytes(member: 0)
        let results = try await withThrowingTaskGroup(of: (Int, Data).self) { group in
            for task in 0..<4 {
                group.addTask {
                    var last = Data()
                    for _ in 0..<50 { last = try MemoryTests.ticketBytes(member: task) }
                    return (task, last)
                }
            }
            return try await group.reduce(into: [Int: Data]()) { $0[$1.0] = $1.1 }
        }
        #expect(results[0] == reference)
        for task in 1..<4 {
            let serial = try MemoryTests.ticketBytes(member: task)
            #expect(results[task] != reference && results[task] == serial)
        }
    }
}
