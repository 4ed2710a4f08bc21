import Foundation

/// A prévision's savings-goal link as a patch sets it: to a goal, or cleared (`null` on the wire).
public enum GoalLink: Hashable, Sendable, Codable {
    case linked(String)
    case unlinked

    public var goalId: String? {
        if case let .linked(id) = self { return id }
        return nil
    }
}
