import Foundation

/// An item of `GET /budget-templates`: the recurring plan a budget is created from.
public struct BudgetTemplate: Sendable, Hashable, Codable, Identifiable {
    public var id: String
    public var name: String
    public var description: String?
    /// The template the apps pick when creating a budget.
    public var isDefault: Bool?

    public init(id: String, name: String, description: String? = nil, isDefault: Bool? = nil) {
        self.id = id
        self.name = name
        self.description = description
        self.isDefault = isDefault
    }
}
