import PulpeDomain

/// Whether « Bilan du mois » is to be shown at this start (decision 122).
public enum RecapDue: Hashable, Sendable {
    /// Not asked yet (the current month is not on screen yet: the first paint comes first).
    case unknown
    /// The period last shown is being read.
    case asking
    /// The month just closed is to be shown once its figures are here.
    case due(BudgetMonth)
    /// Shown already this period, or nothing to show.
    case done
}
