import Foundation

/// The fields of one template line a bulk edit changes (`templateLineUpdateWithIdSchema`); the
/// same body on every try, so a replay is harmless.
public struct TemplateLineUpdate: Hashable, Sendable, Codable {
    public var id: String
    public var name: String?
    public var amount: Decimal?
    public var kind: TransactionKind?
    public var recurrence: Recurrence?

    public init(id: String, name: String? = nil, amount: Decimal? = nil, kind: TransactionKind? = nil, recurrence: Recurrence? = nil) {
        self.id = id
        self.name = name
        self.amount = amount
        self.kind = kind
        self.recurrence = recurrence
    }

    /// `line` with these fields applied.
    public func applied(to line: TemplatePreview.Line) -> TemplatePreview.Line {
        var next = line
        if let name { next.name = name }
        if let amount { next.amount = amount }
        if let kind { next.kind = kind }
        if let recurrence { next.recurrence = recurrence }
        return next
    }
}
