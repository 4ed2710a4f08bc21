import Foundation
import Logging
import PulpeDomain
import PulpeCore
import PulpeNetworking
import PulpeStore

/// The production `ServiceGateway`: the root state machine's questions answered over HTTP by
/// PulpeNetworking. It holds the tokens (through `AuthSessionManager`) and the client key (through
/// `ClientKeyService`) so neither ever enters the core's state; failures become French
/// `UserFacingError`s, and their diagnostics (never secrets) go to the log.
final class NetworkGateway: ServiceGateway {
    private let network: PulpeNetwork
    private let cache: CacheStore
    private let yearLists: YearListRequests
    private let logger: Logger

    init(network: PulpeNetwork, cache: CacheStore, logger: Logger) {
        self.network = network
        self.cache = cache
        self.yearLists = YearListRequests(client: network.client)
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
            if info.kind == .demo {
                // The demo key is public and fixed, and was validated when the session began:
                // asking again on every start would only spend the 5-per-minute validation quota.
                try await network.clientKeys.unlockDemo(validate: false)
            }
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

    func offlineSession() async -> SessionSummary? {
        guard let info = await network.sessions.restore() else { return nil }
        let scope = CacheScope(serverKey: network.configuration.sessionKey, userId: info.userId)
        guard cache.hasAnyData(scope: scope) else { return nil }
        return SessionSummary(email: info.email ?? "", isDemo: info.kind == .demo, isUnlocked: false)
    }

    func prepareHome() async {
        await yearLists.prefetch(year: CalendarDay(Date(), in: .current).year)
    }

    func cachedSettings() async -> SettingsOutcome? {
        guard let scope = await cacheScope(), let cached = cache.settings(scope: scope) else { return nil }
        return .cached(cached.value, clock: DateFormatting.stamp(cached.fetchedAt, now: Date(), in: .current),
                       today: CalendarDay(Date(), in: .current))
    }

    func loadSettings() async -> SettingsOutcome {
        do {
            let settings = try await network.client.userSettings()
            let now = Date()
            if let scope = await cacheScope() { cache.saveSettings(settings, scope: scope, fetchedAt: now) }
            return .loaded(settings, clock: DateFormatting.time(now, in: .current), today: CalendarDay(now, in: .current))
        } catch {
            // Offline, the cached settings still say which period is current.
            if await isOffline(error), let cached = await cachedSettings() { return cached }
            return .failed(userFacing(error, during: "settings"))
        }
    }

    func cachedMonth(_ month: BudgetMonth) async -> Fetched<MonthContent>? {
        guard let scope = await cacheScope(), let cached = cache.month(month, scope: scope) else { return nil }
        let content: MonthContent = cached.value.details.map { .budget($0) } ?? .noBudget
        return Fetched(content, clock: DateFormatting.stamp(cached.fetchedAt, now: Date(), in: .current), fromCache: true)
    }

    func fetchMonth(_ month: BudgetMonth) async -> FetchOutcome<MonthContent> {
        do {
            let summaries = try await yearLists.list(year: month.year)
            let now = Date()
            let scope = await cacheScope()
            if let scope { cache.saveYear(summaries, year: month.year, scope: scope, fetchedAt: now) }
            guard let summary = summaries.first(where: { $0.month == month.month && $0.year == month.year }) else {
                if let scope { cache.saveMonth(nil, month: month, scope: scope, fetchedAt: now) }
                return .fetched(Fetched(.noBudget, clock: DateFormatting.time(now, in: .current), fromCache: false))
            }
            let details = try await network.client.budgetDetails(id: summary.id)
            if let scope { cache.saveMonth(details, month: month, scope: scope, fetchedAt: now) }
            return .fetched(Fetched(.budget(details), clock: DateFormatting.time(now, in: .current), fromCache: false))
        } catch {
            return .failed(await fetchFailure(error, during: "month \(month.year)-\(month.month)"))
        }
    }

    func cachedYear(_ year: Int) async -> Fetched<[BudgetSummary]>? {
        guard let scope = await cacheScope(), let cached = cache.year(year, scope: scope) else { return nil }
        return Fetched(cached.value, clock: DateFormatting.stamp(cached.fetchedAt, now: Date(), in: .current), fromCache: true)
    }

    func fetchYear(_ year: Int) async -> FetchOutcome<[BudgetSummary]> {
        do {
            let summaries = try await yearLists.list(year: year)
            let now = Date()
            if let scope = await cacheScope() { cache.saveYear(summaries, year: year, scope: scope, fetchedAt: now) }
            return .fetched(Fetched(summaries, clock: DateFormatting.time(now, in: .current), fromCache: false))
        } catch {
            return .failed(await fetchFailure(error, during: "year \(year)"))
        }
    }

    /// A failure that means « no server »: a transport failure, or (browsing the cache offline,
    /// where the client key could not be validated) a request that was never sent for want of it.
    private func isOffline(_ error: PulpeError) async -> Bool {
        if error.isTransport { return true }
        guard error.kind == .forbidden(.clientKeyMissing) else { return false }
        return await network.connectivity.state != .online
    }

    private func fetchFailure(_ error: PulpeError, during operation: String) async -> UserFacingError {
        if await isOffline(error) {
            logger.info("\(operation) skipped: offline")
            return UserFacingError(.transport, "Hors ligne — vérifie ta connexion")
        }
        return userFacing(error, during: operation)
    }

    /// Cache entries belong to this server and this user: two accounts never mix.
    private func cacheScope() async -> CacheScope? {
        guard let info = await network.sessions.sessionInfo else { return nil }
        return CacheScope(serverKey: network.configuration.sessionKey, userId: info.userId)
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
