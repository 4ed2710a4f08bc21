import Foundation
import PulpeDomain
import Testing
@testable import PulpeImport

/// A statement's label is written by whoever sent the money (decision 96): what the import stores has
/// each run of control characters made one space, never an escape sequence.
struct ImportLabelTests {
    @Test func aLabelsControlsBecomeSpacesInWhatIsStored() {
        let day = CalendarDay(year: 2026, month: 11, day: 20)!
        let operations = [
            BankOperation(date: day, amount: 5, kind: .expense, name: "X\u{1B}[31mROUGE\u{1B}]0;titre\u{07}Y\r\nZ"),
            BankOperation(date: day, amount: 6, kind: .expense, name: "\u{1B}\u{9B}"),
            BankOperation(date: day, amount: 7, kind: .expense, name: "Migros"),
        ]
        let replica = [ImportPlanTests.month(11)]
        let candidates = ImportMatcher.match(operations, replica: replica, account: ImportMatcherTests.account, timeZone: .utc)
        let plan = ImportPlan.build(candidates, replica: replica, payDay: 25, currency: .chf)
        #expect(plan.entries.map { $0.draft?.name } == ["X [31mROUGE ]0;titre Y Z", "Opération bancaire", "Migros"])
    }
}
