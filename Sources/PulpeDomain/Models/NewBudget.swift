import Foundation

/// The body of `POST /budgets` (§7): a budget for a month, created from a template.
public struct NewBudget: Sendable, Hashable, Codable {
    /// Month 1…12.
    public var month: Int
    public var year: Int
    /// Omitted from the body when `nil`.
    public var description: String?
    public var templateId: String

    public init(month: Int, year: Int, description: String? = nil, templateId: String) {
        self.month = month
        self.year = year
        self.description = description
        self.templateId = templateId
    }
}
