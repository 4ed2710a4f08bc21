import Foundation
import PulpeDomain

/// The fields of a transaction an edit sets; nil: as it is.
public struct TransactionEdit: Hashable, Sendable {
    public var name: String?
    public var amount: Decimal?
    public var kind: TransactionKind?
    /// The local calendar day (stored at noon, so it reads the same day wherever it is shown).
    public var day: CalendarDay?
    /// « Pointé » (the TUI's form has it; the shell's `check` is its own verb).
    public var checked: Bool?
    /// Its tags, by name (nil: as they are).
    public var tags: TagEdit?

    public init(name: String? = nil, amount: Decimal? = nil, kind: TransactionKind? = nil, day: CalendarDay? = nil,
                checked: Bool? = nil, tags: TagEdit? = nil) {
        self.tags = tags
        self.name = name
        self.amount = amount
        self.kind = kind
        self.day = day
        self.checked = checked
    }
}
