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
            return await context.summary(of: info)
        } catch {
            // Unreachable right after a successful check: keep the saved session rather than
            // logging the user out; the PIN screen will report the network if it persists.
            context.logger.warning("session restore failed", metadata: ["error": "\(error.diagnostic)"])
            guard let info = await network.sessions.restore() else { return nil }
            return await context.summary(of: info)
        }
    }

    func logIn(email: String, password: String) async -> LoginOutcome {
        do {
            let info = try await network.sessions.logIn(email: email, password: password)
            context.logger.info("signed in", metadata: ["kind": "password"])
            return .signedIn(await context.summary(of: info))
        } catch {
            return .failed(context.failure(error, during: "login"))
        }
    }

    func startDemo() async -> LoginOutcome {
        do {
            let info = try await network.sessions.startDemoSession()
            context.logger.info("signed in", metadata: ["kind": "demo"])
            return .signedIn(await context.summary(of: info))
        } catch {
            return .failed(context.failure(error, during: "demo session"))
        }
    }

    func unlock(pin: String) async -> UnlockOutcome {
        do {
            try await network.clientKeys.unlock(pin: pin)
            return .unlocked
        } catch {
            return .failed(context.failure(error, during: "unlock"))
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
        await network.clientKeys.lock()
        await network.sessions.logOut()
        context.logger.info("signed out")
    }

    func offlineSession() async -> SessionSummary? {
        guard let info = await network.sessions.restore() else { return nil }
        let scope = CacheScope(serverKey: network.configuration.sessionKey, userId: info.userId)
        guard context.cache.hasAnyData(scope: scope) else { return nil }
        return SessionSummary(email: info.email ?? "", isDemo: info.kind == .demo, isUnlocked: false)
    }
}
