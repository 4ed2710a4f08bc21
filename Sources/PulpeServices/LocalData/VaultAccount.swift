import Foundation

/// The account a data key belongs to (decision 99): the server and the user. Every demo session is one
/// account here — the demo's client key is public, and its data is never anyone's — so the demo
/// never opens, re-wraps or replaces a real account's data key, and a real account may replace
/// the demo's.
public struct VaultAccount: Sendable, Hashable {
    public let server: String
    public let userId: String
    public let isDemo: Bool

    public init(server: String, userId: String, isDemo: Bool) {
        self.server = server
        self.userId = isDemo ? "demo" : userId
        self.isDemo = isDemo
    }

    /// What the file and the AEAD's associated data carry: `server` and `userId`, separated by a
    /// byte neither holds.
    public var label: String { server + "\u{1F}" + userId }
}
