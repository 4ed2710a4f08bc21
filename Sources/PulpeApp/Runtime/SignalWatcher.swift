import Dispatch
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Delivers SIGINT, SIGTERM, SIGHUP, SIGWINCH, SIGTSTP and SIGCONT to the main loop as `Wake.signal`.
///
/// SIGHUP (the terminal window closed) is watched too, so that a hang-up ends the app the way
/// SIGTERM does (log closed, built-in sandbox stopped) instead of killing it mid-write. A SIGHUP
/// the parent ignored (`nohup`) stays ignored: the input's hang-up ends the app then.
///
/// The signals are ignored at the C level *before* ncurses starts, so ncurses installs none of
/// its own handlers (it would exit(1) on SIGINT from inside a signal handler); Dispatch reports
/// them on a queue instead, and the loop reacts on the main actor where ncurses may be called.
public final class SignalWatcher: @unchecked Sendable {  // immutable after init; DispatchSource is thread-safe
    public static let watched: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGWINCH, SIGTSTP, SIGCONT]

    private let sources: [DispatchSourceSignal]

    public init(inbox: Inbox) {
        let queue = DispatchQueue(label: "pulpe.signals")
        var sources: [DispatchSourceSignal] = []
        for number in Self.watched {
            // An ignored SIGHUP is the parent's choice (nohup): keep it, and do not watch it.
            if number == SIGHUP, Self.isIgnored(SIGHUP) { continue }
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler { inbox.post(.signal(number)) }
            source.resume()
            sources.append(source)
        }
        self.sources = sources
    }

    /// Whether `number`'s disposition is SIG_IGN right now (inherited through exec).
    static func isIgnored(_ number: Int32) -> Bool {
        var current = sigaction()
        guard sigaction(number, nil, &current) == 0 else { return false }
        return unsafeBitCast(current.__sigaction_handler.sa_handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
    }

    public func cancel() {
        for source in sources { source.cancel() }
    }
}
