import PulpeCore
import PulpeDomain
import PulpeNetworking

/// The entry a refused client key is kept aside under until the next PIN re-wraps the data key
/// it opens (decision 104): the session's own entry, marked, so nothing takes it for a usable key.
public enum RefusedKey {
    static func entry(_ userId: String) -> String { userId + " refused" }

    /// The key kept aside for the saved session of `server`, and whose data it opens.
    static func keptAside(sessionStore: SessionStore, keptKeys: KeptClientKeys, server: String) -> (String, VaultAccount)? {
        guard let stored = try? sessionStore.load(server: server), stored.kind != .demo,
              let key = keptKeys.peek(server: server, userId: entry(stored.info.userId)) else { return nil }
        return (key, VaultAccount(server: server, userId: stored.info.userId, isDemo: false))
    }
}

/// A client key that became wrong behind the client's back (the PIN was changed on another device,
/// and the server re-keyed): reads answer 200 with zeros, writes `ERR_ENCRYPTION_KEY_CHECK_FAILED`
/// (docs/contract.md §5). Such a key is dropped — in memory, where it was kept, and its remembered
/// check — and the core asks the PIN (`Failure.keyChanged`); the cache and the outbox are left as
/// they are (decision 43).
extension ServiceContext {
    /// Forgets the installed key everywhere. When it is the only key that opens this account's
    /// data key on this machine, it is first kept aside under an entry of its own
    /// (`RefusedKey.entry`, decision 104): the next PIN's key re-wraps the data key from it — in this
    /// process or, after a quit or a kill, in the next (`LocalDataSeal.remember(previous:)`).
    /// Forgotten with the rest, the data key would stay wrapped under a key no process has, and
    /// the writes sealed with it be set aside at the next PIN. Aside, it opens nothing for the
    /// session and is never checked with the server again; it goes when the new key is kept, at
    /// `pulpe lock` or a sign-out, or at its `key_ttl`.
    func dropStaleKey() async {
        await network.clientKeys.dropRefused()
        guard let info = await network.sessions.restore() else { return }
        let server = network.configuration.sessionKey
        var setAside = false
        if let refused = keptKeys?.peek(server: server, userId: info.userId),
           await network.client.offlineKeys?.opens(clientKey: refused) == true {
            setAside = (try? keptKeys?.keep(refused, server: server, userId: RefusedKey.entry(info.userId))) != nil
        }
        keptKeys?.forget(server: server, userId: info.userId)
        keyChecks?.forget(server: server, userId: info.userId)
        logger.warning("client key refused by the server (PIN changed elsewhere?): dropped, the PIN is needed",
                       metadata: ["kept aside for the re-wrap": "\(setAside)"])
    }

    /// A request's failure in the core's words; a key refusal drops the key first.
    func requestFailure(_ error: PulpeError, during operation: String) async -> Failure {
        if error.kind == .wrongClientKey {
            logger.warning("\(operation) failed", metadata: ["error": "\(error.diagnostic)"])
            await dropStaleKey()
            return .keyChanged
        }
        return await fetchFailure(error, during: operation)
    }

    /// An answer that reads as if the key were wrong (`WrongKeySignature`): nil when the server
    /// confirms the key (the zeros are real), else why the answer must not be shown or stored —
    /// `.keyChanged` when the key is refused, or the failure of the check itself.
    func confirmKeyAfterZeros(during operation: String) async -> Failure? {
        logger.info("\(operation): every amount is 0 where the cache had figures; checking the client key")
        do {
            switch try await network.clientKeys.confirmInstalledKey() {
            case true?:
                await rememberKeyConfirmed()
                return nil
            case false?:
                await dropStaleKey()
                return .keyChanged
            case nil:
                return .pinRequired
            }
        } catch {
            return await requestFailure(error, during: "key check")
        }
    }

    /// Remembers that the installed key was just confirmed (the shell trusts it for a while).
    func rememberKeyConfirmed() async {
        guard let keyChecks, let info = await network.sessions.restore(), info.kind == .password,
              let key = await network.clientKeys.installedKey else { return }
        keyChecks.confirmed(key, server: network.configuration.sessionKey, userId: info.userId)
    }
}
