import Foundation

/// One write the user meant, as the outbox will keep it (decision 46, docs/contract.md §14): the
/// intended result, never a keystroke — « this transaction checked », not « toggle »; « these
/// fields now read so », not « this key was pressed ». Pure: the decision table
/// (`OperationDecision`), the queue's coalescing (`OperationQueue`) and what the screen shows
/// (`OperationOverlay`) are functions of it. Adding a kind of write means a case here, a row in the
/// decision table, a case in the overlay, and its view.
public enum WriteOperation: Hashable, Sendable, Codable {
    /// `POST /transactions` with a client id: free, or on a prévision (`budgetLineId`).
    case createTransaction(NewTransaction)
    /// `PATCH /transactions/:id` with the fields the user changed.
    case patchTransaction(id: String, TransactionChanges)
    /// `DELETE /transactions/:id`.
    case deleteTransaction(id: String)
    /// The transaction checked (« pointé ») or not, as the user saw it at `at`: read first,
    /// toggled only when it differs (the server stamps its own time; `at` is what a queued create
    /// it is folded into carries).
    case setTransactionChecked(id: String, checked: Bool, at: Date)
    /// `POST /budget-lines` with a client id.
    case createBudgetLine(NewBudgetLine)
    /// `PATCH /budget-lines/:id`, always with `id` and `isManuallyAdjusted: true`.
    case patchBudgetLine(id: String, BudgetLineChanges)
    /// `DELETE /budget-lines/:id`: its transactions become free.
    case deleteBudgetLine(id: String)
    /// The prévision checked or not; with `withTransactions`, its transactions checked too
    /// (`check-transactions`, which never unchecks).
    case setBudgetLineChecked(id: String, checked: Bool, withTransactions: Bool, at: Date)
    /// `POST /budget-lines/:id/reset-from-template`.
    case resetBudgetLine(id: String)
    /// `POST /budgets` for a month from a template (409: the month is already there — done).
    /// `lines`: the template's lines when it was chosen, so the month is shown (and written to)
    /// at once, before the server has it (`ProvisionalBudget`); nil in items stored before.
    case createBudget(month: BudgetMonth, templateId: String, lines: [TemplatePreview.Line]? = nil)
    /// `POST /budgets/generate`: `count` months from `from`, each from the template, those that
    /// exist skipped by the server — safe to resend (§14.4). `lines`: the template's, as for
    /// `createBudget`, so each month without a budget is shown at once (nil in items stored before).
    case generateBudgets(templateId: String, from: BudgetMonth, count: Int, lines: [TemplatePreview.Line]? = nil)
    /// `POST /transactions/:id/postpone`: a free, unchecked transaction moved to next month's
    /// budget. Not idempotent (a replay moves it again): stored as « move it from budget
    /// `fromBudget` », and the sender reads the item first — elsewhere already, it is done.
    /// `moved`: the transaction as it was when stored, so next month shows it at once (decision 94;
    /// nil in items stored before).
    case postponeTransaction(id: String, fromBudget: String, moved: Transaction? = nil)
    /// `POST /budget-lines/:id/postpone`: an unchecked one-off prévision without transactions,
    /// moved to next month's budget (same rule as a transaction's); `moved` as for a transaction.
    case postponeBudgetLine(id: String, fromBudget: String, moved: BudgetLine? = nil)
    /// `POST /tags {name}` (§15.2): no client id; a 409 `ERR_TAG_ALREADY_EXISTS` on a replay is the
    /// tag an earlier attempt made (found by name). What uses it names it by `ProvisionalTag.id`.
    case createTag(name: String)
    /// `PATCH /tags/:id {name}`: the same body on every try (idempotent).
    case renameTag(id: String, name: String)
    /// `DELETE /tags/:id`: its links go from every item; an unknown id answers 200 (idempotent).
    case deleteTag(id: String)
    /// `POST /budget-templates {name}` (§16.5): no client id; at most 5 (400
    /// `ERR_TEMPLATE_LIMIT_EXCEEDED`). A replay first looks for the template by name.
    case createTemplate(name: String)
    /// `PATCH /budget-templates/:id`: a rename or the default flag, the same body on every try.
    case patchTemplate(id: String, TemplateChanges)
    /// `DELETE /budget-templates/:id`: one a budget was made from is refused (`ERR_TEMPLATE_IN_USE`);
    /// gone already is done.
    case deleteTemplate(id: String)
    /// `POST /budget-templates/:id/lines/bulk-operations`: one stored change to the template's
    /// lines, carried into the months ahead with `propagate`. The server ids created lines, so a
    /// replay reads the template back (`knownLineIds`: its lines when stored) — atomic on the
    /// server, the batch landed whole or not at all.
    case editTemplateLines(templateId: String, TemplateLineBatch, propagate: Bool, knownLineIds: [String])
    /// `PUT /users/settings` (§16.6): strict, the same body on every try. A new pay day moves every
    /// period's bounds: what waits dated is re-planned when this is stored (`PayDayReplan`).
    case updateSettings(SettingsChange)
    /// A spread (§16.3): from scratch, safe to resend (`groupId` is the idempotency key); from an
    /// existing prévision or transaction, which the server deletes — a replay answered 404 is done.
    case spread(SpreadPlan)
    /// « Piocher dans son épargne » (§16.4): the pair in one write, `groupId` its idempotency key.
    case savingsWithdrawal(WithdrawalPlan)
    /// The pair taken back (`scope=pair`), or its repayment only (`scope=repayment`); `months`: the
    /// two months it wrote, read again once sent. A pair already gone is done.
    case deleteSavingsWithdrawal(groupId: String, repaymentOnly: Bool, months: [BudgetMonth])

