/// Whose Pulpe account a statement is imported into: the server (its API base URL, the key its
/// sessions and cache are kept under) and the user there. Part of what every import id derives
/// from (decision 95): the server's transaction ids are unique across all its users, so the two
/// holders of a joint account importing one statement must make two sets of ids — with the
/// statement's alone, the second holder's creates were answered 409 and never made.
public struct ImportAccount: Hashable, Sendable {
    public var server: String
    public var userId: String

    public init(server: String, userId: String) {
        self.server = server
        self.userId = userId
    }

    /// An operation's identity in the statement (`ImportMatcher.identityKey`) made this account's.
    func scoped(_ identity: String) -> String {
        "account|\(server)|\(userId)|\(identity)"
    }
}
