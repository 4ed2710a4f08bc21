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

    public init(today: CalendarDay, timeZone: LocalZone = .system) {
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
            if let (kept, day) = settings.kept { (currency, payDay, today) = (kept.currency, kept.payDayOfMonth, day) }
            return [.budgets(.readAccount), .outbox(.loadOutbox), .budgets(.loadTags(askServer: false)),
                    .budgets(.loadTemplates(askServer: false))]
        case let .budgets(.accountRead(read, _, _)) where months == nil:
            months = read
        case let .outbox(.outboxChanged(snapshot)) where outbox == nil:
            outbox = snapshot
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
}