    /// What the operation is about: operations on one target go in entry order.
    public var target: OperationTarget {
        switch self {
        case let .createTransaction(new): .transaction(new.id ?? "")
        case let .patchTransaction(id, _), let .deleteTransaction(id), let .setTransactionChecked(id, _, _),
             let .postponeTransaction(id, _, _): .transaction(id)
        case let .createBudgetLine(new): .budgetLine(new.id)
        case let .patchBudgetLine(id, _), let .deleteBudgetLine(id), let .setBudgetLineChecked(id, _, _, _),
             let .resetBudgetLine(id), let .postponeBudgetLine(id, _, _): .budgetLine(id)
        case let .createBudget(month, _, _), let .generateBudgets(_, month, _, _): .budget(month)
        case let .createTag(name): .tag(TagRules.key(name))
        case let .renameTag(id, _), let .deleteTag(id): .tagId(id.lowercased())
        case let .createTemplate(name): .template("new:" + TagRules.key(name))
        case let .patchTemplate(id, _), let .deleteTemplate(id), let .editTemplateLines(id, _, _, _): .template(id.lowercased())
        case .updateSettings: .settings
        case let .savingsWithdrawal(plan): .group(plan.groupId)
        case let .deleteSavingsWithdrawal(groupId, _, _): .group(groupId)
        case let .spread(plan):
            switch plan.source {
            case let .line(id)?: .budgetLine(id)
            case let .transaction(id)?: .transaction(id)
            case nil: .group(plan.groupId)
            }
        }
    }

    /// The budget a create writes into: when that budget was deleted elsewhere, the server's row
    /// security refuses the insert with a 500, not a 404 (contract §14.7 rule 7).
    public var createsInBudget: String? {
        switch self {
        case let .createTransaction(new): new.budgetId
        case let .createBudgetLine(new): new.budgetId
        default: nil
        }
    }

    /// Another target this one needs to exist first: an expense on a prévision created offline
    /// waits for that prévision's create.
    /// A write into a month created offline (a provisional budget or prévision id) waits for
    /// that month's creation.
    public var needs: OperationTarget? {
        switch self {
        case let .createTransaction(new):
            if let line = new.budgetLineId, !ProvisionalBudget.isProvisional(line) { return .budgetLine(line) }
            if let month = ProvisionalBudget.month(ofBudgetId: new.budgetId) { return .budget(month) }
            return neededTag
        case let .createBudgetLine(new):
            return ProvisionalBudget.month(ofBudgetId: new.budgetId).map { .budget($0) } ?? neededTag
        case let .patchBudgetLine(id, _):
            return ProvisionalBudget.month(ofLineId: id).map { .budget($0) } ?? neededTag
        case .patchTransaction:
            return neededTag
        case let .deleteBudgetLine(id), let .setBudgetLineChecked(id, _, _, _), let .resetBudgetLine(id):
            return ProvisionalBudget.month(ofLineId: id).map { .budget($0) }
        case let .postponeTransaction(_, from, _), let .postponeBudgetLine(_, from, _):
            return ProvisionalBudget.month(ofBudgetId: from).map { .budget($0) }
        default:
            return nil
        }
    }

    /// A tag created offline that this write names (§14.7 rule 8): refused with it if it is refused.
    private var neededTag: OperationTarget? {
        tagIds?.lazy.compactMap(ProvisionalTag.name(ofId:)).first.map { .tag(TagRules.key($0)) }
    }

