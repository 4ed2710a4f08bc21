import PulpeTerminal

/// How the main loop learns that input is waiting, and tells the watcher it has read it: the
/// real `InputWaker` (a `poll` thread on stdin) or a stream a test feeds.
public struct InputReadiness: Sendable {
    public let stream: AsyncStream<Void>
    public let acknowledge: @Sendable () -> Void

    public init(stream: AsyncStream<Void>, acknowledge: @escaping @Sendable () -> Void) {
        self.stream = stream
        self.acknowledge = acknowledge
    }

    public static func waker(_ waker: InputWaker) -> InputReadiness {
        InputReadiness(stream: waker.stream, acknowledge: { waker.acknowledge() })
    }
}
