import Foundation
import PulpeDomain

/// The quick-add form (docs/product.md §2.8): amount, description, prévision, kind, date, pointé.
///
/// It lives in `HomeState`, so the home screen's value carries what was typed: maintenance keeps
/// that value in `resumeScreen` and brings the form back as it was left.
public struct QuickAddForm: Hashable, Sendable {
    public enum Field: Hashable, Sendable, CaseIterable {
        case amount, description, line, kind, recurrence, date, checked, tags, goal
    }

    /// The API refuses longer names (docs/contract.md §9); the form says so rather than cutting.
    public static let maximumNameLength = ExpenseRules.maximumNameLength
    /// `Espace` / `→` cycle in this order; dépense comes first because it is what people add.
    public static let kinds: [TransactionKind] = [.expense, .income, .saving]

    public var amount = TextField(maxLength: 40)
    /// Longer than the API's limit, so a pasted long name is shown and refused with the reason.
    public var description = TextField(maxLength: 254)
    /// The prévision to put it on (decision 49): empty, a free transaction; typed, completed among
    /// the month's prévisions of the form's kind (accents and case aside).
    public var line = TextField(maxLength: 100)
    /// The prévisions the field completes from, taken when the form opened (those of the shown month).
    public var lineChoices: [LineChoice] = []
    /// Its tags, by name, completed among the account's (a new name creates the tag).
    public var tags = TagsField()
    /// A saving prévision's savings goal, by name, completed among the account's (empty: none).
    public var goal = TextField(maxLength: 100)
    /// The goals the field completes from, taken when the form opened.
    public var goalChoices: [SavingsGoal] = []
    /// The goal's text the form opened with (an edit's link): unchanged, the link is not touched.
    public var initialGoal = ""
    public var kind: TransactionKind = .expense
    public var date: CalendarDay
    public var checked = true
    public var focus: Field = .amount
    /// Why the last Enter stored nothing (kept until the field it concerns is edited or Enter again).
    public var problem: QuickAddProblem?
    /// After Enter, until the outbox answers: the expense being stored under its client id
    /// (« Enregistrement… », and Enter is ignored).
    public var storing: PendingExpense?
    public var isStoring: Bool { storing != nil }
    /// `Échap` with something typed: « Abandonner cette dépense ? » takes the keys.
    public var isConfirmingDiscard = false
    /// The outbox item being corrected (from the pending list): saving replaces it, same client id.
    public var editing: String?
    /// The transaction being edited (`Entrée` on a selected row): saving stores what changed.
    public var original: Transaction?
    /// The prévision being edited (`Entrée` on a selected prévision): only its amount and name.
    public var editingLine: BudgetLine?
    /// A new prévision (`A`): the budget it goes in; only its amount, name and kind are asked.
    public var newLineBudget: String?
    /// A prévision's recurrence (issue 63): « fixe » carries into the months a template makes,
    /// « ponctuelle » stays in its month — as `pulpe line add --recurrence`. New: ponctuelle.
    public var recurrence: Recurrence = .oneOff
    /// Names to complete the description from, taken when the form opened.
    public var recentNames: RecentNames
    /// What the description's text completes to now (the view greys its suffix).
    public private(set) var completion: NameCompletion?

    public init(date: CalendarDay, recentNames: RecentNames = RecentNames(newestFirst: [])) {
        self.date = date
        self.recentNames = recentNames
    }

    /// Something was typed that `Échap` would throw away.
    /// For an edit: something differs from the transaction as it was (else `Échap` just closes).
    public var hasInput: Bool {
        if let editingLine {
            return amount.text != "\(editingLine.amount)" || description.text != editingLine.name || tags.isChanged
                || goal.text != initialGoal || recurrence != editingLine.recurrence
        }
        if newLineBudget != nil {
            return !amount.text.isEmpty || !description.text.isEmpty || tags.isChanged || !goal.text.isEmpty || recurrence != .oneOff
        }
        guard let original else { return !amount.text.isEmpty || !description.text.isEmpty || tags.isChanged }
        return amount.text != "\(original.amount)" || description.text != original.name || kind != original.kind
            || checked != original.isChecked || tags.isChanged
    }

    /// The amount as the parser reads it now.
    public var parsedAmount: Result<ParsedAmount, AmountProblem> { AmountParser.parse(amount.text) }

    /// The computed total of a sum (« 12+8.50 » → 20.50), shown live beside the field.
    public var liveSum: Decimal? {
        if case let .success(parsed) = parsedAmount, parsed.isExpression { return parsed.value }
        return nil
    }

    /// The fields `Tab` walks: all of them, or a prévision's amount and name.
    public var fields: [Field] {
        let goalField: [Field] = kind == .saving ? [.goal] : []
        if editingLine != nil { return [.amount, .description, .recurrence, .tags] + goalField }
        if newLineBudget != nil { return [.amount, .description, .kind, .recurrence, .tags] + goalField }
        return [.amount, .description, .line, .kind, .date, .checked, .tags]
    }

    public mutating func focusNext() {
        let all = fields
        focus = all[((all.firstIndex(of: focus) ?? 0) + 1) % all.count]
    }

    public mutating func focusPrevious() {
        let all = fields
        focus = all[((all.firstIndex(of: focus) ?? 0) + all.count - 1) % all.count]
    }

