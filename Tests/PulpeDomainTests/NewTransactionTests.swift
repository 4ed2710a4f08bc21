import Foundation
import Testing
@testable import PulpeDomain

@Suite("POST /transactions body")
struct NewTransactionTests {
    let now = instant("2026-11-21T13:32:00Z")

    @Test func quickAddBodyIsExact() throws {
        let body = NewTransaction(id: "3f2b8c1a-9d4e-4f6a-8b7c-1d2e3f4a5b6c", budgetId: "b-11", name: "Café",
                                  amount: dec("12.50"), kind: .expense, transactionDate: now, checkedAt: now)
        #expect(try encodeText(body) == #"{"amount":12.5,"budgetId":"b-11","budgetLineId":null,"checkedAt":"2026-11-21T13:32:00.000000+00:00","id":"3f2b8c1a-9d4e-4f6a-8b7c-1d2e3f4a5b6c","kind":"expense","name":"Café","transactionDate":"2026-11-21T13:32:00.000000+00:00"}"#)
    }

    @Test func minimalBodyOmitsOptionalsButStatesNulls() throws {
        let body = NewTransaction(budgetId: "b", name: "Loyer", amount: dec("1500"), kind: .expense)
        #expect(try encodeText(body) == #"{"amount":1500,"budgetId":"b","budgetLineId":null,"checkedAt":null,"kind":"expense","name":"Loyer"}"#)
    }

    @Test func allocatedWithTags() throws {
        let body = NewTransaction(budgetId: "b", budgetLineId: "l", name: "Migros", amount: dec("0.1"), kind: .saving,
                                  tagIds: ["t1", "t2"])
        #expect(try encodeText(body) == #"{"amount":0.1,"budgetId":"b","budgetLineId":"l","checkedAt":null,"kind":"saving","name":"Migros","tagIds":["t1","t2"]}"#)
    }

    @Test func encodesOnlyAllowedKeys() throws {
        let full = NewTransaction(id: "i", budgetId: "b", budgetLineId: "l", name: "n", amount: 1, kind: .income,
                                  transactionDate: now, checkedAt: now, tagIds: ["t"])
        let object = try #require(PulpeJSON.object(from: PulpeJSON.encode(full)))
        #expect(Set(object.keys) == NewTransaction.allowedKeys)
        #expect(NewTransaction.allowedKeys == ["id", "budgetId", "budgetLineId", "name", "amount", "kind", "transactionDate", "checkedAt", "tagIds"])
    }

    @Test func unknownKeysForTheSandbox() throws {
        let object = try #require(PulpeJSON.object(from: Data(#"{"budgetId":"b","name":"x","amount":1,"kind":"expense","category":"food","note":null}"#.utf8)))
        #expect(NewTransaction.unknownKeys(in: object) == ["category", "note"])
    }

    @Test func decodesWhatItEncodes() throws {
        let body = NewTransaction(id: "i", budgetId: "b", budgetLineId: nil, name: "n", amount: dec("999999.99"), kind: .expense,
                                  transactionDate: instant("2026-08-07T12:00:00.123456+02:00"), checkedAt: nil, tagIds: nil)
        #expect(try decode(NewTransaction.self, encodeText(body)) == body)
    }

    @Test func materializedTransaction() {
        let body = NewTransaction(id: "chosen", budgetId: "b", name: "  Café  ", amount: dec("3.8"), kind: .expense, checkedAt: now)
        let tx = body.materialized(id: "generated", now: now)
        #expect(tx.id == "chosen")
        #expect(tx.name == "Café")
        #expect(tx.transactionDate == now)
        #expect(tx.createdAt == now)
        #expect(tx.tagIds == [])
        #expect(tx.isChecked)
        #expect(tx.isFree)
        var anonymous = body
        anonymous.id = nil
        #expect(anonymous.materialized(id: "generated", now: now).id == "generated")
    }

    @Test func pendingBodiesCountInTotals() {
        let lines = [Line("inc", .income, "1000")]
        let pending = [NewTransaction(budgetId: "b", name: "x", amount: dec("12.5"), kind: .expense)]
        #expect(BudgetTotals(lines: lines, transactions: pending, rollover: 0).remaining == dec("987.5"))
    }

    @Test func rules() {
        #expect(TransactionRules.problems(amount: dec("12.5"), name: "Café").isEmpty)
        #expect(TransactionRules.problems(amount: nil, name: "Café") == [.amountMissing])
        #expect(TransactionRules.problems(amount: 0, name: "Café") == [.amountMissing])
        #expect(TransactionRules.problems(amount: dec("-1"), name: "Café") == [.amountMissing])
        #expect(TransactionRules.problems(amount: dec("1000000"), name: "x").isEmpty)
        #expect(TransactionRules.problems(amount: dec("1000000.01"), name: "x") == [.amountTooLarge])
        #expect(TransactionRules.problems(amount: 1, name: "   ") == [.nameMissing])
        #expect(TransactionRules.problems(amount: 1, name: String(repeating: "é", count: 100)).isEmpty)
        #expect(TransactionRules.problems(amount: 1, name: " " + String(repeating: "a", count: 100) + " ").isEmpty)
        #expect(TransactionRules.problems(amount: 1, name: String(repeating: "a", count: 101)) == [.nameTooLong])
        // An emoji outside the BMP is two UTF-16 units, as the server counts it.
        #expect(TransactionRules.problems(amount: 1, name: String(repeating: "😀", count: 51)) == [.nameTooLong])
        #expect(TransactionRules.problems(amount: nil, name: "") == [.amountMissing, .nameMissing])
        #expect(TransactionRules.problems(amount: 1, name: "x", tagIds: ["a", "a"]) == [.invalidTags])
        #expect(TransactionRules.problems(amount: 1, name: "x", tagIds: (0..<11).map { "t\($0)" }) == [.invalidTags])
        #expect(TransactionRules.problems(amount: 1, name: "x", tagIds: (0..<10).map { "t\($0)" }).isEmpty)
        #expect(TransactionRules.problems(of: NewTransaction(budgetId: "b", name: "", amount: dec("2000000"), kind: .expense)) == [.amountTooLarge, .nameMissing])
    }

    /// The quick-add form and `pulpe add` refuse what the server would (UTF-16 units, as its schema
    /// counts): a description of 51 emoji is 102 units, refused before it is stored — not sent,
    /// then « refusée ».
    @Test func anExpensesDescriptionIsCountedAsTheServerCountsIt() {
        #expect(ExpenseRules.name(String(repeating: "😀", count: 50)) == .success(String(repeating: "😀", count: 50)))
        #expect(ExpenseRules.name(String(repeating: "😀", count: 51)) == .failure(.nameTooLong))
        #expect(ExpenseRules.name(" " + String(repeating: "é", count: 100) + " ") == .success(String(repeating: "é", count: 100)))
        #expect(ExpenseRules.name(String(repeating: "a", count: 101)) == .failure(.nameTooLong))
    }
}
