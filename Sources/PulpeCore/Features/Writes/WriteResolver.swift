import Foundation
import PulpeDomain

/// The one place an intent becomes operations (decision 84): pure, so the TUI's keys, the shell's
/// verbs and the tests all read the same table (`WriteResolverTests`). A check's time is left to
/// the outbox, which stamps every operation it stores.
public enum WriteResolver {
    public static func resolve(_ intent: WriteIntent, in context: WriteContext) -> Result<ResolvedWrite, WriteRefusal> {
        if case let .template(write) = intent { return TemplateResolver.resolve(write, in: context) }
        if case let .settings(change, undo) = intent {
            guard !change.isEmpty else { return .failure(.nothingToChange(name: "Réglages")) }
            let back = undo.map { [ChangeDraft(operation: .updateSettings($0), month: context.month, label: "Réglages")] } ?? []
            return .success(ResolvedWrite(done: [ChangeDraft(operation: .updateSettings(change), month: context.month, label: "Réglages")],
                                          undo: back, news: GestureNews(.edited, name: "Réglages")))
        }
        if case let .createMonth(template) = intent { return createMonth(template, in: context) }
        if case let .planMonths(count, template) = intent { return planMonths(count, template, in: context) }
        if case let .addExpense(id, draft) = intent { return .success(added(id, draft, context.timeZone)) }
        if case let .createTag(name) = intent {
            return TagRules.name(name).mapError(WriteRefusal.tagName).map { trimmed in
                ResolvedWrite(done: [ChangeDraft(operation: .createTag(name: trimmed), month: context.month, label: trimmed)], undo: [],
                              news: GestureNews(.added, name: "#" + trimmed))
            }
        }
        if case let .renameTag(name, newName) = intent { return renameTag(name, to: newName, in: context) }
        if case let .deleteTag(name) = intent {
            return tag(name, in: context).map { tag in
                ResolvedWrite(done: [ChangeDraft(operation: .deleteTag(id: tag.id), month: context.month, label: tag.name)], undo: [],
                              news: GestureNews(.deleted, name: "#" + tag.name))
            }
        }
        if case let .spreadNew(groupId, name, amount, kind, perMonth, count) = intent {
            return SpreadResolver.new(groupId: groupId, name: name, amount: amount, kind: kind, perMonth: perMonth, count: count, in: context)
        }
        guard case let .budget(details) = context.content else { return .failure(.noBudget(context.month)) }
        let month = context.month
        switch intent {
        case let .checkTransaction(target, checked):
            return transaction(target, in: details, context).map { transaction in
                ResolvedWrite(done: [check(transaction, checked, month)], undo: [check(transaction, !checked, month)],
                              news: GestureNews(checked ? .checked : .unchecked, name: transaction.name, amount: transaction.amount,
                                                transactionKind: transaction.kind))
            }
        case let .editTransaction(target, edit):
            return transaction(target, in: details, context).flatMap { edited($0, edit, month, context) }
        case let .deleteTransaction(target):
            return transaction(target, in: details, context).map { transaction in
                ResolvedWrite(done: [ChangeDraft(operation: .deleteTransaction(id: transaction.id), month: month, label: transaction.name)],
                              undo: [], news: GestureNews(.deleted, name: transaction.name, amount: transaction.amount,
                                                          transactionKind: transaction.kind),
                              window: .open)
            }
        case let .addLine(id, name, amount, kind, recurrence, tags, goal):
            let link: GoalLink?
            switch linked(goal.map(GoalChoice.named), kind: kind, name: name, context) {
            case let .success(resolved): link = resolved
            case let .failure(refusal): return .failure(refusal)
            }
            return tagged([], tags.isEmpty ? nil : .set(tags), month, context).map { tagIds, creates in
                let line = NewBudgetLine(id: id, budgetId: details.budget.id, name: name, amount: amount, kind: kind, recurrence: recurrence,
                                         tagIds: tagIds, savingsGoalId: link?.goalId)
                return ResolvedWrite(done: creates + [ChangeDraft(operation: .createBudgetLine(line), month: month, label: name)],
                                     undo: [ChangeDraft(operation: .deleteBudgetLine(id: id), month: month, label: name)],
                                     news: GestureNews(.added, name: name, amount: amount, transactionKind: kind))
            }
        case let .editLine(target, edit, tags, goal):
            return budgetLine(target, in: details).flatMap { line in
                // §15.5: the server does not check a kind change against the line's transactions,
                // which would then drop out of every total.
                let attached = details.transactions.count { $0.budgetLineId == line.id }
                if let kind = edit.kind, kind != line.kind, attached > 0 {
                    return .failure(.kindChangeWithTransactions(name: line.name, count: attached))
                }
                var edit = edit
                switch linked(goal, kind: edit.kind ?? line.kind, name: line.name, context) {
                case let .success(link):
                    if let link, link.goalId?.lowercased() != line.savingsGoalId?.lowercased() { edit.goal = link }
                case let .failure(refusal): return .failure(refusal)
                }
                return tagged(line.tagIds, tags, month, context).flatMap { tagIds, creates in
                    var edit = edit
                    if let tagIds, Set(tagIds) != Set(line.tagIds.map { $0.lowercased() }) { edit.tagIds = tagIds }
                    return editedLine(line, edit, month).map { resolved in
                        var resolved = resolved
                        resolved.done = creates + resolved.done
                        return resolved
                    }
                }
            }
        case let .deleteLine(target):
            return budgetLine(target, in: details).map { line in
                // Its transactions become free, as the server does (FK ON DELETE SET NULL): the toast says so.
                var news = GestureNews(.deleted, name: line.name, amount: line.amount, transactionKind: line.kind)
                news.freedTransactions = details.transactions.count { $0.budgetLineId == line.id }
                return ResolvedWrite(done: [ChangeDraft(operation: .deleteBudgetLine(id: line.id), month: month, label: line.name)],
                                     undo: [], news: news, window: .open)
            }
        case let .item(write, target):
            return write.resolve(target, in: details, context)
        case let .checkLine(target, checked, withTransactions):
            return budgetLine(target, in: details).flatMap { checkedLine($0, checked, withTransactions, details, month) }
        case let .reconcile(id, bankTotal, name, day):
            return reconciled(id: id, bankTotal: bankTotal, name: name, day: day, in: details, context)
        case .createMonth:
            return .failure(.monthExists(month))
        case let .withdraw(groupId, amount, incomeName, savingName):
            return WithdrawalResolver.withdraw(groupId: groupId, amount: amount, incomeName: incomeName, savingName: savingName, in: details,
                                               context: context)
        case let .cancelWithdrawal(target, repaymentOnly):
            return WithdrawalResolver.cancel(target, repaymentOnly: repaymentOnly, in: details, context: context)
        case let .spreadItem(target, groupId, count):
            return SpreadResolver.existing(target, groupId: groupId, count: count, in: details, context: context)
        case .planMonths, .addExpense, .createTag, .renameTag, .deleteTag, .template, .settings, .spreadNew:
            return .failure(.noBudget(month))   // answered above
        }
    }