    /// The tags a write sets (a create's, or the set a patch replaces); nil: it sets none.
    public var tagIds: [String]? {
        switch self {
        case let .createTransaction(new): new.tagIds
        case let .patchTransaction(_, changes): changes.tagIds
        case let .createBudgetLine(new): new.tagIds
        case let .patchBudgetLine(_, changes): changes.tagIds
        default: nil
        }
    }

    /// The write with its tag ids replaced (`ProvisionalIds`: the server's ids for provisional ones).
    public func withTagIds(_ ids: [String]) -> WriteOperation {
        switch self {
        case var .createTransaction(new):
            new.tagIds = ids
            return .createTransaction(new)
        case .patchTransaction(let id, var changes):
            changes.tagIds = ids
            return .patchTransaction(id: id, changes)
        case var .createBudgetLine(new):
            new.tagIds = ids
            return .createBudgetLine(new)
        case .patchBudgetLine(let id, var changes):
            changes.tagIds = ids
            return .patchBudgetLine(id: id, changes)
        default:
            return self
        }
    }

    /// Creates carry the client id a replay is recognised by (§14.7 rule 1).
    public var isCreate: Bool {
        switch self {
        case .createTransaction, .createBudgetLine, .createBudget, .createTag: true
        default: false
        }
    }

    /// The operation with its check stamped at `date` (the core has no wall clock: the outbox
    /// stamps a check when it stores it), and a created transaction dated today stamped at `date`
    /// (`NewTransaction.stamped`). Other operations are returned as they are.
    public func stamped(at date: Date, in zone: LocalZone = .utc) -> WriteOperation {
        switch self {
        case let .createTransaction(new): .createTransaction(new.stamped(at: date, in: zone))
        case let .setTransactionChecked(id, checked, _): .setTransactionChecked(id: id, checked: checked, at: date)
        case let .setBudgetLineChecked(id, checked, withTransactions, _):
            .setBudgetLineChecked(id: id, checked: checked, withTransactions: withTransactions, at: date)
        default: self
        }
    }

    /// The months a month's creation makes (`createBudget`, `generateBudgets`); empty for any other
    /// write. Read back once sent, and shown from the template while they wait (decision 94).
    public var madeMonths: [BudgetMonth] {
        switch self {
        case let .createBudget(month, _, _): [month]
        case let .generateBudgets(_, from, count, _): Array(sequence(first: from) { $0.next }.prefix(max(0, count)))
        default: []
        }
    }

    /// A postpone (either kind): what it moves lands in the month after the one it was stored from.
    public var isPostpone: Bool {
        switch self {
        case .postponeTransaction, .postponeBudgetLine: true
        default: false
        }
    }

    /// The case's name, for logs.
    public var kindName: String {
        switch self {
        case .createTransaction: "createTransaction"
        case .patchTransaction: "patchTransaction"
        case .deleteTransaction: "deleteTransaction"
        case .setTransactionChecked: "setTransactionChecked"
        case .createBudgetLine: "createBudgetLine"
        case .patchBudgetLine: "patchBudgetLine"
        case .deleteBudgetLine: "deleteBudgetLine"
        case .setBudgetLineChecked: "setBudgetLineChecked"
        case .resetBudgetLine: "resetBudgetLine"
        case .createBudget: "createBudget"
        case .generateBudgets: "generateBudgets"
        case .postponeTransaction: "postponeTransaction"
        case .postponeBudgetLine: "postponeBudgetLine"
        case .createTag: "createTag"
        case .renameTag: "renameTag"
        case .deleteTag: "deleteTag"
        case .createTemplate: "createTemplate"
        case .patchTemplate: "patchTemplate"
        case .deleteTemplate: "deleteTemplate"
        case .editTemplateLines: "editTemplateLines"
        case .updateSettings: "updateSettings"
        case .spread: "spread"
        case .savingsWithdrawal: "savingsWithdrawal"
        case .deleteSavingsWithdrawal: "deleteSavingsWithdrawal"
        }
    }

    public var isDelete: Bool {
        switch self {
        case .deleteTransaction, .deleteBudgetLine: true
        default: false
        }
    }
}

extension NewTransaction {
    /// « Now » is the store's to say: a transaction dated at noon of today (in `zone`) is dated
    /// `date` instead, and a check marked `.distantPast` (« checked when stored ») is `date` — as
    /// the quick-add has always stamped an expense entered today.
    public func stamped(at date: Date, in zone: LocalZone) -> NewTransaction {
        var stamped = self
        if let day = transactionDate, CalendarDay(day, in: zone) == CalendarDay(date, in: zone) { stamped.transactionDate = date }
        if checkedAt == .distantPast { stamped.checkedAt = date }
        return stamped
    }
}
