import Foundation

/// `data` of `POST /demo/session`: `{"session":{…token answer…}}`.
/// The whole answer is a `DemoSessionEnvelope` (it also carries a top-level `message`).
public struct DemoSession: Sendable, Hashable, Codable {
    public var session: AuthSession

    public init(session: AuthSession) {
        self.session = session
    }

    /// The public client key demo data is encrypted with: `0123456789abcdef` four times.
    public static let clientKey = String(repeating: "0123456789abcdef", count: 4)
}

/// The full demo-session answer: `{"success":true,"data":{"session":…},"message":…}`.
public typealias DemoSessionEnvelope = SuccessEnvelope<DemoSession>
