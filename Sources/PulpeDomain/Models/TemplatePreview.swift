import Foundation

/// A template with its lines (`GET /budget-templates` then `GET /budget-templates/:id/lines`):
/// what a month created from it will hold, for the « Créer le budget » offer's preview.
public struct TemplatePreview: Sendable, Hashable, Codable {
    /// One line as the template plans it.
    public struct Line: Sendable, Hashable, Codable {
        /// The template line's id: the budget line created from it carries it as `templateLineId`,
        /// which is how a prévision of a month created offline is found once the server has it.
        public var id: String?
        public var name: String
        public var amount: Decimal
        public var kind: TransactionKind
        /// `fixed` or `one_off` (nil in templates kept before it was read).
        public var recurrence: Recurrence?

        public init(id: String? = nil, name: String, amount: Decimal, kind: TransactionKind, recurrence: Recurrence? = nil) {
            self.id = id
            self.name = name
            self.amount = amount
            self.kind = kind
            self.recurrence = recurrence
        }
    }

    public var template: BudgetTemplate
    public var lines: [Line]

    public init(template: BudgetTemplate, lines: [Line]) {
        self.template = template
        self.lines = lines
    }

    /// What the month will have to spend before any rollover: its income lines less its expense
    /// and saving lines (§10 with no transaction yet: every envelope at its plan).
    public var plannedRemaining: Decimal {
        var sum = MoneySum()
        for line in lines { sum.add(line.kind == .income ? line.amount : -line.amount) }
        return sum.total
    }

    /// The default template first (the apps preselect it), then the server's order.
    public static func ordered(_ previews: [TemplatePreview]) -> [TemplatePreview] {
        previews.filter { $0.template.isDefault == true } + previews.filter { $0.template.isDefault != true }
    }
}
