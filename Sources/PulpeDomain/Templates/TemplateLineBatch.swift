import Foundation

/// One `POST /budget-templates/:id/lines/bulk-operations` (§16.5): creates, updates and deletes
/// applied by the server in one transaction, with or without propagation to the months ahead.
public struct TemplateLineBatch: Hashable, Sendable, Codable {
    /// The real schema's limits: 100 of each, 200 in all.
    public static let maxEach = 100
    public static let maxTotal = 200

    public var create: [NewTemplateLine]
    public var update: [TemplateLineUpdate]
    public var delete: [String]

    public init(create: [NewTemplateLine] = [], update: [TemplateLineUpdate] = [], delete: [String] = []) {
        self.create = create
        self.update = update
        self.delete = delete
    }

    public var count: Int { create.count + update.count + delete.count }
    public var isEmpty: Bool { count == 0 }

    /// The template's lines once this batch is applied (what the « Modèles » screen shows while it waits).
    public func applied(to lines: [TemplatePreview.Line]) -> [TemplatePreview.Line] {
        let removed = Set(delete)
        let changes = Dictionary(update.map { ($0.id, $0) }, uniquingKeysWith: { _, last in last })
        return lines.filter { line in line.id.map { !removed.contains($0) } ?? true }
            .map { line in line.id.flatMap { changes[$0] }?.applied(to: line) ?? line }
            + create.map { TemplatePreview.Line(name: $0.name, amount: $0.amount, kind: $0.kind, recurrence: $0.recurrence) }
    }
}
