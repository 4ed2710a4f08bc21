import Foundation
import Synchronization
import Testing
@testable import PulpeStore

/// Two reads of one month at once read it once (the start-up's cache-only read and the one beside
/// the server's fetch), unless a write came in between.
@Suite("SharedReads: overlapping reads of one key share one read")
struct SharedReadsTests {
    /// Runs `read` on its own thread; `finished` is signalled with its value stored.
    final class Caller: Sendable {
        let value = Mutex<[Int]?>(nil)
        let finished = DispatchSemaphore(value: 0)

        init(_ reads: SharedReads<[Int]>, _ key: String, _ body: @escaping @Sendable () -> [Int]) {
            Thread { [self] in
                let read = reads.read(key, body)
                value.withLock { $0 = read }
                finished.signal()
            }.start()
        }
    }

    /// Blocks a read until released, counting how many reads ran.
    final class Gate: Sendable {
        let started = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let runs = Atomic<Int>(0)

        func body(_ value: [Int]) -> @Sendable () -> [Int] {
            { [self] in
                runs.add(1, ordering: .relaxed)
                started.signal()
                release.wait()
                return value
            }
        }
    }

    @Test("A read of the same key that starts meanwhile gets the first read's value, read once")
    func overlappingReadsShareOne() {
        let joined = DispatchSemaphore(value: 0)
        let reads = SharedReads<[Int]>(onJoin: { _ in joined.signal() })
        let gate = Gate()
        let first = Caller(reads, "month", gate.body([1, 2, 3]))
        gate.started.wait()
        let second = Caller(reads, "month", gate.body([9]))
        // The second caller waits for the first read (not for time); a second read of its own
        // would block on the gate and never join.
        #expect(joined.wait(timeout: .now() + 10) == .success)
        gate.release.signal()
        first.finished.wait()
        second.finished.wait()
        #expect(gate.runs.load(ordering: .relaxed) == 1)
        #expect(first.value.withLock { $0 } == [1, 2, 3])
        #expect(second.value.withLock { $0 } == [1, 2, 3])
        // Done: the next read reads again.
        #expect(reads.read("month") { [4] } == [4])
    }

    @Test("After a write begins, a new read does not join one that started before it")
    func aWriteEndsSharing() {
        let reads = SharedReads<[Int]>()
        let gate = Gate()
        let first = Caller(reads, "month", gate.body([1]))
        gate.started.wait()
        reads.writeBegins()
        #expect(reads.read("month") { [2] } == [2])
        gate.release.signal()
        first.finished.wait()
        #expect(first.value.withLock { $0 } == [1])
    }

    @Test("Reads of other keys never wait for each other")
    func otherKeysReadAlone() {
        let reads = SharedReads<[Int]>()
        let gate = Gate()
        let first = Caller(reads, "november", gate.body([1]))
        gate.started.wait()
        #expect(reads.read("december") { [2] } == [2])
        gate.release.signal()
        first.finished.wait()
    }
}
