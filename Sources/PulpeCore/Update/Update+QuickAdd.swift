extension Core {
    /// `a`: opens the quick-add form (product.md §2.8).
    static func openQuickAdd(_ state: inout AppState) -> [Effect] {
        []
    }

    /// The outbox has the expense: the form closes.
    static func quickAddStored(_ state: inout AppState, _ expense: PendingExpense) -> [Effect] {
        []
    }

    /// The outbox could not store it: the form stays, with what was typed and why.
    static func quickAddNotStored(_ state: inout AppState, _ failure: StoreFailure) -> [Effect] {
        []
    }
}

extension Core {
    /// The pending list's Entrée: the quick-add form filled in with `expense`, saving replaces it.
    static func editPending(_ state: inout AppState, _ expense: PendingExpense) -> [Effect] {
        []
    }
}