    // MARK: - Each intent

    /// A new transaction, in whichever month its date falls (the draft names that budget, so the
    /// shown month is not read). `u` takes it back from the outbox, or deletes it on the server.
    /// A tag it names that the account does not have yet is created first (stored before it, so
    /// sent before it; a second create of the same tag folds into the first).
    private static func added(_ id: String, _ draft: ExpenseDraft, _ timeZone: LocalZone) -> ResolvedWrite {
        let newTags = draft.tagIds.compactMap(ProvisionalTag.name(ofId:)).map { name in
            ChangeDraft(operation: .createTag(name: name), month: draft.month, label: name)
        }
        return ResolvedWrite(done: newTags + [ChangeDraft(operation: .createTransaction(draft.newTransaction(id: id, timeZone: timeZone)),
                                                      month: draft.month, label: draft.name)],
                      undo: [ChangeDraft(operation: .deleteTransaction(id: id), month: draft.month, label: draft.name)],
                      news: GestureNews(.added, name: draft.name, amount: draft.amount, transactionKind: draft.kind))
    }

    /// §15.4: one entry for the gap — an income when the bank has more, else an expense; free,
    /// checked when stored, never a saving. `u` deletes it (from the outbox, or on the server).
    private static func reconciled(id: String, bankTotal: Decimal, name: String, day: CalendarDay, in details: BudgetDetails,
                                   _ context: WriteContext) -> Result<ResolvedWrite, WriteRefusal> {
        let figures = Reconciliation(bankTotal: bankTotal, details: details)
        guard let kind = figures.adjustmentKind else { return .failure(.upToDate) }
        let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
        let label = trimmed.isEmpty ? Reconciliation.defaultName : trimmed
        let entry = ExpenseDraft(amount: figures.adjustmentAmount, name: label, kind: kind, date: day, checked: true,
                                 month: context.month, budgetId: details.budget.id)
        return .success(ResolvedWrite(
            done: [ChangeDraft(operation: .createTransaction(entry.newTransaction(id: id, timeZone: context.timeZone)),
                               month: context.month, label: label)],
            undo: [ChangeDraft(operation: .deleteTransaction(id: id), month: context.month, label: label)],
            news: GestureNews(.reconciled, name: label, amount: figures.adjustmentAmount, transactionKind: kind)))
    }

