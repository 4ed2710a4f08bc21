import Foundation

/// An amount read from text: the value to save, and whether it was computed (the form then
/// shows « = 20.50 » beside what was typed).
public struct ParsedAmount: Hashable, Sendable {
    public var value: Decimal
    public var isExpression: Bool

    public init(value: Decimal, isExpression: Bool) {
        self.value = value
        self.isExpression = isExpression
    }
}
