import PulpeCore

/// The loop's inbox: a thread-safe way for any task or thread to wake the main loop.
public struct Inbox: Sendable {
    public let stream: AsyncStream<Wake>
    private let continuation: AsyncStream<Wake>.Continuation

    public init() {
        (stream, continuation) = AsyncStream.makeStream(of: Wake.self)
    }

    public func post(_ wake: Wake) { continuation.yield(wake) }

    public func finish() { continuation.finish() }
}
