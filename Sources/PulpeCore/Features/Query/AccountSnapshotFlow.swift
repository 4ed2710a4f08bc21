import PulpeDomain

/// `pulpe query` and `pulpe report` as a headless flow (issue 61): the saved session, then the
/// account's settings (the pay day, and the day periods are read against), the replica, the outbox,
/// the tags and the templates kept — all from this machine, offline too.
public struct AccountSnapshotFlow: LocalAccountFlow {
    public enum Outcome: Sendable, Hashable {
        case read(AccountSnapshot)
        case notSignedIn
    }

    public private(set) var outcome: Outcome?
    private let timeZone: LocalZone
    /// The day the periods are read against when the settings cannot say it.
    private var today: CalendarDay
    private var payDay: Int?
    private var currency = Currency.chf
    private var readingSettings = false
    private var months: [BudgetDetails]?
    private var outbox: OutboxSnapshot?
    private var tags: [Tag]??
    private var templates: [TemplatePreview]??
    /// How much of the replica is read (decision 118).
    public enum Reading: Sendable, Hashable {
        /// Every row (`pulpe report --query`, the search).
        case everyRow
        /// Only the rows this query (checked by the caller) may keep, through its `QueryPrefilter`.
        case matching(String)
        /// Each month's rows summed per prévision, kind and tags: a report's or a forecast's.
        case sums
    }

    private let reading: Reading

    /// Except for `.everyRow`, the months what waits in the outbox touches are read whole, for
    /// the outbox to apply over them.
    public init(today: CalendarDay, timeZone: LocalZone = .system, reading: Reading = .everyRow) {
        self.today = today
        self.timeZone = timeZone
        self.reading = reading
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
            if let (kept, day) = settings.kept { (currency, payDay, today) = (kept.currency, kept.payDayOfMonth, day) }
            let read: [Effect] = reading == .everyRow ? [.budgets(.readAccount)] : []
            return read + [.outbox(.loadOutbox), .budgets(.loadTags(askServer: false)), .budgets(.loadTemplates(askServer: false))]
        case let .budgets(.accountRead(read, _, _)) where months == nil:
            months = read
        case let .outbox(.outboxChanged(snapshot)) where outbox == nil:
            outbox = snapshot
            switch reading {
            case .everyRow: break
            case let .matching(text):
                let query = (try? QueryParser.parse(text, today: today, payDay: payDay)) ?? .all
                return [.budgets(.readAccountMatching(QueryPrefilter(query), whole: Self.touched(by: snapshot)))]
            case .sums:
                return [.budgets(.readAccountSummed(whole: Self.touched(by: snapshot)))]
            }
        case let .budgets(.tagsLoaded(read, _)) where tags == nil:
            tags = .some(read)
        case let .budgets(.templatesLoaded(read, _)) where templates == nil:
            templates = .some(read)
        default:
            return []
        }
        if let months, let outbox, let tags, let templates, outcome == nil {
            var account = AccountSnapshot(months: months, outbox: outbox, tags: tags ?? [], payDay: payDay, today: today,
                                          currency: currency, timeZone: timeZone)
            account.template = templates.flatMap { TemplatePreview.ordered($0).first }
            outcome = .read(account)
        }
        return []
    }

    /// The months what waits in the outbox changes: a new row's, a change's, and the month after a
    /// postpone's (where it moves the row).
    static func touched(by outbox: OutboxSnapshot) -> Set<BudgetMonth> {
        var months = Set(outbox.items.map(\.draft.month))
        for change in outbox.changes {
            months.insert(change.month)
            if change.operation.isPostpone { months.insert(change.month.next) }
        }
        return months
    }
}
