import Foundation
import PulpeDomain

/// Fans one sequence of values out to any number of `AsyncStream` subscribers.
///
/// `AsyncStream` has a single consumer; the app needs several listeners (the state machine, the
/// status line, logs) for maintenance and connectivity, so each `stream()` call registers its own
/// continuation and gets every value yielded after it subscribed.
final class Broadcaster<Element: Sendable>: Sendable {
    private let continuations = Locked<[UUID: AsyncStream<Element>.Continuation]>([:])

    /// A new subscription. `initial`, when given, is delivered first (the current state).
    /// Slow consumers keep the newest `bufferSize` values.
    func stream(initial: Element? = nil, bufferSize: Int = 16) -> AsyncStream<Element> {
        let (stream, continuation) = AsyncStream.makeStream(of: Element.self,
                                                            bufferingPolicy: .bufferingNewest(bufferSize))
        let id = UUID()
        continuation.onTermination = { [weak self] _ in
            self?.continuations.withLock { $0[id] = nil }
        }
        continuations.withLock { table in
            if let initial { continuation.yield(initial) }
            table[id] = continuation
        }
        return stream
    }

    func yield(_ element: Element) {
        continuations.withLock { table in
            for continuation in table.values { continuation.yield(element) }
        }
    }

    func finish() {
        let all = continuations.withLock { table -> [AsyncStream<Element>.Continuation] in
            defer { table.removeAll() }
            return Array(table.values)
        }
        for continuation in all { continuation.finish() }
    }

    var subscriberCount: Int { continuations.withLock { $0.count } }
}
