import Foundation
import PulpeDomain
import Testing
@testable import PulpeCore

/// The one table of writes (decision 84): every intent against the month as shown — online or
/// offline alike (the resolver reads no gate: only whether the store is followed by a send
/// differs), with an expense still waiting in the outbox, and refused — gives these operations,
/// this undo and this toast. The TUI is tested against the same rows (`theTUIStoresWhatTheTableSays`);
/// the shell's verbs build the same intents (`ChangeFlow(intent:)`).
@Suite struct WriteResolverTests {
    static let month = BudgetMonth(year: 2026, month: 11)
    static let when = at("12:00", day: 10)

    static func transaction(_ id: String, _ name: String, _ amount: Decimal, line: String? = nil, checked: Bool = false) -> Transaction {
        Transaction(id: id, createdAt: when, updatedAt: when, budgetId: "b-2026-11", budgetLineId: line, amount: amount, name: name,
                    kind: .expense, transactionDate: when, checkedAt: checked ? when : nil)
    }

    static func line(_ id: String, _ name: String, _ amount: Decimal, checked: Bool = false,
                     recurrence: Recurrence = .fixed) -> BudgetLine {
        BudgetLine(id: id, budgetId: "b-2026-11", name: name, amount: amount, kind: .expense, recurrence: recurrence,
                   checkedAt: checked ? when : nil, createdAt: when, updatedAt: when)
    }

    /// Migros (open), Coop (checked, on Courses), Denner (open, on Courses), two « Café »; Courses
    /// (open), Loyer (checked), Cadeau and Sortie (one-offs; Cinéma on Sortie).
    static let details = BudgetDetails(
        budget: Budget(id: "b-2026-11", createdAt: .distantPast, updatedAt: .distantPast, userId: "u", templateId: "t",
                       month: 11, year: 2026, description: ""),
        transactions: [transaction("t1", "Migros", 45), transaction("t2", "Coop", 12, line: "l1", checked: true),
                       transaction("t3", "Denner", 8, line: "l1"), transaction("t4", "Café", 4), transaction("t5", "Café", 5),
                       transaction("t6", "Cinéma", 18, line: "l4")],
        budgetLines: [line("l1", "Courses", 400), line("l2", "Loyer", 1800, checked: true),
                      line("l3", "Cadeau", 80, recurrence: .oneOff), line("l4", "Sortie", 60, recurrence: .oneOff)])

    static let templates = [
        TemplatePreview(template: BudgetTemplate(id: "tpl-1", name: "Vacances"), lines: []),
        TemplatePreview(template: BudgetTemplate(id: "tpl-2", name: "Standard", isDefault: true),
                        lines: [.init(name: "Loyer", amount: 1800, kind: .expense)]),
    ]

    /// « Resto » (g-1) and « Vacances » (g-2); Café (t4) carries Resto, Courses (l1) Vacances.
    static let tags = [Tag(id: "G-1", userId: "u", name: "Resto", createdAt: when, updatedAt: when), Tag(id: "g-2", userId: "u", name: "Vacances", createdAt: when, updatedAt: when)]
    static let taggedDetails: BudgetDetails = {
        var tagged = details
        tagged.transactions[3].tagIds = ["G-1"]
        tagged.budgetLines[0].tagIds = ["g-2"]
        return tagged
    }()

    static func context(_ content: MonthContent = .budget(details), templates: [TemplatePreview]? = nil) -> WriteContext {
        WriteContext(month: month, content: content, templates: templates, timeZone: .utc)
    }

    static func tagged() -> WriteContext {
        WriteContext(month: month, content: .budget(taggedDetails), timeZone: .utc, tags: tags)
    }

    /// « Voyage » (s-1) and « Urgence » (s-2); Pilier (l9) a saving prévision linked to Voyage.
    static let goals = [SavingsGoal(id: "S-1", userId: "u", name: "Voyage", createdAt: when, updatedAt: when),
                        SavingsGoal(id: "s-2", userId: "u", name: "Urgence", createdAt: when, updatedAt: when)]
    static func withGoals() -> WriteContext {
        var saving = details
        saving.budgetLines.append(BudgetLine(id: "l9", budgetId: "b-2026-11", savingsGoalId: "S-1", name: "Pilier", amount: 500,
                                             kind: .saving, recurrence: .fixed, createdAt: when, updatedAt: when))
        return WriteContext(month: month, content: .budget(saving), timeZone: .utc, savingsGoals: goals)
    }

    static func draft(_ operation: WriteOperation, _ label: String, previous: Decimal? = nil) -> ChangeDraft {
        ChangeDraft(operation: operation, month: month, label: label, previousAmount: previous)
    }

    static func news(_ kind: GestureNews.Kind, _ name: String, _ amount: Decimal? = nil, freed: Int = 0) -> GestureNews {
        var news = GestureNews(kind, name: name, amount: amount, transactionKind: amount == nil ? nil : .expense)
        news.freedTransactions = freed
        return news
    }

