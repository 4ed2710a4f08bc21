import PulpeDomain
import PulpeCore
import PulpeNetworking
import PulpeStore

/// `SessionService` over HTTP: login, demo sessions, the PIN-derived client key, sign-out, and
/// whether a saved session has cached data to browse offline.
struct NetworkSessions: SessionService {
    let context: ServiceContext

    private var network: PulpeNetwork { context.network }

    func restoreSession() async -> SessionSummary? {
        do {
            guard let info = try await network.sessions.restoreValidated() else { return nil }
            if info.kind == .demo {
                // The demo key is public and fixed, and was validated when the session began:
                // asking again on every start would only spend the 5-per-minute validation quota.
                try await network.clientKeys.unlockDemo(validate: false)
            }
            let refused = await installKeptKey(of: info, checking: true)
            var summary = await context.summary(of: info)
            summary.keyWasRefused = refused
            return summary
        } catch {
            // Unreachable right after a successful check: keep the saved session rather than
            // logging the user out; the PIN screen will report the network if it persists.
            context.logger.warning("session restore failed", metadata: ["error": "\(error.diagnostic)"])
            guard let info = await network.sessions.restore() else { return nil }
            _ = await installKeptKey(of: info, checking: false)
            return await context.summary(of: info)
        }
    }

    /// A key kept after an earlier PIN unlock opens the data without the PIN screen. It is checked
    /// with `validate-key` first (decision 43): at every TUI start, and in the shell unless a
    /// success is remembered from the last few minutes (validation allows 5 calls a minute). A
    /// refused key is dropped: true. When the check cannot be made (throttled, network) the key is
    /// installed: an answer that then reads as zeros is checked again before it is shown.
    ///
    /// The key is installed only once the check answered (`installConfirmed`): a load started
    /// meanwhile must not read with a key that may be stale.
    private func installKeptKey(of info: SessionInfo, checking: Bool) async -> Bool {
        guard let key = context.keptKey(of: info), await !network.clientKeys.isUnlocked else { return false }
        let server = network.configuration.sessionKey
        let trusted = context.keyCheckPolicy == .remembered
            && context.keyChecks?.recentlyConfirmed(key, server: server, userId: info.userId) == true
        guard checking, !trusted else {
            await network.clientKeys.install(keptKey: key)
            return false
        }
        do {
            guard try await network.clientKeys.installConfirmed(keptKey: key) else {
                await context.dropStaleKey()
                return true
            }
            await context.rememberKeyConfirmed()
        } catch where error.kind == .wrongClientKey {
            await context.dropStaleKey()
            return true
        } catch {
            context.logger.info("kept key not checked", metadata: ["error": "\(error.diagnostic)"])
            await network.clientKeys.install(keptKey: key)
        }
        return false
    }

    func savedSessionUnreadable() async -> Bool {
        guard case .unreadable? = await network.sessions.lastPersistenceError else { return false }
        return await network.sessions.sessionInfo == nil
    }

    func logIn(email: String, password: String) async -> LoginOutcome {
        do {
            let info = try await network.sessions.logIn(email: email, password: password)
            context.logger.info("signed in", metadata: ["kind": "password"])
            await logPersistenceProblem()
            return .signedIn(await context.summary(of: info))
        } catch {
            return .failed(context.failure(error, during: "login"))
        }
    }

    func startDemo() async -> LoginOutcome {
        do {
            let info = try await network.sessions.startDemoSession()
            context.logger.info("signed in", metadata: ["kind": "demo"])
            await logPersistenceProblem()
            return .signedIn(await context.summary(of: info))
        } catch {
            return .failed(context.failure(error, during: "demo session"))
        }
    }

    func unlock(pin: String) async -> UnlockOutcome {
        do {
            let key = try await network.clientKeys.unlock(pin: pin)
            await keep(key)
            await context.rememberKeyConfirmed()
            return .unlocked
        } catch {
            return .failed(context.failure(error, during: "unlock"))
        }
    }

    func unlockLocally(pin: String) async -> UnlockOutcome {
        do {
            try await network.clientKeys.unlockLocally(pin: pin)
            context.logger.info("unlocked without the server (a screen this process locked)")
            return .unlocked
        } catch {
            return .failed(context.failure(error, during: "local unlock"))
        }
    }

    func unlockDemo() async -> UnlockOutcome {
        do {
            try await network.clientKeys.unlockDemo()
            return .unlocked
        } catch {
            return .failed(context.failure(error, during: "demo unlock"))
        }
    }

