import PulpeCore
import PulpeDomain

/// A gateway whose real implementation is still being built (the built-in sandbox starting,
/// the network module being wired), so the terminal can paint its first frame at once and the
/// splash plays while that work runs. Every call waits for the real gateway, then forwards.
final class DeferredGateway: ServiceGateway {
    private let ready: Task<any ServiceGateway, Never>

    init(_ build: @escaping @Sendable () async -> any ServiceGateway) {
        ready = Task { await build() }
    }

    private var gateway: any ServiceGateway { get async { await ready.value } }

    func checkService() async -> ServiceCheckOutcome { await gateway.checkService() }
    func restoreSession() async -> SessionSummary? { await gateway.restoreSession() }
    func logIn(email: String, password: String) async -> LoginOutcome { await gateway.logIn(email: email, password: password) }
    func startDemo() async -> LoginOutcome { await gateway.startDemo() }
    func unlock(pin: String) async -> UnlockOutcome { await gateway.unlock(pin: pin) }
    func unlockDemo() async -> UnlockOutcome { await gateway.unlockDemo() }
    func signOut() async { await gateway.signOut() }
    func offlineSession() async -> SessionSummary? { await gateway.offlineSession() }
    func prepareHome() async { await gateway.prepareHome() }
    func cachedSettings() async -> SettingsOutcome? { await gateway.cachedSettings() }
    func loadSettings() async -> SettingsOutcome { await gateway.loadSettings() }
    func cachedMonth(_ month: BudgetMonth) async -> Fetched<MonthContent>? { await gateway.cachedMonth(month) }
    func fetchMonth(_ month: BudgetMonth) async -> FetchOutcome<MonthContent> { await gateway.fetchMonth(month) }
    func cachedYear(_ year: Int) async -> Fetched<[BudgetSummary]>? { await gateway.cachedYear(year) }
    func fetchYear(_ year: Int) async -> FetchOutcome<[BudgetSummary]> { await gateway.fetchYear(year) }

    var maintenanceSignals: AsyncStream<String?> { forward { $0.maintenanceSignals } }
    var offlineChanges: AsyncStream<Bool> { forward { $0.offlineChanges } }

    private func forward<Element: Sendable>(_ stream: @escaping @Sendable (any ServiceGateway) -> AsyncStream<Element>)
        -> AsyncStream<Element> {
        let ready = self.ready
        return AsyncStream { continuation in
            let task = Task {
                for await element in stream(await ready.value) { continuation.yield(element) }
                continuation.finish()
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }
}

/// What the app talks to when the built-in sandbox could not start: every check finds no
/// server, so the user sees « Connexion impossible » (and the log says why) instead of a crash.
struct UnreachableGateway: ServiceGateway {
    func checkService() async -> ServiceCheckOutcome { .unreachable }
    func restoreSession() async -> SessionSummary? { nil }
    func logIn(email: String, password: String) async -> LoginOutcome { .failed(Self.error) }
    func startDemo() async -> LoginOutcome { .failed(Self.error) }
    func unlock(pin: String) async -> UnlockOutcome { .failed(Self.error) }
    func unlockDemo() async -> UnlockOutcome { .failed(Self.error) }
    func signOut() async {}
    func offlineSession() async -> SessionSummary? { nil }
    func prepareHome() async {}
    func cachedSettings() async -> SettingsOutcome? { nil }
    func loadSettings() async -> SettingsOutcome { .failed(Self.error) }
    func cachedMonth(_ month: BudgetMonth) async -> Fetched<MonthContent>? { nil }
    func fetchMonth(_ month: BudgetMonth) async -> FetchOutcome<MonthContent> { .failed(Self.error) }
    func cachedYear(_ year: Int) async -> Fetched<[BudgetSummary]>? { nil }
    func fetchYear(_ year: Int) async -> FetchOutcome<[BudgetSummary]> { .failed(Self.error) }
    var maintenanceSignals: AsyncStream<String?> { AsyncStream { $0.finish() } }
    var offlineChanges: AsyncStream<Bool> { AsyncStream { $0.finish() } }

    static let error = UserFacingError(.transport, "Connexion impossible — vérifie ta connexion internet")
}
