import Hummingbird

/// The per-request context: Hummingbird's core storage plus what the sandbox needs from the
/// connection (is the peer local? how to drop it?) and the request id chosen by
/// `ErrorEnvelopeMiddleware`.
struct SandboxContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    /// Whether the peer is on this machine (127.0.0.0/8, ::1, or an IPv4-mapped loopback).
    let peerIsLoopback: Bool
    /// Closes the connection without a response (fault injection's `drop`).
    let dropConnection: @Sendable () -> Void
    /// The echoed or generated `X-Request-Id`.
    var requestId = ""

    init(source: ApplicationRequestContextSource) {
        self.coreContext = .init(source: source)
        let channel = source.channel
        let address = channel.remoteAddress?.ipAddress ?? ""
        self.peerIsLoopback = address.hasPrefix("127.") || address == "::1" || address.hasPrefix("::ffff:127.")
        self.dropConnection = { channel.close(promise: nil) }
    }
}
