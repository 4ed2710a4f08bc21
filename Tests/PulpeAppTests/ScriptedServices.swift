import Clocks
import PulpeCore
import PulpeDomain
import PulpeNetworking
import Synchronization
import PulpeServices
import PulpeStore
import Testing
@testable import PulpeApp

/// Services that answer from a script and record what they were asked (one value plays every
/// concern; its outbox is a list in memory whose sync sends everything).
final class ScriptedServices: AvailabilityService, SessionService, BudgetService, OutboxService {
    let checkOutcome: ServiceCheckOutcome
    let session: SessionSummary?
    let cachedSettingsOutcome: SettingsOutcome?
    /// The saved session with cached data, read from disk (`offlineSession`).
    let offline: SessionSummary?
    /// The year's list the cache holds (nil: none) — the server's `fetchYear` always fails.
    let cachedYearList: [BudgetSummary]?
    private let calls = Mutex<[String]>([])
    private let queued = Mutex<[PendingExpense]>([])

    init(check: ServiceCheckOutcome = .available, session: SessionSummary? = nil, cachedSettings: SettingsOutcome? = nil,
         offline: SessionSummary? = nil, cachedYearList: [BudgetSummary]? = nil) {
        self.cachedYearList = cachedYearList
        checkOutcome = check
        self.session = session
        cachedSettingsOutcome = cachedSettings
        self.offline = offline
    }

    /// The set effects run with: this one value for every concern.
    var set: ServiceSet { ServiceSet(availability: self, sessions: self, budgets: self, outbox: self) }
    var provider: ServiceProvider { ServiceProvider(ready: set) }

    var recorded: [String] { calls.withLock { $0 } }
    private func record(_ call: String) { calls.withLock { $0.append(call) } }

    func checkService() async -> ServiceCheckOutcome { record("checkService"); return checkOutcome }
    func restoreSession() async -> SessionSummary? { record("restoreSession"); return session }
    func logIn(email: String, password: String) async -> LoginOutcome {
        record("logIn \(email)")
        return .signedIn(SessionSummary(email: email, isDemo: false, isUnlocked: false))
    }
    func startDemo() async -> LoginOutcome {
        record("startDemo")
        return .signedIn(SessionSummary(email: "demo", isDemo: true, isUnlocked: false))
    }
    func unlock(pin: String) async -> UnlockOutcome {
        record("unlock")
        return pin == "1234" ? .unlocked : .failed(Failure.wrongPin)
    }
    func unlockDemo() async -> UnlockOutcome { record("unlockDemo"); return .unlocked }
    func signOut() async { record("signOut") }
    func prepareHome() async { record("prepareHome") }
    func cachedSettings() async -> SettingsOutcome? { record("cachedSettings"); return cachedSettingsOutcome }
    func loadSettings() async -> SettingsOutcome {
        record("loadSettings")
        return .loaded(UserSettings(payDayOfMonth: 25, currency: .chf), today: CalendarDay(year: 2026, month: 11, day: 21)!)
    }
    func offlineSession() async -> SessionSummary? { record("offlineSession"); return offline }
    func lock() async -> Bool { record("lock"); return false }
    func keptKeyPlace() async -> KeptClientKeys.Place? { nil }
    func cachedMonth(_ month: BudgetMonth) async -> Fetched<MonthContent>? {
        record("cachedMonth")
        return Fetched(.noBudget, fetchedAt: at("08:00"), fromCache: true)
    }
    func fetchMonth(_ month: BudgetMonth) async -> FetchOutcome<MonthContent> {
        record("fetchMonth")
        return .fetched(Fetched(.noBudget, fetchedAt: at("14:32"), fromCache: false))
    }
    func cachedYear(_ year: Int) async -> Fetched<[BudgetSummary]>? {
        record("cachedYear")
        return cachedYearList.map { Fetched($0, fetchedAt: at("08:00"), fromCache: true) }
    }
    func fetchYear(_ year: Int) async -> FetchOutcome<[BudgetSummary]> {
        record("fetchYear")
        return .failed(Failure.unreachable)
    }
    var maintenanceSignals: AsyncStream<String?> { AsyncStream { $0.finish() } }
    var offlineChanges: AsyncStream<Bool> { AsyncStream { $0.finish() } }

    func snapshot() async -> OutboxSnapshot { OutboxSnapshot(items: queued.withLock { $0 }) }
    func store(change: ChangeDraft) async -> Result<String?, StoreFailure> {
        record("store \(change.label)")
        guard case let .createTransaction(new) = change.operation, let id = new.id else { return .success(nil) }
        queued.withLock { $0.append(PendingExpense(id: id, draft: ExpenseDraft(new, month: change.month, timeZone: .utc), state: .pending)) }
        return .success(id)
    }
    func sync(progress: @escaping @Sendable (SyncEvent) -> Void) async -> SyncReport {
        record("sync")
        let items = queued.withLock { items in defer { items.removeAll() }; return items }
        for (index, item) in items.enumerated() {
            progress(.sending(index: index + 1, total: items.count))
            progress(.sent(id: item.id))
        }
        return SyncReport(sent: items.map(\.id))
    }
    func remove(id: String) async -> OutboxRemoval {
        record("remove \(id)")
        return queued.withLock { items in
            guard let index = items.firstIndex(where: { $0.id == id }) else { return .notFound }
            items.remove(at: index)
            return .removed
        }
    }
    func replace(id: String, with draft: ExpenseDraft) async -> Bool { record("replace \(id)"); return true }
}
