import PulpeDomain

/// `pulpe template list|show` and the preview of a propagation: the saved session (whose
/// account), then the templates with their lines as the replica keeps them — offline too (every
/// sync and every template write sent refresh them) — and the current pay-day period (the
/// settings kept with the account).
public struct TemplatesFlow: LocalAccountFlow {
    public enum Outcome: Sendable, Hashable {
        /// The templates, the default first (nil: never read), and the current period.
        case listed([TemplatePreview]?, current: BudgetMonth)
        case notSignedIn
    }

    public private(set) var outcome: Outcome?
    private var templates: [TemplatePreview]??
    private var current: BudgetMonth?
    private let today: CalendarDay

    public init(today: CalendarDay) {
        self.today = today
    }

    mutating func accountKnown() -> [Effect] { [.budgets(.loadTemplates(askServer: false)), .budgets(.loadSettings)] }

    mutating func noAccount() { outcome = .notSignedIn }

    mutating func handleLocally(_ msg: Msg) -> [Effect] {
        switch msg {
        case let .budgets(.templatesLoaded(previews, _)) where templates == nil:
            templates = .some(previews)
        case let .budgets(.settingsLoaded(settings, _)) where current == nil:
            current = PayDayCalendar.budgetMonth(for: settings.kept?.today ?? today, payDay: settings.kept?.settings.payDayOfMonth)
        default:
            break
        }
        if outcome == nil, let templates, let current { outcome = .listed(templates, current: current) }
        return []
    }
}
