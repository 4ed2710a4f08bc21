public enum GestureAction: Hashable, Sendable {
    /// `x` on the selected transaction: check it off (« pointer »), or not.
    case toggleCheckSelected
    /// `d` on the selected transaction: delete it, with a few seconds to take it back (`u`).
    case deleteSelectedTransaction
    /// A write on the selected row and nothing else (`R`, `>`, `=`…): which rows it applies to
    /// and what it stores are `ItemWrite`'s, its key and words `ItemWriteText`'s.
    case item(ItemWrite)
}
