import PulpeDomain

/// `pulpe query` as a headless flow (issue 61): the saved session, then the account's settings (the
/// pay day and the day the periods are read against), the replica, the outbox and the tags — all
/// from this machine, offline too — and the rows the query keeps, what waits in the outbox included
/// and marked.
public struct QueryFlow: LocalAccountFlow {
    public enum Outcome: Sendable, Hashable {
        /// The matching rows, oldest first, and the account's currency.
        case rows([QueryRow], Currency)
        /// The query does not read (checked again here with the account's pay day).
        case invalid(QueryError)
        case notSignedIn
    }

    public private(set) var outcome: Outcome?
    private let text: String
    private let timeZone: LocalZone
    /// The day the periods are read against when the settings cannot say it.
    private let today: CalendarDay
    private var query: LedgerQuery?
    private var currency = Currency.chf
    private var readingSettings = false
    private var months: [BudgetDetails]?
    private var outbox: OutboxSnapshot?
    private var tags: [Tag]??

    public init(_ text: String, today: CalendarDay, timeZone: LocalZone = .system) {
        self.text = text
        self.today = today
        self.timeZone = timeZone
    }

    mutating func accountKnown() -> [Effect] {
        readingSettings = true
        return [.budgets(.loadSettings)]
    }

    mutating func noAccount() { outcome = .notSignedIn }

    mutating func handleLocally(_ msg: Msg) -> [Effect] {
        switch msg {
        case let .budgets(.settingsLoaded(settings, _)) where readingSettings:
            readingSettings = false
            var payDay: Int?
            var today = today
            switch settings {
            case let .cached(kept, day), let .loaded(kept, day): (currency, payDay, today) = (kept.currency, kept.payDayOfMonth, day)
            case .failed: break
            }
            do {
                query = try QueryParser.parse(text, today: today, payDay: payDay)
            } catch {
                outcome = .invalid(error)
                return []
            }
            return [.budgets(.readAccount), .outbox(.loadOutbox), .budgets(.loadTags(askServer: false))]
        case let .budgets(.accountRead(read, _, _)) where months == nil:
            months = read
        case let .outbox(.outboxChanged(snapshot)) where outbox == nil:
            outbox = snapshot
        case let .budgets(.tagsLoaded(read, _)) where tags == nil:
            tags = .some(read)
        default:
            return []
        }
        if let query, let months, let outbox, let tags, outcome == nil {
            let rows = Self.rows(months: months, outbox: outbox, tags: tags ?? [], timeZone: timeZone)
            outcome = .rows(query.filter(rows), currency)
        }
        return []
    }

    /// Every transaction of the replica with what waits in the outbox applied (`PendingOverlay`, as
    /// `pulpe month` shows a month), a new one marked pending; oldest first.
    public static func rows(months: [BudgetDetails], outbox: OutboxSnapshot, tags: [Tag], timeZone: LocalZone) -> [QueryRow] {
        let names = Dictionary(tags.map { ($0.id.lowercased(), $0.name) }, uniquingKeysWith: { first, _ in first })
        let byMonth = Dictionary(months.map { (BudgetMonth(year: $0.budget.year, month: $0.budget.month), $0) },
                                 uniquingKeysWith: { first, _ in first })
        let waiting = Set(outbox.items.filter { !$0.isRefused }.map(\.draft.month))
        var rows: [QueryRow] = []
        for month in Set(byMonth.keys).union(waiting).sorted() {
            let overlay = PendingOverlay(month: month, details: byMonth[month], outbox: outbox)
            guard let details = overlay.merged ?? byMonth[month] else { continue }
            var monthRows = QueryRow.rows(of: [details], tagNames: names, timeZone: timeZone)
            for index in monthRows.indices where overlay.states[monthRows[index].id] != nil {
                monthRows[index].pending = true
            }
            rows += monthRows
        }
        return rows.enumerated().sorted { ($0.element.date, $0.offset) < ($1.element.date, $1.offset) }.map(\.element)
    }
}