    /// A savings goal named for a prévision of `kind`: its link, or why not (a saving line only;
    /// `.none` clears). Nil: the link is not touched.
    private static func linked(_ choice: GoalChoice?, kind: TransactionKind, name: String,
                               _ context: WriteContext) -> Result<GoalLink?, WriteRefusal> {
        switch choice {
        case nil: return .success(nil)
        case .none?: return .success(.unlinked)
        case let .named(goal)?:
            guard kind == .saving else { return .failure(.goalOnNonSaving(name: name)) }
            guard let found = SavingsGoal.named(goal, in: context.savingsGoals) else {
                return .failure(.unknownGoal(goal, available: context.savingsGoals.map(\.name)))
            }
            return .success(.linked(found.id.lowercased()))
        }
    }

    /// The ids an item carries after `edit` (nil: no tag edit) and the creates of the tags it names
    /// that the account does not have yet, stored before the write that uses them.
    private static func tagged(_ current: [String], _ edit: TagEdit?, _ month: BudgetMonth,
                               _ context: WriteContext) -> Result<([String]?, [ChangeDraft]), WriteRefusal> {
        guard let edit else { return .success((nil, [])) }
        return edit.resolved(current: current, catalogue: context.tags).mapError(WriteRefusal.tagName).map { ids, created in
            (ids, created.map { ChangeDraft(operation: .createTag(name: $0), month: month, label: $0) })
        }
    }

    private static func check(_ transaction: Transaction, _ checked: Bool, _ month: BudgetMonth) -> ChangeDraft {
        ChangeDraft(operation: .setTransactionChecked(id: transaction.id, checked: checked, at: .distantPast), month: month,
                    label: transaction.name)
    }

    /// What changed, as a patch (and a check, if « Pointé » changed); undone by the former fields.
    private static func edited(_ original: Transaction, _ edit: TransactionEdit, _ month: BudgetMonth,
                               _ context: WriteContext) -> Result<ResolvedWrite, WriteRefusal> {
        let zone = context.timeZone
        let creates: [ChangeDraft]
        var changes = TransactionChanges()
        var former = TransactionChanges()
        switch tagged(original.tagIds, edit.tags, month, context) {
        case let .failure(refusal): return .failure(refusal)
        case let .success((tagIds, made)):
            creates = made
            if let tagIds, Set(tagIds) != Set(original.tagIds.map { $0.lowercased() }) {
                (changes.tagIds, former.tagIds) = (tagIds, original.tagIds)
            }
        }
        if let name = edit.name, name != original.name { (changes.name, former.name) = (name, original.name) }
        if let amount = edit.amount, amount != original.amount { (changes.amount, former.amount) = (amount, original.amount) }
        if let kind = edit.kind, kind != original.kind { (changes.kind, former.kind) = (kind, original.kind) }
        if let day = edit.day, day != CalendarDay(original.transactionDate, in: zone) {
            changes.transactionDate = day.startDate(in: zone).addingTimeInterval(12 * 3600)
            former.transactionDate = original.transactionDate
        }
        let newName = changes.name ?? original.name
        let newAmount = changes.amount ?? original.amount
        var done: [ChangeDraft] = []
        var undo: [ChangeDraft] = []
        if !changes.isEmpty {
            done.append(ChangeDraft(operation: .patchTransaction(id: original.id, changes), month: month, label: original.name,
                                    previousAmount: changes.amount == nil ? nil : original.amount))
            undo.append(ChangeDraft(operation: .patchTransaction(id: original.id, former), month: month, label: newName,
                                    previousAmount: changes.amount == nil ? nil : newAmount))
        }
        if let checked = edit.checked, checked != original.isChecked {
            done.append(check(original, checked, month))
            undo.append(check(original, original.isChecked, month))
        }
        guard !done.isEmpty else { return .failure(.nothingToChange(name: original.name)) }
        return .success(ResolvedWrite(done: creates + done, undo: undo,
                                      news: GestureNews(.edited, name: newName, amount: newAmount,
                                                        transactionKind: changes.kind ?? original.kind)))
    }

