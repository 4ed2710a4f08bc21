public enum GestureAction: Hashable, Sendable, CaseIterable {
    /// `x` on the selected transaction: check it off (« pointer »), or not.
    case toggleCheckSelected
    /// `d` on the selected transaction: delete it, with a few seconds to take it back (`u`).
    case deleteSelectedTransaction
    /// `R` on the selected prévision: back to its template's amount.
    case resetSelectedLine
    /// `>` on the selected free transaction or one-off prévision: moved to next month.
    case postponeSelected
}
