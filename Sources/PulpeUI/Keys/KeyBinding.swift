import PulpeCore
import PulpeTerminal

/// One row of the key table: the keys, what they do, and how the footer and help name them.
public struct KeyBinding: Hashable, Sendable {
    public var keys: [Key]
    public var action: Action
    /// French, tutoiement, short enough for the footer.
    public var label: String
    public var scope: KeyScope
    /// Whether the footer line shows it (the help overlay shows every binding of the scope).
    public var inFooter: Bool

    public init(_ keys: [Key], _ action: Action, _ label: String, scope: KeyScope, inFooter: Bool = true) {
        self.keys = keys
        self.action = action
        self.label = label
        self.scope = scope
        self.inFooter = inFooter
    }
}