    /// An edit in the focused text field. `→` at the end of the description accepts the completion.
    public mutating func apply(_ edit: TextEdit) {
        switch focus {
        case .amount:
            amount.apply(edit)
        case .description:
            if edit == .moveRight, description.isCursorAtEnd, let completion {
                description.text = completion.name
            } else {
                description.apply(edit)
            }
            completion = recentNames.completion(for: description.text)
        case .line:
            // A sent transaction's prévision is not the patch's to change (transactionUpdateSchema).
            guard original == nil else { return }
            if edit == .moveRight, line.isCursorAtEnd, let completion = lineCompletion {
                line.text = completion.name
            } else {
                line.apply(edit)
            }
        case .tags:
            tags.apply(edit)
        case .goal:
            if edit == .moveRight, goal.isCursorAtEnd, let completion = goalCompletion {
                goal.text = completion.name
            } else {
                goal.apply(edit)
            }
        case .kind, .recurrence, .date, .checked:
            return
        }
        if problem?.field == focus { problem = nil }
    }

    /// The prévision the typed text completes to: of the form's kind, its name starting with the
    /// text (else containing it), accents and case aside; nil when nothing is typed or matches.
    public var lineCompletion: LineChoice? {
        let typed = Self.folded(line.text.trimmingCharacters(in: .whitespaces))
        guard !typed.isEmpty else { return nil }
        let ofKind = lineChoices.filter { $0.kind == kind }
        return ofKind.first { Self.folded($0.name).hasPrefix(typed) } ?? ofKind.first { Self.folded($0.name).contains(typed) }
    }

    /// The prévision chosen: nil for a free transaction; `.failure` when typed text names none.
    public var chosenLine: Result<LineChoice?, QuickAddProblem> {
        let typed = Self.folded(line.text.trimmingCharacters(in: .whitespaces))
        guard !typed.isEmpty else { return .success(nil) }
        if let exact = lineChoices.first(where: { $0.kind == kind && Self.folded($0.name) == typed }) { return .success(exact) }
        if let completion = lineCompletion { return .success(completion) }
        return .failure(.lineUnknown)
    }

    /// The savings goal the typed text completes to (its name starting with it, else containing it).
    public var goalCompletion: SavingsGoal? {
        let typed = Self.folded(goal.text.trimmingCharacters(in: .whitespaces))
        guard !typed.isEmpty else { return nil }
        return goalChoices.first { Self.folded($0.name).hasPrefix(typed) } ?? goalChoices.first { Self.folded($0.name).contains(typed) }
    }

    /// A saving prévision's link as the form says it: nil when untouched (or not a saving), `.none`
    /// when emptied, else the goal named — `.failure` when the text names none.
    public var chosenGoal: Result<GoalChoice?, QuickAddProblem> {
        guard kind == .saving, goal.text != initialGoal else { return .success(nil) }
        let typed = goal.text.trimmingCharacters(in: .whitespaces)
        guard !typed.isEmpty else { return .success(editingLine == nil ? nil : GoalChoice.none) }
        if let exact = SavingsGoal.named(typed, in: goalChoices) { return .success(.named(exact.name)) }
        if let completion = goalCompletion { return .success(.named(completion.name)) }
        return .failure(.goalUnknown)
    }

    public static func folded(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    }

    /// The next (or previous) kind in `kinds`.
    public mutating func cycleKind(forward: Bool) {
        let all = Self.kinds
        let index = all.firstIndex(of: kind) ?? 0
        kind = all[(index + (forward ? 1 : all.count - 1)) % all.count]
    }

    /// The budget month the picked date falls in (pay-day periods, docs/contract.md §11).
    public func budgetMonth(payDay: Int?) -> BudgetMonth {
        PayDayCalendar.budgetMonth(for: date, payDay: payDay)
    }

    /// The draft to store, or the first problem in field order: amount, description, budget.
    /// `creating`: the months whose creation waits in the outbox (their provisional budget).
    public func validated(payDay: Int?, years: [Int: Loadable<Fetched<[BudgetSummary]>>],
                          creating: Set<BudgetMonth> = []) -> Result<ExpenseDraft, QuickAddProblem> {
        // The same rules as `pulpe add` (ExpenseRules), named for the form's fields.
        let value: Decimal
        switch ExpenseRules.amount(amount.text) {
        case let .success(parsed): value = parsed
        case let .failure(.amount(problem)): return .failure(.amount(problem))
        case .failure: return .failure(.amount(.invalid))
        }
        let name: String
        switch ExpenseRules.name(description.text) {
        case let .success(trimmed): name = trimmed
        case let .failure(problem): return .failure(QuickAddProblem(name: problem))
        }
        let month = budgetMonth(payDay: payDay)
        let budgetId: String
        if creating.contains(month) {
            budgetId = ProvisionalBudget.budgetId(month)
        } else {
            guard case let .loaded(list)? = years[month.year] else { return .failure(.budgetsUnknown(month)) }
            guard let budget = list.value.first(where: { $0.budgetMonth == month }) else { return .failure(.noBudget(month)) }
            budgetId = budget.id
        }
        let line: LineChoice?
        switch chosenLine {
        case let .success(chosen): line = chosen
        case let .failure(problem): return .failure(problem)
        }
        // A prévision belongs to one month's budget: another month's date cannot go on it.
        if let line, line.budgetId != budgetId { return .failure(.lineOfAnotherMonth) }
        let tagNames: [String]
        switch tags.validated {
        case let .success(names): tagNames = names
        case let .failure(problem): return .failure(.tags(problem))
        }
        return .success(ExpenseDraft(amount: value, name: name, kind: kind, date: date, checked: checked,
                                     month: month, budgetId: budgetId, budgetLineId: line?.id, tagIds: tags.ids(for: tagNames)))
    }
}
