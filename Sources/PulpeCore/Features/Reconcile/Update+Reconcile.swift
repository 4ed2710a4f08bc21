import Foundation
import PulpeDomain

/// « Rapprocher mes comptes » (`b`, §15.4): the « À pointer » step offered first when items are
/// not checked off (as iOS), then the form; `Entrée` resolves `.reconcile` (`WriteResolver`, as
/// `pulpe reconcile`): no gap says « À jour », a gap stores its one entry like every write.
extension Core {
    /// `b`: on a month with a budget; with items still to check, asks first.
    static func openReconcile(_ state: inout AppState) -> [Effect] {
        guard state.overlay == nil, let home = state.shownHome, home.panel == nil,
              let browse = home.browse, browse.focus == .month, let details = browse.shownDetails else { return [] }
        let unchecked = Reconciliation.uncheckedCount(in: details)
        if unchecked > 0 {
            state.overlay = .confirm(.reconcileToCheck(count: unchecked))
            return []
        }
        return showReconcileForm(&state, unchecked: 0)
    }

    /// « Les voir d'abord ? » answered: yes, the « À pointer » list; no, the form.
    static func reconcileToCheckAnswered(_ state: inout AppState, yes: Bool, unchecked: Int) -> [Effect] {
        guard yes else { return showReconcileForm(&state, unchecked: unchecked) }
        _ = modifyBrowse(&state) { browse in
            browse.onlyToCheck = true
            browse.list.scroll(to: 0)
        }
        return []
    }

    private static func showReconcileForm(_ state: inout AppState, unchecked: Int) -> [Effect] {
        _ = modifyHome(&state) { home in home.reconcile = ReconcileForm(unchecked: unchecked) }
        return []
    }

    static func reconcileAction(_ state: inout AppState, _ action: ReconcileAction) -> [Effect] {
        guard state.overlay == nil, var home = state.shownHome else { return [] }
        if action == .open { return openReconcile(&state) }
        guard var form = home.reconcile else { return [] }
        switch action {
        case .open:
            return []
        case .cancel:
            home.reconcile = nil
        case .nextField, .previousField:
            form.focusNext()
            home.reconcile = form
        case .submit:
            return submitReconcile(&state, form)
        }
        state.home = home
        return []
    }

    static func reconcileTyped(_ state: inout AppState, _ edit: TextEdit) -> [Effect] {
        _ = modifyHome(&state) { home in home.reconcile?.apply(edit) }
        return []
    }

    /// `Entrée`: the balances read, the name checked, then the intent — the form closes once it
    /// is resolved (stored, or « À jour »).
    private static func submitReconcile(_ state: inout AppState, _ form: ReconcileForm) -> [Effect] {
        var form = form
        guard let browse = state.shownHome?.browse else { return [] }
        let bankTotal: Decimal
        switch form.total {
        case let .success(total): bankTotal = total
        case let .failure(problem):
            form.problem = .balances(problem)
            form.focus = .balances
            _ = modifyHome(&state) { $0.reconcile = form }
            return []
        }
        let name: String
        switch ExpenseRules.name(form.name.text) {
        case let .success(trimmed): name = trimmed
        case let .failure(problem) where problem != .nameMissing:
            form.problem = problem == .nameTooLong ? .nameTooLong : .nameHasControl
            form.focus = .name
            _ = modifyHome(&state) { $0.reconcile = form }
            return []
        case .failure: name = Reconciliation.defaultName
        }
        _ = modifyHome(&state) { $0.reconcile = nil }
        let intent = WriteIntent.reconciling(id: newClientId(&state), bankTotal: bankTotal, name: name, today: browse.today,
                                             month: browse.month, payDay: browse.settings.payDayOfMonth)
        return write(&state, intent)
    }
}