    struct Row: Sendable, CustomTestStringConvertible {
        var name: String
        var intent: WriteIntent
        var context: WriteContext = WriteResolverTests.context()
        var expected: Result<ResolvedWrite, WriteRefusal>
        var testDescription: String { name }
    }

    static let noon = Date(timeIntervalSince1970: 1_795_176_000) // 2026-11-20 12:00 UTC

    static let kiosque = ExpenseDraft(amount: 4.5, name: "Kiosque", kind: .expense, date: CalendarDay(year: 2026, month: 11, day: 20)!,
                                      checked: true, month: month, budgetId: "b-2026-11")

    static let rows: [Row] = [
        Row(name: "a new expense: a create under its client id, dated at noon, checked when stored; in any month",
            intent: .addExpense(id: "e1", kiosque), context: context(.noBudget),
            expected: .success(ResolvedWrite(
                done: [draft(.createTransaction(NewTransaction(id: "e1", budgetId: "b-2026-11", name: "Kiosque", amount: 4.5,
                                                               kind: .expense, transactionDate: noon, checkedAt: .distantPast)),
                             "Kiosque")],
                undo: [draft(.deleteTransaction(id: "e1"), "Kiosque")],
                news: news(.added, "Kiosque", 4.5)))),
        Row(name: "a new expense with a known tag and a new one: the new tag is created first (§14.7 rule 8)",
            intent: .addExpense(id: "e2", ExpenseDraft(amount: 4.5, name: "Kiosque", kind: .expense,
                                                       date: CalendarDay(year: 2026, month: 11, day: 20)!, checked: true, month: month,
                                                       budgetId: "b-2026-11", tagIds: ["g-1", ProvisionalTag.id(for: " Vacances ")])),
            expected: .success(ResolvedWrite(
                done: [draft(.createTag(name: "Vacances"), "Vacances"),
                       draft(.createTransaction(NewTransaction(id: "e2", budgetId: "b-2026-11", name: "Kiosque", amount: 4.5,
                                                               kind: .expense, transactionDate: noon, checkedAt: .distantPast,
                                                               tagIds: ["g-1", "tag-pending:Vacances"])), "Kiosque")],
                undo: [draft(.deleteTransaction(id: "e2"), "Kiosque")],
                news: news(.added, "Kiosque", 4.5)))),
        Row(name: "tags added by name: the catalogue's id (lower case, as sent), a new one created first; the set replaces",
            intent: .editTransaction(target: "t4", TransactionEdit(tags: .adjust(add: ["vacances", "Ciné "], remove: []))),
            context: tagged(),
            expected: .success(ResolvedWrite(
                done: [draft(.createTag(name: "Ciné"), "Ciné"),
                       draft(.patchTransaction(id: "t4", TransactionChanges(tagIds: ["g-1", "g-2", "tag-pending:Ciné"])), "Café")],
                undo: [draft(.patchTransaction(id: "t4", TransactionChanges(tagIds: ["G-1"])), "Café")],
                news: news(.edited, "Café", 4)))),
        Row(name: "a tag taken off, case aside", intent: .editTransaction(target: "t4", TransactionEdit(tags: .adjust(add: [], remove: ["RESTO"]))),
            context: tagged(),
            expected: .success(ResolvedWrite(
                done: [draft(.patchTransaction(id: "t4", TransactionChanges(tagIds: [])), "Café")],
                undo: [draft(.patchTransaction(id: "t4", TransactionChanges(tagIds: ["G-1"])), "Café")],
                news: news(.edited, "Café", 4)))),
        Row(name: "a tag it carries already: nothing to change",
            intent: .editTransaction(target: "t4", TransactionEdit(tags: .adjust(add: ["resto"], remove: ["Vacances"]))),
            context: tagged(), expected: .failure(.nothingToChange(name: "Café"))),
        Row(name: "refused: an eleventh tag",
            intent: .editTransaction(target: "t1", TransactionEdit(tags: .set((1...11).map { "T\($0)" }))),
            context: tagged(), expected: .failure(.tagName(.tooMany))),
        Row(name: "refused: a tag name over 30 characters",
            intent: .editTransaction(target: "t1", TransactionEdit(tags: .adjust(add: [String(repeating: "x", count: 31)], remove: []))),
            context: tagged(), expected: .failure(.tagName(.nameTooLong))),
        Row(name: "a prévision's tags set, with its amount",
            intent: .editLine(target: "Courses", LineEdit(amount: 420), tags: .set(["Resto"])), context: tagged(),
            expected: .success(ResolvedWrite(
                done: [draft(.patchBudgetLine(id: "l1", BudgetLineChanges(amount: 420, tagIds: ["g-1"])), "Courses", previous: 400)],
                undo: [draft(.patchBudgetLine(id: "l1", BudgetLineChanges(amount: 400, tagIds: ["g-2"])), "Courses", previous: 420)],
                news: news(.edited, "Courses", 420)))),
        Row(name: "a new prévision with a new tag: the tag first",
            intent: .addLine(id: "l9", name: "Ski", amount: 300, kind: .expense, tags: ["Vacances", "Neige"]), context: tagged(),
            expected: .success(ResolvedWrite(
                done: [draft(.createTag(name: "Neige"), "Neige"),
                       draft(.createBudgetLine(NewBudgetLine(id: "l9", budgetId: "b-2026-11", name: "Ski", amount: 300, kind: .expense,
                                                             tagIds: ["g-2", "tag-pending:Neige"])), "Ski")],
                undo: [draft(.deleteBudgetLine(id: "l9"), "Ski")],
                news: news(.added, "Ski", 300)))),
        Row(name: "a saving prévision linked to another goal, by name, accents and case aside",
            intent: .editLine(target: "Pilier", LineEdit(), goal: .named("urgence")), context: withGoals(),
            expected: .success(ResolvedWrite(
                done: [draft(.patchBudgetLine(id: "l9", BudgetLineChanges(goal: .linked("s-2"))), "Pilier")],
                undo: [draft(.patchBudgetLine(id: "l9", BudgetLineChanges(goal: .linked("S-1"))), "Pilier")],
                news: GestureNews(.edited, name: "Pilier", amount: 500, transactionKind: .saving)))),
        Row(name: "its link taken off", intent: .editLine(target: "Pilier", LineEdit(), goal: GoalChoice.none), context: withGoals(),
            expected: .success(ResolvedWrite(
                done: [draft(.patchBudgetLine(id: "l9", BudgetLineChanges(goal: .unlinked)), "Pilier")],
                undo: [draft(.patchBudgetLine(id: "l9", BudgetLineChanges(goal: .linked("S-1"))), "Pilier")],
                news: GestureNews(.edited, name: "Pilier", amount: 500, transactionKind: .saving)))),
        Row(name: "the goal it has already: nothing to change", intent: .editLine(target: "Pilier", LineEdit(), goal: .named("Voyage")),
            context: withGoals(), expected: .failure(.nothingToChange(name: "Pilier"))),
        Row(name: "refused: a goal on an expense prévision", intent: .editLine(target: "Courses", LineEdit(), goal: .named("Voyage")),
            context: withGoals(), expected: .failure(.goalOnNonSaving(name: "Courses"))),
        Row(name: "refused: a goal the account does not have", intent: .editLine(target: "Pilier", LineEdit(), goal: .named("Maison")),
            context: withGoals(), expected: .failure(.unknownGoal("Maison", available: ["Voyage", "Urgence"]))),
        Row(name: "a new saving prévision with its goal",
            intent: .addLine(id: "l10", name: "Japon", amount: 200, kind: .saving, goal: "voyage"), context: withGoals(),
            expected: .success(ResolvedWrite(
                done: [draft(.createBudgetLine(NewBudgetLine(id: "l10", budgetId: "b-2026-11", name: "Japon", amount: 200, kind: .saving,
                                                             savingsGoalId: "s-1")), "Japon")],
                undo: [draft(.deleteBudgetLine(id: "l10"), "Japon")],
                news: GestureNews(.added, name: "Japon", amount: 200, transactionKind: .saving)))),
        Row(name: "check by name, letter case aside", intent: .checkTransaction(target: "migros", checked: true),
            expected: .success(ResolvedWrite(
                done: [draft(.setTransactionChecked(id: "t1", checked: true, at: .distantPast), "Migros")],
                undo: [draft(.setTransactionChecked(id: "t1", checked: false, at: .distantPast), "Migros")],
                news: news(.checked, "Migros", 45)))),
        Row(name: "uncheck by id: the intended state, stored even when it is so already",
            intent: .checkTransaction(target: "t1", checked: false),
            expected: .success(ResolvedWrite(
                done: [draft(.setTransactionChecked(id: "t1", checked: false, at: .distantPast), "Migros")],
                undo: [draft(.setTransactionChecked(id: "t1", checked: true, at: .distantPast), "Migros")],
                news: news(.unchecked, "Migros", 45)))),
        Row(name: "edit the amount", intent: .editTransaction(target: "t1", TransactionEdit(amount: 54)),
            expected: .success(ResolvedWrite(
                done: [draft(.patchTransaction(id: "t1", TransactionChanges(amount: 54)), "Migros", previous: 45)],
                undo: [draft(.patchTransaction(id: "t1", TransactionChanges(amount: 45)), "Migros", previous: 54)],
                news: news(.edited, "Migros", 54)))),
        Row(name: "edit name, day and check: a patch and a check, undone by the former fields",
            intent: .editTransaction(target: "t1", TransactionEdit(name: "Migros Plainpalais", amount: 45,
                                                                   day: CalendarDay(year: 2026, month: 11, day: 20), checked: true)),
            expected: .success(ResolvedWrite(
                done: [draft(.patchTransaction(id: "t1", TransactionChanges(name: "Migros Plainpalais", transactionDate: noon)), "Migros"),
                       draft(.setTransactionChecked(id: "t1", checked: true, at: .distantPast), "Migros")],
                undo: [draft(.patchTransaction(id: "t1", TransactionChanges(name: "Migros", transactionDate: when)), "Migros Plainpalais"),
                       draft(.setTransactionChecked(id: "t1", checked: false, at: .distantPast), "Migros")],
                news: news(.edited, "Migros Plainpalais", 45)))),
        Row(name: "an edit that changes nothing stores nothing",
            intent: .editTransaction(target: "t1", TransactionEdit(name: "Migros", amount: 45, kind: .expense)),
            expected: .failure(.nothingToChange(name: "Migros"))),
        Row(name: "delete: held for u", intent: .deleteTransaction(target: "Migros"),
            expected: .success(ResolvedWrite(done: [draft(.deleteTransaction(id: "t1"), "Migros")], undo: [],
                                             news: news(.deleted, "Migros", 45), window: .open))),
        Row(name: "a new prévision, undone by deleting it", intent: .addLine(id: "n1", name: "Cadeaux", amount: 300, kind: .expense),
            expected: .success(ResolvedWrite(
                done: [draft(.createBudgetLine(NewBudgetLine(id: "n1", budgetId: "b-2026-11", name: "Cadeaux", amount: 300,
                                                             kind: .expense)), "Cadeaux")],
                undo: [draft(.deleteBudgetLine(id: "n1"), "Cadeaux")],
                news: news(.added, "Cadeaux", 300)))),
        Row(name: "a prévision's amount", intent: .editLine(target: "courses", LineEdit(amount: 450)),
            expected: .success(ResolvedWrite(
                done: [draft(.patchBudgetLine(id: "l1", BudgetLineChanges(amount: 450)), "Courses", previous: 400)],
                undo: [draft(.patchBudgetLine(id: "l1", BudgetLineChanges(amount: 400)), "Courses", previous: 450)],
                news: news(.edited, "Courses", 450)))),
        Row(name: "a prévision's edit that changes nothing", intent: .editLine(target: "l1", LineEdit(name: "Courses", amount: 400, kind: .expense, recurrence: .fixed)),
            expected: .failure(.nothingToChange(name: "Courses"))),
        Row(name: "a prévision's whole edit: kind and recurrence, undone by the former ones",
            intent: .editLine(target: "Cadeau", LineEdit(kind: .saving, recurrence: .fixed)),
            expected: .success(ResolvedWrite(
                done: [draft(.patchBudgetLine(id: "l3", BudgetLineChanges(kind: .saving, recurrence: .fixed)), "Cadeau")],
                undo: [draft(.patchBudgetLine(id: "l3", BudgetLineChanges(kind: .expense, recurrence: .oneOff)), "Cadeau")],
                news: GestureNews(.edited, name: "Cadeau", amount: 80, transactionKind: .saving)))),
        Row(name: "refused: a kind change while the prévision has transactions",
            intent: .editLine(target: "Courses", LineEdit(kind: .income)),
            expected: .failure(.kindChangeWithTransactions(name: "Courses", count: 2))),
        Row(name: "delete a prévision: its two transactions become free", intent: .deleteLine(target: "Courses"),
            expected: .success(ResolvedWrite(done: [draft(.deleteBudgetLine(id: "l1"), "Courses")], undo: [],
                                             news: news(.deleted, "Courses", 400, freed: 2), window: .open))),
        Row(name: "reset a prévision", intent: .item(.reset, target: "l1"),
            expected: .success(ResolvedWrite(done: [draft(.resetBudgetLine(id: "l1"), "Courses")], undo: [],
                                             news: GestureNews(.item(.reset), name: "Courses")))),
        Row(name: "check a prévision with open transactions: asked first", intent: .checkLine(target: "l1", checked: true, withTransactions: nil),
            expected: .failure(.asksAboutTransactions(lineId: "l1", name: "Courses", count: 1))),
        Row(name: "…answered yes: undone by unchecking what it checked, and only that",
            intent: .checkLine(target: "l1", checked: true, withTransactions: true),
            expected: .success(ResolvedWrite(
                done: [draft(.setBudgetLineChecked(id: "l1", checked: true, withTransactions: true, at: .distantPast), "Courses")],
                undo: [draft(.setBudgetLineChecked(id: "l1", checked: false, withTransactions: false, at: .distantPast), "Courses"),
                       draft(.setTransactionChecked(id: "t3", checked: false, at: .distantPast), "Denner")],
                news: news(.checked, "Courses", 400)))),
        Row(name: "uncheck a prévision", intent: .checkLine(target: "Loyer", checked: false, withTransactions: false),
            expected: .success(ResolvedWrite(
                done: [draft(.setBudgetLineChecked(id: "l2", checked: false, withTransactions: false, at: .distantPast), "Loyer")],
                undo: [draft(.setBudgetLineChecked(id: "l2", checked: true, withTransactions: false, at: .distantPast), "Loyer")],
                news: news(.unchecked, "Loyer", 1800)))),
        Row(name: "postpone a free transaction: held for u like a delete", intent: .item(.postpone, target: "Migros"),
            expected: .success(ResolvedWrite(done: [draft(.postponeTransaction(id: "t1", fromBudget: "b-2026-11",
                                                                                moved: transaction("t1", "Migros", 45)), "Migros")], undo: [],
                                             news: news(.item(.postpone), "Migros", 45), window: .open))),
        Row(name: "postpone a one-off prévision", intent: .item(.postpone, target: "cadeau"),
            expected: .success(ResolvedWrite(done: [draft(.postponeBudgetLine(id: "l3", fromBudget: "b-2026-11",
                                                                               moved: line("l3", "Cadeau", 80, recurrence: .oneOff)), "Cadeau")], undo: [],
                                             news: news(.item(.postpone), "Cadeau", 80), window: .open))),
        Row(name: "refused: a checked transaction stays", intent: .item(.postpone, target: "Coop"),
            expected: .failure(.itemStays(.postpone, name: "Coop", .checked))),
        Row(name: "refused: a transaction on a prévision moves with it", intent: .item(.postpone, target: "Denner"),
            expected: .failure(.itemStays(.postpone, name: "Denner", .allocated))),
        Row(name: "refused: a fixed prévision comes back every month", intent: .item(.postpone, target: "Loyer"),
            expected: .failure(.itemStays(.postpone, name: "Loyer", .checked))),
        Row(name: "refused: a prévision with transactions", intent: .item(.postpone, target: "l1"),
            expected: .failure(.itemStays(.postpone, name: "Courses", .fixed))),
        Row(name: "refused: a one-off prévision with transactions", intent: .item(.postpone, target: "Sortie"),
            expected: .failure(.itemStays(.postpone, name: "Sortie", .hasTransactions(1)))),
        Row(name: "fit a prévision to its transactions (12 + 8): a patch of its amount, undone by the former one",
            intent: .item(.fit, target: "Courses"),
            expected: .success(ResolvedWrite(
                done: [draft(.patchBudgetLine(id: "l1", BudgetLineChanges(amount: 20)), "Courses", previous: 400)],
                undo: [draft(.patchBudgetLine(id: "l1", BudgetLineChanges(amount: 400)), "Courses", previous: 20)],
                news: news(.item(.fit), "Courses", 20)))),
        Row(name: "refused: a prévision without transactions has nothing to fit to", intent: .item(.fit, target: "Cadeau"),
            expected: .failure(.itemStays(.fit, name: "Cadeau", .noTransactions))),
        Row(name: "refused: fit names a prévision, not a transaction", intent: .item(.fit, target: "Migros"),
            expected: .failure(.unknown("Migros", details.budgetLines.map(WriteCandidate.init)))),
        Row(name: "a tag created, its name trimmed; u takes it back while it waits", intent: .createTag(name: "  Vacances d’été "),
            expected: .success(ResolvedWrite(done: [draft(.createTag(name: "Vacances d’été"), "Vacances d’été")], undo: [],
                                             news: GestureNews(.added, name: "#Vacances d’été")))),
        Row(name: "refused: a blank tag", intent: .createTag(name: "   "), expected: .failure(.tagName(.nameMissing))),
        Row(name: "a tag renamed (found case aside), undone by its former name", intent: .renameTag(name: "resto", to: "Restaurants"),
            context: tagged(),
            expected: .success(ResolvedWrite(done: [draft(.renameTag(id: "G-1", name: "Restaurants"), "Resto")],
                                             undo: [draft(.renameTag(id: "G-1", name: "Resto"), "Restaurants")],
                                             news: GestureNews(.edited, name: "#Restaurants")))),
        Row(name: "refused: a rename onto another tag's name, accents and case aside", intent: .renameTag(name: "Resto", to: "VACANCES"),
            context: tagged(), expected: .failure(.tagExists("VACANCES"))),
        Row(name: "a rename to its own name: nothing to change", intent: .renameTag(name: "Resto", to: " Resto"), context: tagged(),
            expected: .failure(.nothingToChange(name: "#Resto"))),
        Row(name: "a tag deleted (a leading # allowed): the server takes it off what carries it", intent: .deleteTag(name: "#vacances"),
            context: tagged(),
            expected: .success(ResolvedWrite(done: [draft(.deleteTag(id: "g-2"), "Vacances")], undo: [],
                                             news: GestureNews(.deleted, name: "#Vacances")))),
        Row(name: "refused: an unknown tag lists the account's", intent: .deleteTag(name: "Cinéma"), context: tagged(),
            expected: .failure(.unknownTag("Cinéma", available: ["Resto", "Vacances"]))),
        Row(name: "refused: an unknown name lists what there is", intent: .checkTransaction(target: "Manor", checked: true),
            expected: .failure(.unknown("Manor", details.transactions.map { WriteCandidate($0, timeZone: .utc) }))),
        Row(name: "refused: a name two items carry", intent: .deleteTransaction(target: "café"),
            expected: .failure(.ambiguous("café", details.transactions.filter { $0.name == "Café" }.map { WriteCandidate($0, timeZone: .utc) }))),
        Row(name: "refused: no budget to write into", intent: .deleteLine(target: "Courses"), context: context(.noBudget),
            expected: .failure(.noBudget(month))),
        Row(name: "a month from the default template", intent: .createMonth(template: nil),
            context: context(.noBudget, templates: templates),
            expected: .success(ResolvedWrite(
                done: [draft(.createBudget(month: month, templateId: "tpl-2", lines: templates[1].lines), "Novembre 2026")],
                undo: [], news: { var news = GestureNews(.budgetRequested, name: "Novembre 2026"); news.template = "Standard"; return news }()))),
        Row(name: "a month from a template named", intent: .createMonth(template: "vacances"),
            context: context(.noBudget, templates: templates),
            expected: .success(ResolvedWrite(
                done: [draft(.createBudget(month: month, templateId: "tpl-1", lines: []), "Novembre 2026")],
                undo: [], news: { var news = GestureNews(.budgetRequested, name: "Novembre 2026"); news.template = "Vacances"; return news }()))),
        Row(name: "three months planned from the default template", intent: .planMonths(count: 3, template: nil),
            context: context(.noBudget, templates: templates),
            expected: .success(ResolvedWrite(
                done: [draft(.generateBudgets(templateId: "tpl-2", from: month, count: 3, lines: templates[1].lines), "Standard")], undo: [],
                news: { var news = GestureNews(.planned, name: "Novembre 2026"); news.template = "Standard"; news.months = 3; return news }()))),
        Row(name: "three months planned, one of them there already: said, the server skips it",
            intent: .planMonths(count: 3, template: "Standard"),
            context: WriteContext(month: month, content: .noBudget, templates: templates, timeZone: .utc,
                                  budgetedMonths: [BudgetMonth(year: 2026, month: 12), BudgetMonth(year: 2027, month: 2)]),
            expected: .success(ResolvedWrite(
                done: [draft(.generateBudgets(templateId: "tpl-2", from: month, count: 3, lines: templates[1].lines), "Standard")], undo: [],
                news: { var news = GestureNews(.planned, name: "Novembre 2026"); news.template = "Standard"; news.months = 3
                    news.skipped = [BudgetMonth(year: 2026, month: 12)]; return news }()))),
        Row(name: "refused: 37 months at once", intent: .planMonths(count: 37, template: nil), context: context(.noBudget, templates: templates),
            expected: .failure(.monthsOutOfRange(37))),
        Row(name: "refused: planning without the templates", intent: .planMonths(count: 3, template: nil), context: context(.noBudget),
            expected: .failure(.templatesUnknown)),
        Row(name: "refused: the month is there", intent: .createMonth(template: nil), context: context(templates: templates),
            expected: .failure(.monthExists(month))),
        Row(name: "refused: the templates unknown (the server did not answer)", intent: .createMonth(template: nil),
            context: context(.noBudget), expected: .failure(.templatesUnknown)),
        // « Pointé » here: Coop's 12 on Courses and Loyer's 1 800 checked → −1 812; no rollover.
        Row(name: "reconcile: the bank has more — one checked income closes the gap, u deletes it",
            intent: .reconcile(id: "r1", bankTotal: 100, name: "Rapprochement bancaire", day: CalendarDay(year: 2026, month: 11, day: 20)!),
            expected: .success(ResolvedWrite(
                done: [draft(.createTransaction(NewTransaction(id: "r1", budgetId: "b-2026-11", name: "Rapprochement bancaire", amount: 1912,
                                                               kind: .income, transactionDate: noon, checkedAt: .distantPast)),
                             "Rapprochement bancaire")],
                undo: [draft(.deleteTransaction(id: "r1"), "Rapprochement bancaire")],
                news: GestureNews(.reconciled, name: "Rapprochement bancaire", amount: 1912, transactionKind: .income)))),
        Row(name: "reconcile: the bank has less — an expense, under the default name when none is given",
            intent: .reconcile(id: "r2", bankTotal: -2000, name: "  ", day: CalendarDay(year: 2026, month: 11, day: 20)!),
            expected: .success(ResolvedWrite(
                done: [draft(.createTransaction(NewTransaction(id: "r2", budgetId: "b-2026-11", name: Reconciliation.defaultName,
                                                               amount: 188, kind: .expense, transactionDate: noon, checkedAt: .distantPast)),
                             Reconciliation.defaultName)],
                undo: [draft(.deleteTransaction(id: "r2"), Reconciliation.defaultName)],
                news: GestureNews(.reconciled, name: Reconciliation.defaultName, amount: 188, transactionKind: .expense)))),
        Row(name: "reconcile: no gap, not a centime — « À jour », nothing stored",
            intent: .reconcile(id: "r3", bankTotal: -1812, name: "x", day: CalendarDay(year: 2026, month: 11, day: 20)!),
            expected: .failure(.upToDate)),
        Row(name: "refused: reconcile a month without a budget",
            intent: .reconcile(id: "r4", bankTotal: 0, name: "x", day: CalendarDay(year: 2026, month: 11, day: 20)!), context: context(.noBudget),
            expected: .failure(.noBudget(month))),
        Row(name: "refused: no such template", intent: .createMonth(template: "Noël"), context: context(.noBudget, templates: templates),
            expected: .failure(.unknownTemplate("Noël", available: ["Vacances", "Standard"]))),
    ]

