import Foundation
import PulpeCore
import PulpeDomain
import Testing
@testable import PulpeImport

/// « Already in Pulpe » and the suggestions (decision 90).
struct ImportMatcherTests {
    static let noon = Date(timeIntervalSince1970: 1_794_052_800) // 2026-11-07 12:00 UTC
    static func day(_ d: Int) -> CalendarDay { CalendarDay(year: 2026, month: 11, day: d)! }
    static let account = ImportAccount(server: "https://api.pulpe.app/api/v1", userId: "2f4c6a1e-0000-4000-8000-000000000001")

    static func replica(_ transactions: [Transaction], lines: [BudgetLine] = []) -> [BudgetDetails] {
        let budget = Budget(id: "b", createdAt: noon, updatedAt: noon, userId: "u", templateId: "t", month: 11, year: 2026, description: "")
        return [BudgetDetails(budget: budget, transactions: transactions, budgetLines: lines)]
    }

    static func transaction(_ id: String, _ name: String, _ amount: Decimal, day: Int, line: String? = nil) -> Transaction {
        let date = Date(timeIntervalSince1970: 1_794_052_800 + Double(day - 7) * 86_400)
        return Transaction(id: id, createdAt: date, updatedAt: date, budgetId: "b", budgetLineId: line, amount: amount, name: name,
                           kind: .expense, transactionDate: date)
    }

    @Test func theSameFileTwiceFindsItsOwnIdsAndHandEnteredOnes() {
        let operations = [
            BankOperation(date: Self.day(7), amount: 84.35, kind: .expense, name: "MIGROS PLAINPALAIS", reference: "R1"),
            BankOperation(date: Self.day(8), amount: 12, kind: .expense, name: "Kiosque"),
            BankOperation(date: Self.day(8), amount: 12, kind: .expense, name: "Kiosque"),
            BankOperation(date: Self.day(9), amount: 50, kind: .expense, name: "Coop"),
        ]
        let first = ImportMatcher.match(operations, replica: [], account: Self.account, timeZone: .utc)
        #expect(first.allSatisfy { $0.isNew })
        #expect(Set(first.map(\.clientId)).count == 4, "two equal operations keep two ids (their rank)")
        #expect(first.map(\.clientId) == ImportMatcher.match(operations, replica: [], account: Self.account, timeZone: .utc).map(\.clientId), "stable")
        // Imported already (by id), one entered by hand as « Migros » the same day, same amount.
        let replica = Self.replica([Self.transaction(first[1].clientId, "Kiosque", 12, day: 8),
                                    Self.transaction("hand", "Migros", 84.35, day: 7)])
        let second = ImportMatcher.match(operations, replica: replica, account: Self.account, timeZone: .utc)
        #expect(second[0].status == .alreadyInPulpe(transactionId: "hand", name: "Migros"), "the bank's « MIGROS PLAINPALAIS » holds « Migros »")
        #expect(second[1].status == .alreadyInPulpe(transactionId: first[1].clientId, name: "Kiosque"))
        #expect(second[2].isNew, "the second kiosque of that day is not the first one again")
        #expect(second[3].isNew)
    }

    @Test func theLineTheSameLabelWentOnLastTimeIsSuggested() {
        let line = BudgetLine(id: "l1", budgetId: "b", name: "Courses", amount: 400, kind: .expense, recurrence: .fixed,
                              createdAt: Self.noon, updatedAt: Self.noon)
        let replica = Self.replica([Self.transaction("t1", "coop", 30, day: 2, line: "l1")], lines: [line])
        let matched = ImportMatcher.match([BankOperation(date: Self.day(9), amount: 50, kind: .expense, name: "COOP")], replica: replica,
                                          account: Self.account, timeZone: .utc)
        #expect(matched[0].suggestedLine == "Courses" && matched[0].isNew)
    }

    /// The server's ids are unique across its users (decision 95): the same statement imported
    /// into two accounts — a joint account's holders, or one person on two servers — makes two
    /// sets of ids, and each account keeps its own from one import to the next.
    @Test func theIdsAreTheAccountsOwnAndStableInIt() {
        let operations = [
            BankOperation(date: Self.day(7), amount: 84.35, kind: .expense, name: "MIGROS PLAINPALAIS", reference: "R1", account: "CH93"),
            BankOperation(date: Self.day(8), amount: 12, kind: .expense, name: "Kiosque", account: "CH93"),
        ]
        let partner = ImportAccount(server: Self.account.server, userId: "2f4c6a1e-0000-4000-8000-000000000002")
        let otherServer = ImportAccount(server: "http://127.0.0.1:8080/api/v1", userId: Self.account.userId)
        let mine = ImportMatcher.match(operations, replica: [], account: Self.account, timeZone: .utc).map(\.clientId)
        #expect(mine == [ImportId.uuid(for: "account|https://api.pulpe.app/api/v1|2f4c6a1e-0000-4000-8000-000000000001|ref|CH93|R1"),
                         ImportId.uuid(for: "account|https://api.pulpe.app/api/v1|2f4c6a1e-0000-4000-8000-000000000001|op|CH93|2026-11-08|-12|kiosque|0")])
        #expect(mine == ImportMatcher.match(operations, replica: [], account: Self.account, timeZone: .utc).map(\.clientId), "stable")
        for other in [partner, otherServer] {
            let theirs = ImportMatcher.match(operations, replica: [], account: other, timeZone: .utc).map(\.clientId)
            #expect(Set(theirs).isDisjoint(with: mine), "\(other): \(theirs) against \(mine)")
        }
    }

    /// An operation imported before the ids were the account's holds the statement's id alone: it
    /// is found by it (another day and name, so not as a hand-entered twin), never imported twice.
    @Test func anImportMadeBeforeTheIdsWereScopedIsStillFound() {
        let operation = BankOperation(date: Self.day(7), amount: 1850, kind: .expense, name: "ORDRE PERMANENT", reference: "R9",
                                      account: "CH93")
        let earlier = ImportId.uuid(for: "ref|CH93|R9")
        let replica = Self.replica([Self.transaction(earlier, "Loyer", 1850, day: 2)])
        let matched = ImportMatcher.match([operation], replica: replica, account: Self.account, timeZone: .utc)
        #expect(matched[0].status == .alreadyInPulpe(transactionId: earlier, name: "Loyer"))
        #expect(matched[0].clientId != earlier)
    }

    @Test func idsLookLikeUUIDs() {
        let id = ImportId.uuid(for: "ref|CH56|PF-1")
        #expect(id.count == 36 && id == id.lowercased())
        #expect(Array(id)[14] == "4" && "89ab".contains(Array(id)[19]))
        #expect(ImportId.uuid(for: "a") != ImportId.uuid(for: "b"))
    }
}
