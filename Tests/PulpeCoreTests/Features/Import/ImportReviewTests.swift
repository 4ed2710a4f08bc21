import Foundation
import PulpeDomain
import Testing
@testable import PulpeCore

/// The statement import in the TUI (`I`, decision 90): the path read by the runtime, the rows kept
/// or skipped, the kept ones stored as one batch of creates under their client ids, undone together.
struct ImportReviewTests {
    static func row(_ id: String, _ name: String, _ amount: Decimal, status: ImportReviewRow.Status = .new) -> ImportReviewRow {
        let day = CalendarDay(year: 2026, month: 11, day: 20)!
        let draft = status == .new
            ? ExpenseDraft(amount: amount, name: name, kind: .expense, date: day, checked: false, month: QuickAddFixture.november,
                           budgetId: "b-2026-11")
            : nil
        return ImportReviewRow(clientId: id, date: day, name: name, amount: amount, kind: .expense, status: status, draft: draft)
    }

    @Test func readKeepSkipAndStore() {
        var session = QuickAddFixture.browsing()
        session.press(.importStatement(.open))
        for character in "~/releve.xml" { session.send(.text(.insert(character))) }
        #expect(session.send(.action(.importStatement(.submit))) == [.budgets(.readStatement(path: "~/releve.xml"))])
        #expect(session.send(.action(.importStatement(.submit))).isEmpty, "read once")
        session.send(.budgets(.statementRead("~/releve.xml", .failure(.malformed(line: 3, column: 9)), at: .seconds(4))))
        #expect(session.state.home?.importReview?.failure == .malformed(line: 3, column: 9) && session.state.home?.importReview?.rows == nil)
        session.send(.text(.insert("x")))
        session.send(.text(.deleteBackward))
        session.send(.action(.importStatement(.submit)))
        let rows = [Self.row("c1", "Coop", 7.8), Self.row("c2", "Kiosque", 3.5), Self.row("c3", "Migros", 21, status: .already("Migros"))]
        session.send(.budgets(.statementRead("~/releve.xml", .success(rows), at: .seconds(5))))
        #expect(session.state.home?.importReview?.kept.map(\.clientId) == ["c1", "c2"], "new rows start kept, the others cannot be")
        session.press(.importStatement(.moveDown))
        session.press(.importStatement(.toggle))
        session.press(.importStatement(.moveDown))
        session.press(.importStatement(.toggle))
        #expect(session.state.home?.importReview?.kept.map(\.clientId) == ["c1"], "Kiosque skipped; Migros cannot be kept")
        let effects = session.send(.action(.importStatement(.submit)))
        let stored = effects.compactMap { effect -> WriteOperation? in
            if case let .outbox(.storeChange(draft, _)) = effect { return draft.operation }
            return nil
        }
        guard case let .createTransaction(new)? = stored.first, stored.count == 1 else { Issue.record("\(effects)"); return }
        #expect(new.id == "c1" && new.name == "Coop")
        #expect(session.state.home?.importReview == nil)
        guard let entry = session.state.writes.undoStack.last else { Issue.record("no undo entry"); return }
        #expect(entry.undo.map(\.operation) == [.deleteTransaction(id: "c1")])
    }

    /// Several rows stored at once are undone together, as any write (decision 115): `u` stores a
    /// delete of each — the outbox folds those not sent yet — even once the outbox lists them as
    /// new transactions; a later quick-add leaves the import's entry as it is.
    @Test func uTakesBackEveryImportedRow() {
        var session = QuickAddFixture.browsing()
        session.press(.importStatement(.open))
        for character in "~/releve.xml" { session.send(.text(.insert(character))) }
        session.send(.action(.importStatement(.submit)))
        let rows = [Self.row("c1", "Coop", 7.8), Self.row("c2", "Kiosque", 3.5), Self.row("c3", "Migros", 21)]
        session.send(.budgets(.statementRead("~/releve.xml", .success(rows), at: .seconds(5))))
        session.send(.action(.importStatement(.submit)))
        // The outbox lists the stored rows as new transactions.
        let waiting = rows.compactMap { row in row.draft.map { PendingExpense(id: row.clientId, draft: $0, state: .pending) } }
        session.send(.outbox(.outboxChanged(OutboxSnapshot(items: waiting))))
        let entry = session.state.writes.undoStack.last
        #expect(entry?.superseded == entry, "a later quick-add leaves it")
        let undo = session.send(.action(.outbox(.undo)))
        let deleted = undo.compactMap { effect -> String? in
            if case let .outbox(.storeChange(draft, _)) = effect, case let .deleteTransaction(id) = draft.operation { return id }
            return nil
        }
        #expect(deleted == ["c1", "c2", "c3"], "\(undo)")
    }

    @Test func escapeGoesBackThenCloses() {
        var session = QuickAddFixture.browsing()
        session.press(.importStatement(.open))
        for character in "a.csv" { session.send(.text(.insert(character))) }
        session.send(.action(.importStatement(.submit)))
        session.send(.budgets(.statementRead("a.csv", .success([Self.row("c1", "Coop", 1)]), at: .seconds(5))))
        session.press(.importStatement(.cancel))
        #expect(session.state.home?.importReview?.rows == nil && session.state.home?.importReview?.path.text == "a.csv")
        session.press(.importStatement(.cancel))
        #expect(session.state.home?.importReview == nil)
    }