    func signOut() async {
        // The account's replica goes with it (its whole history, decision 81) — cleared while the
        // files are still open, before the lock seals them; what waits in the outbox stays, sent
        // at the next sign-in to this account.
        if let scope = await context.cacheScope() { context.cache.clear(scope: scope) }
        // The year lists shared for a moment are this account's budget ids: the next account
        // signed in within that moment (`D`, then the demo) must ask the server for its own.
        await context.yearLists.forgetAll()
        _ = await lock()
        await network.clientKeys.lock()
        await network.sessions.logOut()
        context.logger.info("signed out")
    }

    func offlineSession() async -> SessionSummary? {
        guard let info = await network.sessions.restore() else { return nil }
        let scope = CacheScope(serverKey: network.configuration.sessionKey, userId: info.userId)
        guard context.cache.hasAnyData(scope: scope) else { return nil }
        return SessionSummary(email: info.email ?? "", isDemo: info.kind == .demo, isUnlocked: false,
                              hasKeptKey: context.hasKeptKey(info))
    }

    func savedSession() async -> SessionSummary? {
        guard let info = await network.sessions.restore() else { return nil }
        return SessionSummary(email: info.email ?? "", isDemo: info.kind == .demo, isUnlocked: false,
                              hasKeptKey: context.hasKeptKey(info))
    }

    func lock() async -> Bool {
        // The PIN may reopen it offline in this process (`unlockLocally`); the kept copy goes.
        await network.clientKeys.lockKeepingVerifier()
        guard let info = await network.sessions.restore(), let keptKeys = context.keptKeys else { return false }
        let forgotten = keptKeys.forget(server: network.configuration.sessionKey, userId: info.userId)
        // A refused key kept aside for a re-wrap goes too (decision 104).
        _ = keptKeys.forget(server: network.configuration.sessionKey, userId: RefusedKey.entry(info.userId))
        context.keyChecks?.forget(server: network.configuration.sessionKey, userId: info.userId)
        if forgotten { context.logger.info("kept client key forgotten") }
        return forgotten
    }

    func statusKeyCondition() async -> KeptKeyProof? {
        guard let info = await network.sessions.restore() else { return nil }
        if info.kind == .demo { return .noneNeeded }
        switch context.keptKeys?.witness(server: network.configuration.sessionKey, userId: info.userId) {
        // The launcher searches the session keyring only (`FastStatus`).
        case let .keyring(ring, description, serial) where ring == KernelKeyring.session.ring:
            return .keyring(description: description, serial: serial)
        case let .agent(socket, entry, serial): return .agent(socket: socket, entry: entry, serial: serial)
        default: return nil
        }
    }

    func keptKeyPlace() async -> KeptClientKeys.Place? {
        guard let info = await network.sessions.restore(), info.kind == .password else { return nil }
        return context.keptKeys?.place(server: network.configuration.sessionKey, userId: info.userId)
    }

    /// A session that works in memory but could not be written (a directory where the file goes,
    /// a full disk) will be gone at the next start: the log says so.
    private func logPersistenceProblem() async {
        guard case let .unwritable(path, reason)? = await network.sessions.lastPersistenceError else { return }
        context.logger.warning("session not saved (\(path): \(reason)); the next start asks to sign in again")
    }

    /// Keeps a validated PIN-derived key for the shell and the next start (decision 36). A failure
    /// to keep it only costs a PIN prompt later: logged, not shown.
    private func keep(_ key: String) async {
        guard let info = await network.sessions.sessionInfo, info.kind == .password, let keptKeys = context.keptKeys else { return }
        do {
            guard let place = try keptKeys.keep(key, server: network.configuration.sessionKey, userId: info.userId) else {
                context.logger.info("client key not kept (key_ttl is 0)")
                return
            }
            context.logger.info("client key kept", metadata: ["place": "\(place.rawValue)"])
            // The data key is wrapped for this key now (re-wrapped when it was installed): a refused
            // key kept aside for that is no longer needed (decision 104).
            if keptKeys.forget(server: network.configuration.sessionKey, userId: RefusedKey.entry(info.userId)) {
                context.logger.info("refused client key kept aside forgotten")
            }
        } catch {
            context.logger.warning("cannot keep the client key", metadata: ["error": "\(error)"])
        }
    }
}