    /// What changed, as a patch (sent with `isManuallyAdjusted`), undone by the former fields.
    static func editedLine(_ line: BudgetLine, _ edit: LineEdit, _ month: BudgetMonth) -> Result<ResolvedWrite, WriteRefusal> {
        var changes = BudgetLineChanges()
        var former = BudgetLineChanges()
        if let amount = edit.amount, amount != line.amount { (changes.amount, former.amount) = (amount, line.amount) }
        if let tags = edit.tagIds, Set(tags) != Set(line.tagIds.map { $0.lowercased() }) { (changes.tagIds, former.tagIds) = (tags, line.tagIds) }
        if let goal = edit.goal { (changes.goal, former.goal) = (goal, line.savingsGoalId.map(GoalLink.linked) ?? .unlinked) }
        if let name = edit.name, name != line.name { (changes.name, former.name) = (name, line.name) }
        if let kind = edit.kind, kind != line.kind { (changes.kind, former.kind) = (kind, line.kind) }
        if let recurrence = edit.recurrence, recurrence != line.recurrence {
            (changes.recurrence, former.recurrence) = (recurrence, line.recurrence)
        }
        guard !changes.isEmpty else { return .failure(.nothingToChange(name: line.name)) }
        let newName = changes.name ?? line.name
        let newAmount = changes.amount ?? line.amount
        return .success(ResolvedWrite(
            done: [ChangeDraft(operation: .patchBudgetLine(id: line.id, changes), month: month, label: line.name,
                               previousAmount: changes.amount == nil ? nil : line.amount)],
            undo: [ChangeDraft(operation: .patchBudgetLine(id: line.id, former), month: month, label: newName,
                               previousAmount: changes.amount == nil ? nil : newAmount)],
            news: GestureNews(.edited, name: newName, amount: newAmount, transactionKind: changes.kind ?? line.kind)))
    }

    /// A prévision checked or not; checked with its transactions, undone by unchecking those it checked (and only those).
    private static func checkedLine(_ line: BudgetLine, _ checked: Bool, _ withTransactions: Bool?, _ details: BudgetDetails,
                                    _ month: BudgetMonth) -> Result<ResolvedWrite, WriteRefusal> {
        let open = details.transactions.filter { $0.budgetLineId == line.id && !$0.isChecked }
        if checked, withTransactions == nil, !line.isChecked, !open.isEmpty {
            return .failure(.asksAboutTransactions(lineId: line.id, name: line.name, count: open.count))
        }
        let alsoTransactions = checked && withTransactions == true
        func draft(_ checked: Bool, _ withTransactions: Bool) -> ChangeDraft {
            ChangeDraft(operation: .setBudgetLineChecked(id: line.id, checked: checked, withTransactions: withTransactions,
                                                         at: .distantPast),
                        month: month, label: line.name)
        }
        var undo = [draft(!checked, false)]
        if alsoTransactions { undo += open.map { check($0, false, month) } }
        return .success(ResolvedWrite(done: [draft(checked, alsoTransactions)], undo: undo,
                                      news: GestureNews(checked ? .checked : .unchecked, name: line.name, amount: line.amount,
                                                        transactionKind: line.kind)))
    }

    /// The month's budget from the template named (by id or name, letter case aside), else the
    /// default one, else the first; `u` takes it back while it waits.
    private static func createMonth(_ wanted: String?, in context: WriteContext) -> Result<ResolvedWrite, WriteRefusal> {
        let month = context.month
        if case .budget = context.content { return .failure(.monthExists(month)) }
        guard let previews = context.templates else { return .failure(.templatesUnknown) }
        guard let chosen = template(wanted, in: previews) else { return .failure(.unknownTemplate(wanted ?? "", available: previews.map(\.template.name))) }
        let title = FrenchMonths.title(month)
        var news = GestureNews(.budgetRequested, name: title)
        news.template = chosen.template.name
        return .success(ResolvedWrite(
            done: [ChangeDraft(operation: .createBudget(month: month, templateId: chosen.template.id, lines: chosen.lines),
                               month: month, label: title)],
            undo: [], news: news))
    }

