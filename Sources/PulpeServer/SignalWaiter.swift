import Dispatch
import Foundation

/// Turns SIGTERM/SIGINT into an awaitable event. The signals are ignored at the process level first
/// so their default action (terminate at once) never runs; Dispatch delivers them instead.
///
/// `@unchecked Sendable`: `sources` is written once in `init` and only kept alive afterwards
/// (a released source stops delivering); nothing reads or mutates it across tasks.
final class SignalWaiter: @unchecked Sendable {
    private let stream: AsyncStream<Int32>
    private let sources: [any DispatchSourceSignal]

    init(signals: [Int32]) {
        let (stream, continuation) = AsyncStream.makeStream(of: Int32.self)
        self.stream = stream
        sources = signals.map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { continuation.yield(number) }
            source.resume()
            return source
        }
    }

    /// Waits for the first signal; `false` when the wait was cancelled instead.
    func next() async -> Bool {
        var iterator = stream.makeAsyncIterator()
        return await iterator.next() != nil
    }
}
