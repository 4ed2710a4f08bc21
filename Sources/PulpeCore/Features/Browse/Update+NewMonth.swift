import PulpeDomain

/// A month without a budget (decision 50): `Entrée` asks for the templates (never before: a month
/// without a budget in the past costs no request), the panel then offers « Créer le budget de
/// Janvier 2027 depuis « Budget standard » » with a preview of the template's lines; `M` picks
/// another template, `Entrée` stores the creation as an operation of the outbox (sent when the
/// server answers; the month and the year are read again once it is).
extension Core {
    /// `Entrée` on a month without a budget, before its templates are here: ask for them (the
    /// server's, kept in the cache; behind the closed gate or offline, the cache's).
    static func requestTemplates(_ state: inout AppState) -> [Effect] {
        let askServer = state.service.allowsRequests && !state.isOffline
        var effects: [Effect] = []
        _ = modifyBrowse(&state) { browse in
            switch browse.templates {
            case .unavailable where !askServer:
                // The cache had none a moment ago, and still has none while offline.
                return
            case .unknown, .unavailable:
                browse.templates = .loading
                effects = [.budgets(.loadTemplates(askServer: askServer))]
            case .loading, .loaded:
                return
            }
        }
        return effects
    }

    static func templatesLoaded(_ state: inout AppState, _ previews: [TemplatePreview]?) -> [Effect] {
        let offline = !state.service.allowsRequests || state.isOffline
        _ = modifyBrowse(&state) { browse in
            if let previews {
                browse.templates = .loaded(previews)
                browse.templateIndex = 0
            } else {
                browse.templates = .unavailable(offline: offline)
            }
        }
        return []
    }

    /// `M`: the next template (round).
    static func nextTemplate(_ state: inout AppState) -> [Effect] {
        _ = modifyBrowse(&state) { browse in
            guard case let .loaded(previews) = browse.templates, !previews.isEmpty else { return }
            browse.templateIndex = (browse.templateIndex + 1) % previews.count
        }
        return []
    }

    /// `Entrée` on a month without a budget: its templates first (the preview), then its creation
    /// from the chosen one, stored now.
    static func createShownBudget(_ state: inout AppState) -> [Effect] {
        guard let home = state.shownHome, let browse = home.browse, browse.showsNoBudget,
              !isCreatingBudget(state, browse.month) else { return [] }
        guard case .loaded = browse.templates else { return requestTemplates(&state) }
        guard let preview = browse.chosenTemplate else { return [] }
        // `u` takes it back while it waits (offline, or before the server answers).
        return write(&state, .createMonth(template: preview.template.id))
    }

    /// How many months `P` plans ahead from a month without a budget.
    public static let plannedMonths = 3

    /// `P` on a month without a budget: it and the next ones planned from the chosen template
    /// (the templates read first, as `Entrée` does); the server skips months that exist.
    static func planShownMonths(_ state: inout AppState) -> [Effect] {
        guard let home = state.shownHome, let browse = home.browse, browse.showsNoBudget,
              !isCreatingBudget(state, browse.month) else { return [] }
        guard case .loaded = browse.templates else { return requestTemplates(&state) }
        guard let preview = browse.chosenTemplate else { return [] }
        return write(&state, .planMonths(count: plannedMonths, template: preview.template.id))
    }

    /// The month's creation waits in the outbox (not refused).
    public static func isCreatingBudget(_ state: AppState, _ month: BudgetMonth) -> Bool {
        state.writes.outbox.monthsBeingCreated.contains(month)
    }

}

/// The templates a month without a budget is offered from.
public enum TemplatesState: Hashable, Sendable {
    case unknown
    case loading
    case loaded([TemplatePreview])
    /// The server did not give them (offline: the closed gate, or no answer).
    case unavailable(offline: Bool)
}

extension BrowseState {
    /// The shown month is known to have no budget.
    public var showsNoBudget: Bool {
        // A month whose creation waits is shown as its template makes it (the overlay's).
        serverHasNoBudget && pending.merged == nil
    }

    /// The shown month is its waiting creation's provisional copy (no server copy yet).
    public var showsProvisional: Bool { serverHasNoBudget && pending.merged != nil }

    /// The server said the shown month has no budget.
    private var serverHasNoBudget: Bool {
        if case let .loaded(fetched)? = months[month], case .noBudget = fetched.value { return true }
        return false
    }

    /// The template `Entrée` would create the shown month from.
    public var chosenTemplate: TemplatePreview? {
        guard case let .loaded(previews) = templates, !previews.isEmpty else { return nil }
        return previews[min(templateIndex, previews.count - 1)]
    }
}
