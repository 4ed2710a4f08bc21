import PulpeCore
import PulpeDomain

/// Everything the app asks of the outside world for the root state machine, in the core's
/// vocabulary. The production implementation speaks HTTP through PulpeNetworking and keeps
/// tokens and the client key; tests substitute a scripted one.
public protocol ServiceGateway: Sendable {
    /// Start-up step 1: `GET /maintenance/status`, classified (available, maintenance,
    /// transport failure, other failure).
    func checkService() async -> ServiceCheckOutcome
    /// The saved session for this server, refreshed if needed; nil when nobody is signed in.
    func restoreSession() async -> SessionSummary?
    func logIn(email: String, password: String) async -> LoginOutcome
    func startDemo() async -> LoginOutcome
    /// Derives the client key from the PIN and validates it with the server.
    func unlock(pin: String) async -> UnlockOutcome
    /// Uses and validates the public demo key.
    func unlockDemo() async -> UnlockOutcome
    func signOut() async
    /// The saved session, when the cache holds data of it to browse offline.
    func offlineSession() async -> SessionSummary?
    /// Starts, without waiting, what the home screen needs whatever the settings will say (this
    /// calendar year's sparse list), so the month and year panels do not queue behind them.
    func prepareHome() async
    /// The settings as the cache kept them (`.cached`), if any: they say at once which period
    /// is current.
    func cachedSettings() async -> SettingsOutcome?
    /// `GET /users/settings` (the cached copy when the server cannot be reached).
    func loadSettings() async -> SettingsOutcome
    /// The month as last stored in the cache, if any (shown at once, then revalidated).
    func cachedMonth(_ month: BudgetMonth) async -> Fetched<MonthContent>?
    /// The month from the server (its budget id from the year's sparse list, then its details).
    func fetchMonth(_ month: BudgetMonth) async -> FetchOutcome<MonthContent>
    func cachedYear(_ year: Int) async -> Fetched<[BudgetSummary]>?
    /// One sparse request: `?fields=month,year,remaining&year=`.
    func fetchYear(_ year: Int) async -> FetchOutcome<[BudgetSummary]>
    /// Every 503 + `MAINTENANCE` answer from any request (except the status probe), with the
    /// server's message.
    var maintenanceSignals: AsyncStream<String?> { get }
    /// `true` when requests stop reaching the server, `false` when they reach it again.
    var offlineChanges: AsyncStream<Bool> { get }
}
