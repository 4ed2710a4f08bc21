import Dispatch
import Synchronization

/// Reads of one key that overlap share one read, unless a write came in between.
///
/// Why: at start the app reads the shown month from the cache twice at once — once before the
/// status check answers (the cache alone), once when it answers (the cache first, then the
/// server). For a 100 000-row month that was two 100-ms reads fighting for two cores, then two
/// equal copies in new buffers that the overlay and the list compared row by row (~55 ms), all
/// before the month was painted (decision 69, `perf`). A caller that joins gets the very arrays the
/// first one got, so those comparisons take constant time.
///
/// Why it stays correct: every write of the store moves `generation` on before it starts, and a
/// read is joined only while the generation is the one it started at. A joiner therefore gets
/// what a read of its own would have seen (writes of another process race either way).
final class SharedReads<Value: Sendable>: Sendable {
    private final class Flight: Sendable {
        let generation: UInt64
        let done = DispatchSemaphore(value: 0)
        let result = Mutex<Value?>(nil)

        init(generation: UInt64) {
            self.generation = generation
        }
    }

    private struct State {
        var generation: UInt64 = 0
        var flights: [String: Flight] = [:]
    }

    private let state = Mutex(State())
    /// Told the key each time a caller joins a running read (tests wait for it, not for time).
    private let onJoin: @Sendable (String) -> Void

    init(onJoin: @escaping @Sendable (String) -> Void = { _ in }) {
        self.onJoin = onJoin
    }

    /// A write starts: no read already running is joined from now on.
    func writeBegins() {
        state.withLock { state in
            state.generation &+= 1
            state.flights.removeAll()
        }
    }

    /// `body`'s value for `key`, or the value of the same read already running.
    func read(_ key: String, _ body: () -> Value) -> Value {
        let (flight, owns) = state.withLock { state -> (Flight, Bool) in
            if let running = state.flights[key], running.generation == state.generation { return (running, false) }
            let flight = Flight(generation: state.generation)
            state.flights[key] = flight
            return (flight, true)
        }
        guard owns else {
            onJoin(key)
            // The baton: each waiter wakes the next one.
            flight.done.wait()
            flight.done.signal()
            return flight.result.withLock { $0! }
        }
        let value = body()
        flight.result.withLock { $0 = value }
        state.withLock { state in
            if state.flights[key] === flight { state.flights[key] = nil }
        }
        flight.done.signal()
        return value
    }
}
