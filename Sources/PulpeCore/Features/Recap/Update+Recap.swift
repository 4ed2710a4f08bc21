import PulpeDomain

/// « Bilan du mois » (decision 122): at the first start in a new pay-day period, the month just
/// closed — what came in, went out, was saved, its result, what it carries over, the prévisions
/// that ran over — shown once over the home screen and dismissed for the period. The very first
/// start of an account records the period without showing anything (no period has turned since).
extension Core {
    /// The period last shown, read at the first settings of the home screen.
    static func recapSeenLoaded(_ state: inout AppState, _ seen: BudgetMonth?) -> [Effect] {
        guard let home = state.home, let browse = home.browse, home.recap == .asking else { return [] }
        let current = browse.currentMonth
        guard let seen, seen < current else {
            _ = modifyHome(&state) { $0.recap = .done }
            return seen == nil ? [.budgets(.markRecapSeen(current))] : []
        }
        _ = modifyHome(&state) { $0.recap = .due(current.previous) }
        let load: [Effect] = browse.months[current.previous] == nil ? [.budgets(.loadMonth(current.previous))] : []
        return load + openRecapIfReady(&state)
    }

    /// Asks for the period last shown once the current month is on screen (after the first
    /// paint); opens the recap once its month's figures are here and nothing else is over it.
    static func openRecapIfReady(_ state: inout AppState) -> [Effect] {
        if let home = state.home, home.recap == .unknown, let browse = home.browse, browse.months[browse.currentMonth]?.value != nil {
            _ = modifyHome(&state) { $0.recap = .asking }
            return [.budgets(.loadRecapSeen)]
        }
        guard state.overlay == nil, case .home = state.screen, let home = state.shownHome, home.panel == nil,
              case let .due(month) = home.recap, let browse = home.browse, let content = browse.months[month]?.value?.value,
              modifyHome(&state, { $0.recap = .done }) else { return [] }
        if case let .budget(details) = content { state.overlay = .recap(MonthRecap(details, month: month)) }
        return [.budgets(.markRecapSeen(browse.currentMonth))]
    }
}
