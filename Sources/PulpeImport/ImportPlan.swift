import Foundation
import PulpeCore
import PulpeDomain

/// What an import will store: each new operation as an ordinary create in the budget of its
/// pay-day period (read from the account replica), on the prévision suggested when that month has
/// it — then checked now, as the official import does; the others free and not checked.
public struct ImportPlan: Hashable, Sendable {
    public enum Skip: Hashable, Sendable {
        /// Pulpe has it already.
        case alreadyInPulpe(name: String)
        /// Not in the account's currency: flagged, not converted.
        case otherCurrency(String)
        /// Its period has no budget in the account (create the month first).
        case noBudget(BudgetMonth)
        /// Waiting in the outbox already (an earlier import killed before it was sent).
        case waiting
        /// A remembered rule says to skip it (its pattern).
        case rule(String)
    }

    public struct Entry: Hashable, Sendable {
        public var candidate: ImportCandidate
        /// The draft to store; nil when skipped.
        public var draft: ExpenseDraft?
        public var skip: Skip?
        /// The prévision's name it goes on.
        public var line: String?
        /// The remembered rule that shaped it (its pattern).
        public var rule: String?
        /// The prévisions of its month on its side (income or outflow): the review may choose one.
        public var lineChoices: [LineChoice] = []
        /// The tags a rule gives it, by name.
        public var tags: [String] = []
    }

    public var entries: [Entry]
    /// The account's currency: an operation in another is skipped.
    public var currency: Currency = .chf

    public var toStore: [(id: String, draft: ExpenseDraft)] {
        entries.compactMap { entry in entry.draft.map { (entry.candidate.clientId, $0) } }
    }

    /// `rules`: the remembered ones, the first whose pattern the label holds applies (rename,
    /// prévision, tags, or skip); `tags`: the account's, to name a rule's tags by id.
    public static func build(_ candidates: [ImportCandidate], replica: [BudgetDetails], payDay: Int?, currency: Currency,
                             waiting: Set<String> = [], rules: [ImportRule] = [], tags: [Tag] = []) -> ImportPlan {
        let byMonth = Dictionary(replica.map { (BudgetMonth(year: $0.budget.year, month: $0.budget.month), $0) },
                                 uniquingKeysWith: { first, _ in first })
        return ImportPlan(entries: candidates.map { candidate in
            let operation = candidate.operation
            if case let .alreadyInPulpe(_, name) = candidate.status {
                return Entry(candidate: candidate, draft: nil, skip: .alreadyInPulpe(name: name))
            }
            if operation.currency.uppercased() != currency.code {
                return Entry(candidate: candidate, draft: nil, skip: .otherCurrency(operation.currency))
            }
            let rule = ImportRule.first(for: operation.name, in: rules)
            if let rule, rule.skip { return Entry(candidate: candidate, draft: nil, skip: .rule(rule.pattern), rule: rule.pattern) }
            if waiting.contains(candidate.clientId) { return Entry(candidate: candidate, draft: nil, skip: .waiting) }
            let month = PayDayCalendar.budgetMonth(for: operation.date, payDay: payDay)
            guard let details = byMonth[month] else { return Entry(candidate: candidate, draft: nil, skip: .noBudget(month)) }
            let sameSide = { (line: BudgetLine) in (line.kind == .income) == (operation.kind == .income) }
            let named = rule?.line.flatMap { name in
                details.budgetLines.first { ImportMatcher.normalized($0.name) == ImportMatcher.normalized(name) && sameSide($0) }
            }
            let line = named ?? candidate.suggestedLine.flatMap { name in details.budgetLines.first { $0.name == name && sameSide($0) } }
            // A label is written by whoever sent the money: its control characters become spaces (decision 96).
            let spaced = TerminalControls.spaced(rule?.name ?? operation.name)
            let name = spaced.isEmpty ? BankOperation.defaultName : spaced
            let draft = ExpenseDraft(amount: operation.amount, name: name, kind: line?.kind ?? operation.kind,
                                     date: operation.date, checked: line != nil, month: month, budgetId: details.budget.id,
                                     budgetLineId: line?.id, tagIds: (rule?.tags ?? []).map { TagNaming.id(of: $0, in: tags) })
            let choices = LineChoice.choices(in: details).filter { ($0.kind == .income) == (operation.kind == .income) }
            return Entry(candidate: candidate, draft: draft, skip: nil, line: line?.name, rule: rule?.pattern, lineChoices: choices,
                         tags: rule?.tags ?? [])
        }, currency: currency)
    }
}
