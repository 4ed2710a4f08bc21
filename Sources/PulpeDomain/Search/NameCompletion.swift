import Foundation

/// A name offered for what was typed: the full name as the user spelt it before, and the part
/// shown greyed after the cursor.
public struct NameCompletion: Hashable, Sendable {
    public var name: String
    public var suffix: String

    public init(name: String, suffix: String) {
        self.name = name
        self.suffix = suffix
    }
}
