import Foundation

/// `PATCH /budget-templates/:id` (`budgetTemplateUpdateSchema`): a new name, or the default flag
/// (`isDefault: true` takes it from the others). The same body on every try.
public struct TemplateChanges: Hashable, Sendable, Codable {
    public var name: String?
    public var isDefault: Bool?

    public init(name: String? = nil, isDefault: Bool? = nil) {
        self.name = name
        self.isDefault = isDefault
    }

    public var isEmpty: Bool { name == nil && isDefault == nil }
}
