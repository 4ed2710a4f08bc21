import PulpeImport
import PulpeStore

extension ImportAccount {
    /// The account a cache scope is kept for: the same server key and user (decision 95).
    init(_ scope: CacheScope) {
        self.init(server: scope.serverKey, userId: scope.userId)
    }
}

extension AppServices {
    /// Whose account `pulpe import` stores into — this server and the saved session's user — so
    /// its ids are that account's (decision 95); nil when nobody is signed in here.
    public func importAccount() async -> ImportAccount? {
        var info = await network.sessions.sessionInfo
        if info == nil { info = await network.sessions.restore() }
        return info.map { ImportAccount(CacheScope(serverKey: configuration.sessionKey, userId: $0.userId)) }
    }
}
