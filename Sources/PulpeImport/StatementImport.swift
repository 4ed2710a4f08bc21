import Foundation
import PulpeDomain

/// The one import pipeline (issue 60): a statement read (`StatementReader`), its operations
/// matched against the replica, the plan built with the remembered rules — what `pulpe import` prints and stores and
/// what the TUI's review screen (`I`) shows, from the same steps in the same order.
public enum StatementImport {
    /// What the plan is built against, read once from the account's local data.
    public struct Inputs: Sendable {
        public var replica: [BudgetDetails]
        public var account: ImportAccount
        public var payDay: Int?
        public var currency: Currency
        public var rules: [ImportRule]
        /// The account's tags, to name a rule's tags by id.
        public var tags: [Tag]

        public init(replica: [BudgetDetails], account: ImportAccount, payDay: Int?, currency: Currency, rules: [ImportRule],
                    tags: [Tag]) {
            self.replica = replica
            self.account = account
            self.payDay = payDay
            self.currency = currency
            self.rules = rules
            self.tags = tags
        }
    }

    /// The statement's operations (only those of the budget month `month`, when given) matched and
    /// planned: each new, already in Pulpe, skipped by a rule, or impossible, with what it stores.
    public static func plan(_ statement: BankStatement, month: BudgetMonth? = nil, inputs: Inputs,
                            timeZone: LocalZone = .system) -> ImportPlan {
        var operations = statement.operations
        if let month {
            operations = operations.filter { PayDayCalendar.budgetMonth(for: $0.date, payDay: inputs.payDay) == month }
        }
        let candidates = ImportMatcher.match(operations, replica: inputs.replica, account: inputs.account, timeZone: timeZone)
        return ImportPlan.build(candidates, replica: inputs.replica, payDay: inputs.payDay, currency: inputs.currency,
                                rules: inputs.rules, tags: inputs.tags)
    }

    /// The statement's accounts whose opening balance plus entries is not their closing one.
    public static func unbalancedAccounts(_ statement: BankStatement) -> [String] {
        statement.accounts.filter { $0.isBalanced == false }.map(\.account)
    }
}