    /// `r` renames, `l` puts it on a prévision typed by name (checked); what was chosen by hand is
    /// remembered as a rule when stored.
    @Test func renameAndChooseTheLineBecomeRules() {
        var session = QuickAddFixture.browsing()
        session.press(.importStatement(.open))
        for character in "a.csv" { session.send(.text(.insert(character))) }
        session.send(.action(.importStatement(.submit)))
        var row = Self.row("c1", "MIGROS M RIVE", 21)
        row.lineChoices = [LineChoice(id: "l1", budgetId: "b-2026-11", name: "Courses", kind: .expense, left: 100),
                           LineChoice(id: "l2", budgetId: "b-2026-11", name: "Loisirs", kind: .expense, left: 50)]
        session.send(.budgets(.statementRead("a.csv", .success([row, Self.row("c2", "Kiosque", 3)]), at: .seconds(5))))
        session.press(.importStatement(.rename))
        session.send(.text(.clear))
        for character in "Migros" { session.send(.text(.insert(character))) }
        session.press(.importStatement(.submit))
        // `l`: typed, completed among the month's prévisions (accents and case aside).
        session.press(.importStatement(.chooseLine))
        for character in "LOI" { session.send(.text(.insert(character))) }
        #expect(session.state.home?.importReview?.lineCompletion?.name == "Loisirs")
        session.press(.importStatement(.submit))
        #expect(session.state.home?.importReview?.rows?[0].line == "Loisirs")
        // A name the month lacks is said, and nothing changes until it names one.
        session.press(.importStatement(.chooseLine))
        session.send(.text(.clear))
        for character in "zzz" { session.send(.text(.insert(character))) }
        session.press(.importStatement(.submit))
        #expect(session.state.home?.importReview?.lineUnknown == true && session.state.home?.importReview?.choosingLine != nil)
        #expect(session.state.home?.importReview?.rows?[0].line == "Loisirs")
        session.send(.text(.clear))
        for character in "cou" { session.send(.text(.insert(character))) }
        session.send(.text(.moveRight))
        #expect(session.state.home?.importReview?.choosingLine?.text == "Courses", "→ takes the completion")
        session.press(.importStatement(.submit))
        #expect(session.state.home?.importReview?.rows?[0].line == "Courses")
        // Emptied: free again.
        session.press(.importStatement(.chooseLine))
        session.send(.text(.clear))
        session.press(.importStatement(.submit))
        #expect(session.state.home?.importReview?.rows?[0].line == nil && session.state.home?.importReview?.rows?[0].draft?.checked == false)
        session.press(.importStatement(.chooseLine))
        for character in "courses" { session.send(.text(.insert(character))) }
        session.press(.importStatement(.submit))
        let effects = session.send(.action(.importStatement(.submit)))
        let created = effects.compactMap { effect -> NewTransaction? in
            if case let .outbox(.storeChange(draft, _)) = effect, case let .createTransaction(new) = draft.operation { return new }
            return nil
        }
        #expect(created.map(\.name) == ["Migros", "Kiosque"])
        #expect(created.first?.budgetLineId == "l1" && created.first?.checkedAt != nil, "on its prévision, checked")
        #expect(effects.contains(.budgets(.rememberImportChoices([ImportChoice(pattern: "MIGROS M RIVE", name: "Migros", line: "Courses")]))))
    }

    /// `t`: tags by name; a tag the account has by its id, a new one created before the operation.
    @Test func tagsChosenOnTheReview() {
        var session = QuickAddFixture.browsing()
        let courses = Tag(id: "G-1", userId: "u", name: "Courses", createdAt: at("12:00"), updatedAt: at("12:00"))
        session.send(.budgets(.tagsLoaded([courses], at: .seconds(3))))
        session.press(.importStatement(.open))
        for character in "a.csv" { session.send(.text(.insert(character))) }
        session.send(.action(.importStatement(.submit)))
        session.send(.budgets(.statementRead("a.csv", .success([Self.row("c1", "Coop", 7.8)]), at: .seconds(5))))
        session.press(.importStatement(.tags))
        for character in "courses, Vrac" { session.send(.text(.insert(character))) }
        session.press(.importStatement(.submit))
        #expect(session.state.home?.importReview?.rows?[0].tags == ["courses", "Vrac"])
        let effects = session.send(.action(.importStatement(.submit)))
        let stored = effects.compactMap { effect -> WriteOperation? in
            if case let .outbox(.storeChange(draft, _)) = effect { return draft.operation }
            return nil
        }
        guard stored.count == 2, case .createTag(name: "Vrac") = stored[0], case let .createTransaction(new) = stored[1] else {
            Issue.record("\(stored)")
            return
        }
        #expect(new.tagIds == ["g-1", "tag-pending:Vrac"])
        #expect(effects.contains(.budgets(.rememberImportChoices([ImportChoice(pattern: "Coop", name: nil, line: nil, tags: ["courses", "Vrac"])]))))
    }
}

