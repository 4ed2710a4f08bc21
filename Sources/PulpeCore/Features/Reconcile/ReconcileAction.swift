public enum ReconcileAction: Hashable, Sendable, CaseIterable {
    /// `b`: the balances form (the « À pointer » step offered first).
    case open
    /// `Entrée`: « À jour », or the gap's entry stored.
    case submit
    case nextField
    case previousField
    /// `Échap`: closed, nothing stored.
    case cancel
}
