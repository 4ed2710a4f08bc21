import PulpeDomain

/// `pulpe import rules` and the rules `pulpe import` applies: the saved session (whose account),
/// then the account's rules as the sealed cache keeps them — read, or replaced whole. Local only:
/// the rules are this machine's, never the server's.
public struct ImportRulesFlow: LocalAccountFlow {
    public enum Request: Sendable, Hashable {
        case read
        case replace([ImportRule])
    }

    public enum Outcome: Sendable, Hashable {
        /// The rules, in the order they are tried (after a replace: the new ones).
        case rules([ImportRule])
        /// The new rules could not be written (a locked or broken cache).
        case notSaved
        case notSignedIn
    }

    public private(set) var outcome: Outcome?

    private let request: Request

    public init(_ request: Request) {
        self.request = request
    }

    mutating func accountKnown() -> [Effect] {
        switch request {
        case .read: [.budgets(.loadImportRules)]
        case let .replace(rules): [.budgets(.saveImportRules(rules))]
        }
    }

    mutating func noAccount() { outcome = .notSignedIn }

    mutating func handleLocally(_ msg: Msg) -> [Effect] {
        switch msg {
        case let .budgets(.importRulesLoaded(rules, _)) where outcome == nil:
            outcome = rules.map(Outcome.rules) ?? .notSignedIn
        case let .budgets(.importRulesSaved(saved, _)) where outcome == nil:
            if case let .replace(rules) = request { outcome = saved ? .rules(rules) : .notSaved }
        default:
            break
        }
        return []
    }
}
