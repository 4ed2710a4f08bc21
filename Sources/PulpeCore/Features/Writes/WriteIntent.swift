import Foundation
import PulpeDomain

/// What the user means to change, before it is turned into operations (decision 84): the TUI's keys
/// and forms and the shell's verbs each build one, and `WriteResolver` alone says what it stores,
/// how `u` takes it back and what the toast says — so the two sides cannot drift apart.
///
/// Items are named by `target`: an id, a unique id prefix of 6+ characters, or an exact name in
/// the month (`ShellTargets`): the TUI passes the selected row's id, the shell what was typed.
public enum WriteIntent: Hashable, Sendable {
    /// A transaction entered with the quick-add form or `pulpe add`, under the client id the caller
    /// drew (also its id on the server); the draft already names its month's budget.
    case addExpense(id: String, ExpenseDraft)
    /// A tag added to the account (`pulpe tag add`): created once, when the server answers (a name
    /// it has already, case aside, accents kept, is that tag).
    case createTag(name: String)
    /// A tag of the account renamed (found by name, case aside, accents kept).
    case renameTag(name: String, to: String)
    /// A tag deleted: the server takes it off every item that carries it.
    case deleteTag(name: String)
    /// A transaction checked off (« pointée ») or not: the intended state, never a toggle.
    case checkTransaction(target: String, checked: Bool)
    /// A transaction's fields as they should now read (those equal to the current ones drop out).
    case editTransaction(target: String, TransactionEdit)
    /// A transaction deleted (the TUI holds it for `u` a few seconds).
    case deleteTransaction(target: String)
    /// A prévision added to the shown month (a one-off unless said), under the client id the caller drew.
    /// `tags` by name (one the account lacks is created first).
    /// `goal`: a saving prévision's savings goal, by name (nil: none).
    case addLine(id: String, name: String, amount: Decimal, kind: TransactionKind, recurrence: Recurrence = .oneOff,
                 tags: [String] = [], goal: String? = nil)
    /// A prévision's fields as they should now read (its whole edit, §15.5), its tags by name, its
    /// savings goal by name (a saving one; `.none` clears the link).
    case editLine(target: String, LineEdit, tags: TagEdit? = nil, goal: GoalChoice? = nil)
    /// A prévision deleted: its transactions become free, as the server does.
    case deleteLine(target: String)
    /// A prévision checked off or not; `withTransactions` nil: ask first when it has transactions
    /// not checked yet (the TUI's question), false or true: the answer.
    case checkLine(target: String, checked: Bool, withTransactions: Bool?)
    /// A write on one item and nothing else (`ItemWrite`: reset, postpone, fit — `target` names a
    /// transaction or a prévision, transactions first).
    case item(ItemWrite, target: String)
    /// `count` months planned ahead from the shown one, each from a template (by id or name; nil:
    /// the default one); the server skips those that exist.
    case planMonths(count: Int, template: String?)
    /// The shown month's budget created from a template, by id or name (nil: the default one).
    case createMonth(template: String?)
    /// « Rapprocher mes comptes » (§15.4): the bank's total against « Pointé » plus the rollover;
    /// a gap is closed by one checked entry named `name` (blank: the default), dated `day`, under
    /// the client id the caller drew. No gap: refused as `.upToDate`, nothing stored.
    case reconcile(id: String, bankTotal: Decimal, name: String, day: CalendarDay)
    /// A change to the templates (`TemplateWrite`): needs no month, only the templates.
    case template(TemplateWrite)
    /// The user's settings changed (`PUT /users/settings`): needs no month. `undo`: the members as
    /// they were, when the door knows them (the « Réglages » screen), for `u`.
    case settings(SettingsChange, undo: SettingsChange? = nil)
    /// A new prévision spread over `count` months from the shown one (§16.3), under the group id
    /// the caller drew (the idempotency key); `perMonth`: `amount` each month, else the total.
    case spreadNew(groupId: String, name: String, amount: Decimal, kind: TransactionKind, perMonth: Bool, count: Int)
    /// A one-off prévision or free transaction of the shown month spread over `count` months from it.
    case spreadItem(target: String, groupId: String, count: Int)
    /// « Piocher dans son épargne » (§16.4): an income of `amount` in the shown month and its saving
    /// back in the next, under the group id the caller drew.
    case withdraw(groupId: String, amount: Decimal, incomeName: String, savingName: String)
    /// A pair of the month taken back, found by either line's name; `repaymentOnly`: the saving only.
    case cancelWithdrawal(target: String, repaymentOnly: Bool)
}

extension WriteIntent {
    /// The intent names tags: the catalogue is read before it is resolved.
    public var namesTags: Bool {
        switch self {
        case let .editTransaction(_, edit): edit.tags != nil
        case let .addLine(_, _, _, _, _, tags, goal): !tags.isEmpty || goal != nil
        case let .editLine(_, _, tags, goal): tags != nil || goal != nil
        case .renameTag, .deleteTag: true
        // The quick-add's draft carries ids already (a new tag's provisional one).
        case .addExpense, .createTag, .checkTransaction, .deleteTransaction, .deleteLine, .item, .checkLine, .planMonths, .createMonth,
             .reconcile, .template, .settings, .spreadNew, .spreadItem, .withdraw, .cancelWithdrawal: false
        }
    }
}

extension WriteIntent {
    /// `.reconcile` for `month`, its entry dated today — or, for a month that is not the current
    /// period, the period's nearer end (the TUI's form and `pulpe reconcile` both build it here).
    public static func reconciling(id: String, bankTotal: Decimal, name: String, today: CalendarDay, month: BudgetMonth,
                                   payDay: Int?) -> WriteIntent {
        .reconcile(id: id, bankTotal: bankTotal, name: name, day: PayDayCalendar.period(of: month, payDay: payDay).clamped(today))
    }
}

/// The fields of a prévision an edit sets (nil: as it is) — the same fields its patch carries,
/// so the same type: the resolver keeps those that differ from the prévision as shown. A kind
/// change is refused while the prévision has transactions.
public typealias LineEdit = BudgetLineChanges
