import PulpeDomain

/// A bank statement in the TUI (`I`, decision 90): its path typed, the file read and planned by the
/// runtime (`readStatement`: `pulpe import`'s reader, matcher and rules against the replica), each
/// operation shown new or already in Pulpe; `Espace` keeps or skips one, `Entrée` stores the kept
/// ones as one batch of ordinary creates under their client ids — `u` takes the batch back.
extension Core {
    static func importAction(_ state: inout AppState, _ action: ImportAction) -> [Effect] {
        guard state.overlay == nil, var home = state.shownHome else { return [] }
        if action == .open {
            guard home.panel == nil, home.browse != nil else { return [] }
            home.importReview = ImportReview()
            state.home = home
            return []
        }
        guard var review = home.importReview else { return [] }
        var effects: [Effect] = []
        switch action {
        case .open:
            return []
        case .cancel where review.isTyping:
            review.renaming = nil
            review.tagging = nil
            review.choosingLine = nil
            review.lineUnknown = false
        case .cancel:
            if review.rows != nil {
                review.rows = nil
                review.failure = nil
            } else {
                home.importReview = nil
                state.home = home
                return []
            }
        case .moveUp:
            review.selected = max(0, review.selected - 1)
        case .moveDown:
            review.selected = min(max(0, (review.rows?.count ?? 1) - 1), review.selected + 1)
        case .toggle:
            guard var rows = review.rows, rows.indices.contains(review.selected), rows[review.selected].draft != nil else { return [] }
            rows[review.selected].accepted.toggle()
            review.rows = rows
        case .rename:
            guard let rows = review.rows, rows.indices.contains(review.selected), rows[review.selected].draft != nil else { return [] }
            review.renaming = TextField(text: rows[review.selected].name, maxLength: ExpenseRules.maximumNameLength)
        case .tags:
            guard let rows = review.rows, rows.indices.contains(review.selected), rows[review.selected].draft != nil else { return [] }
            review.tagging = TextField(text: rows[review.selected].tags.joined(separator: ", "), maxLength: 400)
        case .submit where review.tagging != nil:
            guard var rows = review.rows, rows.indices.contains(review.selected), let field = review.tagging else { return [] }
            var tagsField = TagsField()
            tagsField.text = field
            tagsField.catalogue = state.replica.tags
            if case let .success(names) = tagsField.validated {
                rows[review.selected].tags = names
                rows[review.selected].draft?.tagIds = tagsField.ids(for: names)
                rows[review.selected].chosen = true
                review.rows = rows
            }
            review.tagging = nil
        case .chooseLine:
            guard let rows = review.rows, rows.indices.contains(review.selected), rows[review.selected].draft != nil else { return [] }
            review.choosingLine = TextField(text: rows[review.selected].line ?? "", maxLength: 200)
            review.lineUnknown = false
        case .submit where review.choosingLine != nil:
            guard var rows = review.rows, rows.indices.contains(review.selected), var draft = rows[review.selected].draft,
                  let field = review.choosingLine else { return [] }
            let typed = field.text.trimmingCharacters(in: .whitespaces)
            let chosen = review.lineCompletion
            guard typed.isEmpty || chosen != nil else {
                review.lineUnknown = true
                break
            }
            // On a prévision: checked, as the official import does; free: not checked.
            draft.budgetLineId = chosen?.id
            draft.checked = chosen != nil
            rows[review.selected].draft = draft
            rows[review.selected].line = chosen?.name
            rows[review.selected].chosen = true
            review.rows = rows
            review.choosingLine = nil
        case .submit where review.renaming != nil:
            guard var rows = review.rows, rows.indices.contains(review.selected), let field = review.renaming else { return [] }
            if case let .success(name) = ExpenseRules.name(field.text) {
                rows[review.selected].name = name
                rows[review.selected].draft?.name = name
                rows[review.selected].chosen = true
                review.rows = rows
            }
            review.renaming = nil
        case .submit:
            guard review.rows != nil else {
                let path = review.path.text.trimmingCharacters(in: .whitespaces)
                guard !path.isEmpty, !review.reading else { return [] }
                review.reading = true
                review.failure = nil
                effects = [.budgets(.readStatement(path: path))]
                break
            }
            let kept = review.kept
            home.importReview = nil
            state.home = home
            // What the user chose by hand (a name, a prévision) is remembered for the next imports.
            let choices = kept.filter(\.chosen).map { row in
                ImportChoice(pattern: row.label, name: row.name == row.label ? nil : row.name, line: row.line, tags: row.tags)
            }
            return storeImported(&state, kept) + (choices.isEmpty ? [] : [.budgets(.rememberImportChoices(choices))])
        }
        home.importReview = review
        state.home = home
        return effects
    }

    static func importTyped(_ state: inout AppState, _ edit: TextEdit) -> [Effect] {
        _ = modifyHome(&state) { home in
            if home.importReview?.renaming != nil {
                home.importReview?.renaming?.apply(edit)
                return
            }
            if home.importReview?.tagging != nil {
                home.importReview?.tagging?.apply(edit)
                return
            }
            if let field = home.importReview?.choosingLine {
                // `→` at the end takes the completion's name, as in the quick-add's prévision field.
                if edit == .moveRight, field.isCursorAtEnd, let completion = home.importReview?.lineCompletion {
                    home.importReview?.choosingLine?.text = completion.name
                } else {
                    home.importReview?.choosingLine?.apply(edit)
                }
                home.importReview?.lineUnknown = false
                return
            }
            guard home.importReview?.rows == nil, home.importReview?.reading == false else { return }
            home.importReview?.path.apply(edit)
            home.importReview?.failure = nil
        }
        return []
    }

    static func statementRead(_ state: inout AppState, path: String, _ result: Result<[ImportReviewRow], StatementFailure>) -> [Effect] {
        _ = modifyHome(&state) { home in
            guard var review = home.importReview, review.reading,
                  review.path.text.trimmingCharacters(in: .whitespaces) == path else { return }
            review.reading = false
            switch result {
            case let .success(rows):
                review.rows = rows
                review.selected = 0
            case let .failure(failure):
                review.failure = failure
            }
            home.importReview = review
        }
        return []
    }

    /// The kept operations as one write: each the quick-add's intent under its client id (a tag a
    /// rule names created first), undone together.
    private static func storeImported(_ state: inout AppState, _ rows: [ImportReviewRow]) -> [Effect] {
        var done: [ChangeDraft] = []
        var undo: [ChangeDraft] = []
        for row in rows {
            guard let draft = row.draft else { continue }
            let context = WriteContext(month: draft.month, content: .noBudget, timeZone: state.timeZone)
            guard case let .success(resolved) = WriteResolver.resolve(.addExpense(id: row.clientId, draft), in: context) else { continue }
            done += resolved.done
            undo += resolved.undo
        }
        guard !done.isEmpty else { return [] }
        let count = rows.count
        return perform(&state, ResolvedWrite(done: done, undo: undo,
                                             news: GestureNews(.added, name: count == 1 ? "1 opération du relevé" : "\(count) opérations du relevé")))
    }
}