    /// Months planned ahead from the shown one (`POST /budgets/generate`, safe to resend): the
    /// template chosen as for one month; `u` takes it back while it waits.
    private static func planMonths(_ count: Int, _ wanted: String?, in context: WriteContext) -> Result<ResolvedWrite, WriteRefusal> {
        let month = context.month
        guard (1...36).contains(count) else { return .failure(.monthsOutOfRange(count)) }
        guard let previews = context.templates else { return .failure(.templatesUnknown) }
        guard let chosen = template(wanted, in: previews) else {
            return .failure(.unknownTemplate(wanted ?? "", available: previews.map(\.template.name)))
        }
        var news = GestureNews(.planned, name: FrenchMonths.title(month))
        news.template = chosen.template.name
        news.months = count
        // The month as shown wins over a year list read before (it has no budget: it is planned).
        let shownHasNone = if case .noBudget = context.content { true } else { false }
        news.skipped = sequence(first: month) { $0.next }.prefix(count).filter { planned in
            context.budgetedMonths.contains(planned) && !(planned == month && shownHasNone)
        }
        return .success(ResolvedWrite(
            done: [ChangeDraft(operation: .generateBudgets(templateId: chosen.template.id, from: month, count: count, lines: chosen.lines),
                               month: month, label: chosen.template.name)],
            undo: [], news: news))
    }

    /// The template named (by id, or by name letter case aside), else the default one, else the first.
    public static func template(_ wanted: String?, in previews: [TemplatePreview]) -> TemplatePreview? {
        guard let wanted else { return previews.first { $0.template.isDefault == true } ?? previews.first }
        return previews.first { $0.template.id == wanted } ?? previews.first { $0.template.name.lowercased() == wanted.lowercased() }
    }

    /// A tag renamed: the new name checked as a create's, and free (another tag may not have it).
    private static func renameTag(_ name: String, to newName: String, in context: WriteContext) -> Result<ResolvedWrite, WriteRefusal> {
        tag(name, in: context).flatMap { tag in
            TagRules.name(newName).mapError(WriteRefusal.tagName).flatMap { trimmed in
                let key = TagRules.key(trimmed)
                if context.tags.contains(where: { TagRules.key($0.name) == key && $0.id != tag.id }) { return .failure(.tagExists(trimmed)) }
                guard trimmed != tag.name else { return .failure(.nothingToChange(name: "#" + tag.name)) }
                return .success(ResolvedWrite(
                    done: [ChangeDraft(operation: .renameTag(id: tag.id, name: trimmed), month: context.month, label: tag.name)],
                    undo: [ChangeDraft(operation: .renameTag(id: tag.id, name: tag.name), month: context.month, label: trimmed)],
                    news: GestureNews(.edited, name: "#" + trimmed)))
            }
        }
    }

    // MARK: - Targets

    /// The account's tag of that name, case and accents aside (a leading # allowed).
    static func tag(_ name: String, in context: WriteContext) -> Result<Tag, WriteRefusal> {
        guard let found = TagNaming.tag(named: name, in: context.tags) else {
            return .failure(.unknownTag(name, available: context.tags.map(\.name)))
        }
        return .success(found)
    }

    static func transaction(_ target: String, in details: BudgetDetails,
                            _ context: WriteContext) -> Result<Transaction, WriteRefusal> {
        switch ShellTargets.transaction(target, in: details) {
        case let .found(transaction): .success(transaction)
        case let .ambiguous(all): .failure(.ambiguous(target, all.map { WriteCandidate($0, timeZone: context.timeZone) }))
        case let .unknown(all): .failure(.unknown(target, all.map { WriteCandidate($0, timeZone: context.timeZone) }))
        }
    }

    static func budgetLine(_ target: String, in details: BudgetDetails) -> Result<BudgetLine, WriteRefusal> {
        switch ShellTargets.budgetLine(target, in: details) {
        case let .found(line): .success(line)
        case let .ambiguous(all): .failure(.ambiguous(target, all.map(WriteCandidate.init)))
        case let .unknown(all): .failure(.unknown(target, all.map(WriteCandidate.init)))
        }
    }
}