    @Test(arguments: rows) func theTable(_ row: Row) {
        #expect(WriteResolver.resolve(row.intent, in: row.context) == row.expected)
    }

    /// An expense still in the outbox is in the month as shown (`ShownMonth`, the overlay): every
    /// write on a transaction finds it by its name and targets its client id (the outbox folds the
    /// write into its create, or sends it after).
    static let waitingId = "c0ffee00-0000-4000-8000-000000000001"
    static let onAWaitingExpense: [(WriteIntent, WriteOperation)] = [
        (.checkTransaction(target: "kiosque", checked: true), .setTransactionChecked(id: waitingId, checked: true, at: .distantPast)),
        (.editTransaction(target: "Kiosque", TransactionEdit(amount: 10)), .patchTransaction(id: waitingId, TransactionChanges(amount: 10))),
        (.deleteTransaction(target: "Kiosque"), .deleteTransaction(id: waitingId)),
        // What a postpone moves goes with it, as the overlay shows the waiting expense (noon of its day).
        (.item(.postpone, target: "Kiosque"),
         .postponeTransaction(id: waitingId, fromBudget: "b-2026-11",
                              moved: Transaction(id: waitingId, createdAt: at("12:00", day: 20), updatedAt: at("12:00", day: 20),
                                                 budgetId: "b-2026-11", budgetLineId: nil, amount: 9, name: "Kiosque", kind: .expense,
                                                 transactionDate: at("12:00", day: 20)))),
    ]

