import Foundation
import Logging
import PulpeDomain
import PulpeCore
import PulpeNetworking

/// The production `ServiceGateway`: the root state machine's questions answered over HTTP by
/// PulpeNetworking. It holds the tokens (through `AuthSessionManager`) and the client key (through
/// `ClientKeyService`) so neither ever enters the core's state; failures become French
/// `UserFacingError`s, and their diagnostics (never secrets) go to the log.
final class NetworkGateway: ServiceGateway {
    private let network: PulpeNetwork
    private let logger: Logger

    init(network: PulpeNetwork, logger: Logger) {
        self.network = network
        self.logger = logger
    }

    func checkService() async -> ServiceCheckOutcome {
        do {
            let status = try await network.client.maintenanceStatus()
            return status.maintenanceMode ? .maintenance(message: status.message) : .available
        } catch {
            logger.warning("maintenance status check failed", metadata: ["error": "\(error.diagnostic)"])
            return error.isTransport ? .unreachable : .failed(reason: error.diagnostic)
        }
    }

    func restoreSession() async -> SessionSummary? {
        do {
            guard let info = try await network.sessions.restoreValidated() else { return nil }
            return await summary(of: info)
        } catch {
            // Unreachable right after a successful check: keep the saved session rather than
            // logging the user out; the PIN screen will report the network if it persists.
            logger.warning("session restore failed", metadata: ["error": "\(error.diagnostic)"])
            guard let info = await network.sessions.restore() else { return nil }
            return await summary(of: info)
        }
    }

    func logIn(email: String, password: String) async -> LoginOutcome {
        do {
            let info = try await network.sessions.logIn(email: email, password: password)
            logger.info("signed in", metadata: ["kind": "password"])
            return .signedIn(await summary(of: info))
        } catch {
            return .failed(userFacing(error, during: "login"))
        }
    }

    func startDemo() async -> LoginOutcome {
        do {
            let info = try await network.sessions.startDemoSession()
            logger.info("signed in", metadata: ["kind": "demo"])
            return .signedIn(await summary(of: info))
        } catch {
            return .failed(userFacing(error, during: "demo session"))
        }
    }

    func unlock(pin: String) async -> UnlockOutcome {
        do {
            try await network.clientKeys.unlock(pin: pin)
            return .unlocked
        } catch {
            return .failed(userFacing(error, during: "unlock"))
        }
    }

    func unlockDemo() async -> UnlockOutcome {
        do {
            try await network.clientKeys.unlockDemo()
            return .unlocked
        } catch {
            return .failed(userFacing(error, during: "demo unlock"))
        }
    }

    func signOut() async {
        await network.clientKeys.lock()
        await network.sessions.logOut()
        logger.info("signed out")
    }

    func loadSettings() async -> SettingsOutcome {
        do {
            let settings = try await network.client.userSettings()
            return .loaded(settings, clock: DateFormatting.time(Date(), in: .current))
        } catch {
            return .failed(userFacing(error, during: "settings"))
        }
    }

    var maintenanceSignals: AsyncStream<String?> {
        let events = network.maintenance.events()
        return AsyncStream { continuation in
            let task = Task {
                for await event in events { continuation.yield(event.message) }
                continuation.finish()
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    var offlineChanges: AsyncStream<Bool> {
        let monitor = network.connectivity
        return AsyncStream { continuation in
            let task = Task {
                var last: Bool?
                for await state in await monitor.updates() {
                    let offline = state == .offline
                    if offline != last { continuation.yield(offline) }
                    last = offline
                }
                continuation.finish()
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    private func summary(of info: SessionInfo) async -> SessionSummary {
        SessionSummary(email: info.email ?? "", isDemo: info.kind == .demo, isUnlocked: await network.clientKeys.isUnlocked)
    }

    private func userFacing(_ error: PulpeError, during operation: String) -> UserFacingError {
        logger.warning("\(operation) failed", metadata: ["error": "\(error.diagnostic)"])
        let kind: UserFacingError.Kind
        switch error.kind {
        case .offline, .timeout: kind = .transport
        case .maintenance: kind = .maintenance
        case .invalidCredentials: kind = .invalidCredentials
        case .wrongClientKey: kind = .wrongPin
        case .rateLimited: kind = .rateLimited
        default: kind = .other
        }
        return UserFacingError(kind, error.userMessage)
    }
}
