import PulpeCore
import PulpeNetworking
import PulpeDomain
import PulpeStore

/// What the app talks to when the built-in sandbox could not start: every check finds no
/// server, so the user sees « Connexion impossible » (and the log says why) instead of a crash.
public struct UnreachableServices: AvailabilityService, SessionService, BudgetService, OutboxService {
    public init() {}

    /// The three concerns answered by this one value.
    public static var set: ServiceSet {
        let services = UnreachableServices()
        return ServiceSet(availability: services, sessions: services, budgets: services, outbox: services)
    }

    public func checkService() async -> ServiceCheckOutcome { .unreachable }
    public var maintenanceSignals: AsyncStream<String?> { AsyncStream { $0.finish() } }
    public var offlineChanges: AsyncStream<Bool> { AsyncStream { $0.finish() } }

    public func restoreSession() async -> SessionSummary? { nil }
    public func logIn(email: String, password: String) async -> LoginOutcome { .failed(Self.error) }
    public func startDemo() async -> LoginOutcome { .failed(Self.error) }
    public func unlock(pin: String) async -> UnlockOutcome { .failed(Self.error) }
    public func unlockDemo() async -> UnlockOutcome { .failed(Self.error) }
    public func signOut() async {}
    public func offlineSession() async -> SessionSummary? { nil }
    public func lock() async -> Bool { false }
    public func keptKeyPlace() async -> KeptClientKeys.Place? { nil }

    public func prepareHome() async {}
    public func cachedSettings() async -> SettingsOutcome? { nil }
    public func loadSettings() async -> SettingsOutcome { .failed(Self.error) }
    public func cachedMonth(_ month: BudgetMonth) async -> Fetched<MonthContent>? { nil }
    public func fetchMonth(_ month: BudgetMonth) async -> FetchOutcome<MonthContent> { .failed(Self.error) }
    public func cachedYear(_ year: Int) async -> Fetched<[BudgetSummary]>? { nil }
    public func fetchYear(_ year: Int) async -> FetchOutcome<[BudgetSummary]> { .failed(Self.error) }

    public func snapshot() async -> OutboxSnapshot { OutboxSnapshot() }
    public func sync(progress: @escaping @Sendable (SyncEvent) -> Void) async -> SyncReport { SyncReport(stoppedBy: Self.error) }
    public func remove(id: String) async -> OutboxRemoval { .notFound }
    public func replace(id: String, with draft: ExpenseDraft) async -> Bool { false }
    static let error = Failure.unreachable
}
