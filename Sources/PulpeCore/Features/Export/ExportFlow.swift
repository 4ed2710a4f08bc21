import PulpeDomain

/// `pulpe export` as a headless flow: the saved session (whose account the replica is), then
/// every month the replica holds, read from the cache alone — offline too, and nothing asked of
/// the server (`pulpe sync` brings the replica up to date; the TUI does at each start).
public struct ExportFlow: LocalAccountFlow {
    public enum Outcome: Sendable, Hashable {
        /// The months, oldest first, when the replica was last complete (nil: never), and the
        /// account's currency (CHF when its settings were never kept).
        case read([BudgetDetails], ReplicaStatus?, Currency)
        case notSignedIn
    }

    public private(set) var outcome: Outcome?
    private var currency = Currency.chf
    /// The pay day the kept settings say (`pulpe import` files an operation in its pay-day period).
    public private(set) var payDay: Int?
    private var readingSettings = false

    public init() {}

    mutating func accountKnown() -> [Effect] {
        readingSettings = true
        return [.budgets(.loadSettings)]
    }

    mutating func noAccount() { outcome = .notSignedIn }

    mutating func handleLocally(_ msg: Msg) -> [Effect] {
        switch msg {
        case let .budgets(.settingsLoaded(settings, _)) where readingSettings:
            readingSettings = false
            if let kept = settings.kept?.settings { (currency, payDay) = (kept.currency, kept.payDayOfMonth) }
            return [.budgets(.readAccount)]
        case let .budgets(.accountRead(months, status, _)) where outcome == nil:
            outcome = .read(months, status, currency)
            return []
        default:
            return []
        }
    }
}