    @Test(arguments: onAWaitingExpense)
    func anExpenseStillWaitingIsWrittenLikeTheOthers(_ intent: WriteIntent, _ operation: WriteOperation) throws {
        let waiting = PendingExpense(id: Self.waitingId,
                                     draft: ExpenseDraft(amount: 9, name: "Kiosque", kind: .expense,
                                                         date: CalendarDay(year: 2026, month: 11, day: 20)!, checked: false,
                                                         month: Self.month, budgetId: "b-2026-11"),
                                     state: .pending)
        let shown = ShownMonth(month: Self.month, settings: UserSettings(payDayOfMonth: 25, currency: .chf),
                               read: .budget(Self.details), outbox: OutboxSnapshot(items: [waiting]), fetchedAt: .distantPast,
                               isStale: false, today: CalendarDay(year: 2026, month: 11, day: 21)!)
        let resolved = try WriteResolver.resolve(intent, in: WriteContext(month: Self.month, content: shown.content, timeZone: .utc)).get()
        #expect(resolved.done.map(\.operation) == [operation])
    }

    /// The TUI writes through the same table: what it stores (a delete held for `u`), what `u`
    /// takes back and the toast, for every row that resolves — online (stored, then sent) and
    /// offline (stored only).
    /// The quick-add's form stores what the table says for the expense it made (its `u` is the
    /// quick-add's own: out of the outbox, or deleted on the server after a yes).
    @Test func theQuickAddStoresWhatTheTableSays() throws {
        var session = QuickAddFixture.browsing()
        session.press(.quickAdd(.open))
        session.type("4.50")
        session.press(.quickAdd(.nextField))
        session.type("Kiosque")
        let effects = session.send(.action(.quickAdd(.submit)))
        let (id, draft, _) = try #require(effects.storedExpense)
        let expected = try WriteResolver.resolve(.addExpense(id: id, draft), in: Self.context()).get()
        #expect(effects.compactMap { effect -> ChangeDraft? in
            if case let .outbox(.storeChange(change, _)) = effect { return change }
            return nil
        } == expected.done)
        #expect(session.form?.storing == PendingExpense(id: id, draft: draft, state: .pending))
    }

    @Test(arguments: rows.filter { row in
        if case .addExpense = row.intent { return false }   // the form's own path: `theQuickAddStoresWhatTheTableSays`
        if case .success = row.expected { return true }
        return false
    }, [true, false])
    func theTUIStoresWhatTheTableSays(_ row: Row, online: Bool) throws {
        var session = QuickAddFixture.browsing()
        session.send(.budgets(.monthLoaded(Self.month, .fetched(Fetched(row.context.content, fetchedAt: at("14:32"), fromCache: false)),
                                          at: .seconds(3))))
        if !row.context.tags.isEmpty { session.send(.budgets(.tagsLoaded(row.context.tags, at: .seconds(3)))) }
        if !row.context.savingsGoals.isEmpty { session.send(.budgets(.savingsGoalsLoaded(row.context.savingsGoals, at: .seconds(3)))) }
        if case .noBudget = row.context.content, let templates = row.context.templates {
            session.send(.budgets(.templatesLoaded(templates, at: .seconds(3))))
        }
        // The months the row says have a budget, as the year lists the TUI reads them from.
        for (year, months) in Dictionary(grouping: row.context.budgetedMonths, by: \.year) {
            let list = months.map { BudgetSummary(id: "b-\($0)", month: $0.month, year: $0.year) }
                + (year == Self.month.year ? [BudgetSummary(id: "b-2026-11", month: 11, year: 2026)] : [])
            session.send(.budgets(.yearLoaded(year, .fetched(Fetched(list, fetchedAt: at("14:32"), fromCache: false)), at: .seconds(3))))
        }
        if !online { session.send(.availability(.connectivityChanged(offline: true))) }
        let expected = try row.expected.get()
        let effects = Core.write(&session.state, row.intent)
        let stored = effects.compactMap { effect -> ChangeDraft? in
            if case let .outbox(.storeChange(draft, _)) = effect { return draft }
            return nil
        }
        let held = expected.done.map { draft in
            var held = draft
            if expected.window == .open { held.hold = Core.deleteHold }
            return held
        }
        #expect(stored == held)
        #expect(session.state.writes.undoStack.last == .change(done: held, undo: expected.undo, news: expected.news, window: expected.window))
        #expect(session.state.status.current?.kind == .gesture(expected.news))
    }

    /// The shell's verbs store what the table says too: each row the month alone resolves, run as
    /// `ChangeFlow(intent:)` behind an open gate — the same operations, in order, the last one
    /// sent; a refused row stores nothing and ends with the table's refusal.
    @Test(arguments: rows.filter { row in
        if case .addExpense = row.intent { return false }   // `pulpe add` is the quick-add's flow
        guard case .budget = row.context.content else { return false }
        return row.context.templates == nil && row.context.tags.isEmpty && row.context.savingsGoals.isEmpty
            && row.context.budgetedMonths.isEmpty
    })
    func theShellStoresWhatTheTableSays(_ row: Row) {
        var flow = ChangeFlow(month: Self.month, today: november21, intent: row.intent, timeZone: .utc, readTimeout: .seconds(5),
                              sendTimeout: .seconds(8))
        var effects = ChangeFlowTests.openAndRead(&flow, row.context.content, month: Self.month)
        var stored: [ChangeDraft] = []
        while case let .outbox(.storeChange(draft, thenSync))? = effects.first {
            stored.append(draft)
            effects = flow.receive(.outbox(.changeStored(id: "o-\(stored.count)")))
            if thenSync { break }
        }
        switch row.expected {
        case let .success(expected): #expect(stored == expected.done)
        case let .failure(refusal):
            #expect(stored.isEmpty)
            #expect(flow.outcome == .problem(refusal))
        }
    }

    /// The month after holds what was postponed into it once it has left: read again then (it was
    /// held since the start, as the shown month's neighbour).
    @Test func theMonthAPostponeGoesToIsReadAgainOnceItLeft() {
        var session = QuickAddFixture.browsing()
        _ = Core.write(&session.state, .item(.postpone, target: "t1"))
        #expect(session.state.writes.postponedInto == [QuickAddFixture.december])
        let change = PendingChange(id: "o-1", operation: .postponeTransaction(id: "t1", fromBudget: "b-2026-11"), month: Self.month,
                                   label: "Cafétéria HUG", state: .pending)
        session.send(.outbox(.outboxChanged(OutboxSnapshot(changes: [change]))))
        #expect(!session.send(.outbox(.syncFinished(sent: 1, remaining: 1, stoppedBy: nil))).contains(.budgets(.loadMonth(QuickAddFixture.december))),
                "not while it waits")
        session.send(.outbox(.outboxChanged(OutboxSnapshot())))
        #expect(session.send(.outbox(.syncFinished(sent: 1, remaining: 0, stoppedBy: nil))).contains(.budgets(.loadMonth(QuickAddFixture.december))))
        #expect(session.state.writes.postponedInto.isEmpty)
    }
}
