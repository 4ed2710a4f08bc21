import Foundation

/// What a template batch did on the server: its created lines (with their new ids) and the budgets
/// the propagation rewrote (`propagation.affectedBudgetIds`) — the months the replica reads again.
public struct TemplateBatchOutcome: Hashable, Sendable, Decodable {
    public struct Propagation: Hashable, Sendable, Decodable {
        public var mode: String
        public var affectedBudgetIds: [String]
    }

    public var created: [TemplatePreview.Line]
    public var deleted: [String]
    public var propagation: Propagation?

    public var affectedBudgetIds: [String] { propagation?.affectedBudgetIds ?? [] }
}
