import Foundation
import Synchronization
import Testing
@testable import PulpeTerminal

/// The waker is tested on a pipe instead of a tty: same `poll()` semantics, no terminal needed.
@Suite struct InputWakerTests {
    final class Counter: Sendable {
        let value = Atomic<Int>(0)
    }

    func makePipe() -> (read: Int32, write: Int32) {
        var fds: [Int32] = [-1, -1]
        #expect(pipe(&fds) == 0)
        return (fds[0], fds[1])
    }

    func send(_ fd: Int32) {
        var byte: UInt8 = 0x78
        _ = write(fd, &byte, 1)
    }

    /// Waits until `condition` holds or `seconds` pass. Generous: it returns as soon as the
    /// condition holds, and under a loaded parallel run the consumer's task may wait long for a
    /// thread of the cooperative pool (a run once took 20 s for the second wake-up to be counted).
    func eventually(_ seconds: Double = 30, _ condition: () -> Bool) async -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if condition() { return true }
            try? await Task.sleep(for: .milliseconds(5))
        }
        return condition()
    }

    @Test func wakesOncePerAcknowledgement() async throws {
        let (r, w) = makePipe()
        defer { close(r); close(w) }
        let waker = InputWaker(fileDescriptor: r)
        let count = Counter()
        let consumer = Task {
            for await _ in waker.stream { count.value.add(1, ordering: .relaxed) }
        }
        send(w)
        #expect(await eventually { count.value.load(ordering: .relaxed) == 1 })
        // The byte is still unread, but without an acknowledgement there is no second wake-up.
        try await Task.sleep(for: .milliseconds(100))
        #expect(count.value.load(ordering: .relaxed) == 1)
        waker.acknowledge()
        #expect(await eventually { count.value.load(ordering: .relaxed) == 2 })
        waker.stop()
        await consumer.value     // the stream finished
        waker.stop()             // idempotent
        waker.acknowledge()      // harmless after stop
    }

    @Test func hangUpFinishesTheStream() async throws {
        let (r, w) = makePipe()
        defer { close(r) }
        let waker = InputWaker(fileDescriptor: r)
        close(w)
        var wakeups = 0
        for await _ in waker.stream { wakeups += 1 }
        #expect(wakeups == 0)
    }

    /// A terminal that hangs up reports POLLIN *and* POLLHUP on its slave side, forever: the
    /// waker must end on the hang-up, not report "readable" again after every acknowledgement
    /// (that spun the main loop at 100 % CPU when SIGHUP was ignored, as under `nohup`).
    @Test func aTerminalHangUpFinishesTheStreamEvenWhenAcknowledged() async throws {
        var master: Int32 = -1, slave: Int32 = -1
        #expect(openpty(&master, &slave, nil, nil, nil) == 0)
        defer { close(slave) }
        let waker = InputWaker(fileDescriptor: slave)
        close(master)
        let consumer = Task {
            var wakeups = 0
            for await _ in waker.stream {
                wakeups += 1
                if wakeups == 50 { waker.stop(); break }
                waker.acknowledge()      // the runtime read nothing, and asks again
            }
            return wakeups
        }
        let wakeups = await consumer.value
        #expect(wakeups <= 1, "\(wakeups) wake-ups after the hang-up")
    }
}
