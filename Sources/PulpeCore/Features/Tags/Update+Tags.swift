import PulpeDomain

/// The tags screen (`T`, decision 89): the account's tags with how many rows of the shown month
/// carry each; `a` adds one, `r` renames, `d` deletes (what carries it said first), `H` charts
/// it, `Entrée` filters the month by it. Every change is an intent, stored like every write.
extension Core {
    static func tagsAction(_ state: inout AppState, _ action: TagsAction) -> [Effect] {
        guard state.overlay == nil, var home = state.shownHome else { return [] }
        if action == .open {
            guard home.panel == nil, home.browse?.focus == .month else { return [] }
            home.tags = TagsScreen()
            state.home = home
            return []
        }
        guard var screen = home.tags else { return [] }
        let catalogue = state.replica.tags
        let selected = catalogue.indices.contains(screen.selected) ? catalogue[screen.selected] : nil
        switch (action, screen.mode) {
        case (.open, _):
            return []
        case (.moveUp, .list):
            screen.selected = max(0, screen.selected - 1)
        case (.moveDown, .list):
            screen.selected = min(max(0, catalogue.count - 1), screen.selected + 1)
        case (.add, .list):
            screen.mode = .adding
            screen.name = TextField(maxLength: 60)
        case (.rename, .list):
            guard let selected else { return [] }
            screen.mode = .renaming(selected)
            screen.name = TextField(text: selected.name, maxLength: 60)
        case (.delete, .list):
            guard let selected, let details = home.browse?.shownDetails else { return [] }
            screen.mode = .confirmingDelete(selected, carriers: carriers(of: selected, in: details))
        case (.history, .list):
            guard let selected, let browse = home.browse else { return [] }
            let chart = TagChart(tags: [selected], end: browse.month)
            state.overlay = .tagChart(chart)
            return [chart.load]
        case (.submit, .list):
            // The month filtered by the tag (`/#name`, `/#"Mon tag"`: the whole name), the screen closed.
            guard let selected, var browse = home.browse else { return [] }
            home.tags = nil
            browse.filter = TextField(text: TransactionFilter.tagWord(selected.name), maxLength: 60)
            browse.list.scroll(to: 0)
            home.browse = browse
            state.home = home
            return []
        case (.submit, .adding), (.submit, .renaming):
            let intent: WriteIntent = if case let .renaming(tag) = screen.mode {
                .renameTag(name: tag.name, to: screen.name.text)
            } else {
                .createTag(name: screen.name.text)
            }
            if case let .failure(problem) = TagRules.name(screen.name.text) {
                screen.problem = problem
                home.tags = screen
                state.home = home
                return []
            }
            screen.mode = .list
            home.tags = screen
            state.home = home
            return write(&state, intent)
        case let (.submit, .confirmingDelete(tag, _)):
            screen.mode = .list
            screen.selected = max(0, min(screen.selected, catalogue.count - 2))
            home.tags = screen
            state.home = home
            return write(&state, .deleteTag(name: tag.name))
        case (.cancel, .list):
            home.tags = nil
            state.home = home
            return []
        case (.cancel, _):
            screen.mode = .list
            screen.problem = nil
        case (.moveUp, _), (.moveDown, _), (.add, _), (.rename, _), (.delete, _), (.history, _):
            return []
        }
        home.tags = screen
        state.home = home
        return []
    }

    static func tagsTyped(_ state: inout AppState, _ edit: TextEdit) -> [Effect] {
        _ = modifyHome(&state) { home in
            guard home.tags?.isTyping == true else { return }
            home.tags?.name.apply(edit)
            home.tags?.problem = nil
        }
        return []
    }

    /// The names of the shown month's prévisions and transactions that carry `tag`.
    public static func carriers(of tag: Tag, in details: BudgetDetails) -> [String] {
        let id = tag.id.lowercased()
        let carries = { (ids: [String]) in ids.contains { $0.lowercased() == id } }
        return details.budgetLines.filter { carries($0.tagIds) }.map(\.name) + details.transactions.filter { carries($0.tagIds) }.map(\.name)
    }
}
