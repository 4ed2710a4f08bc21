import Foundation

/// A template line to create (`templateLineCreateWithoutTemplateIdSchema`): the server gives it its
/// id, so a replay reads the template back first (§16.5).
public struct NewTemplateLine: Hashable, Sendable, Codable {
    public var name: String
    public var amount: Decimal
    public var kind: TransactionKind
    public var recurrence: Recurrence

    public init(name: String, amount: Decimal, kind: TransactionKind, recurrence: Recurrence = .fixed) {
        self.name = name
        self.amount = amount
        self.kind = kind
        self.recurrence = recurrence
    }

    /// Whether `line` is what this create made (name, amount and kind as typed).
    public func matches(_ line: TemplatePreview.Line) -> Bool {
        line.name == name && line.amount == amount && line.kind == kind
    }
}
