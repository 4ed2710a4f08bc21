import Dispatch
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Delivers SIGINT, SIGTERM, SIGWINCH, SIGTSTP and SIGCONT to the main loop as `Wake.signal`.
///
/// The signals are ignored at the C level *before* ncurses starts, so ncurses installs none of
/// its own handlers (it would exit(1) on SIGINT from inside a signal handler); Dispatch reports
/// them on a queue instead, and the loop reacts on the main actor where ncurses may be called.
public final class SignalWatcher: @unchecked Sendable {  // immutable after init; DispatchSource is thread-safe
    public static let watched: [Int32] = [SIGINT, SIGTERM, SIGWINCH, SIGTSTP, SIGCONT]

    private let sources: [DispatchSourceSignal]

    public init(inbox: Inbox) {
        let queue = DispatchQueue(label: "pulpe.signals")
        var sources: [DispatchSourceSignal] = []
        for number in Self.watched {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler { inbox.post(.signal(number)) }
            source.resume()
            sources.append(source)
        }
        self.sources = sources
    }

    public func cancel() {
        for source in sources { source.cancel() }
    }
}
