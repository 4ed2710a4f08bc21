/// What a planned-against-actual report groups by (`pulpe report --by`).
public enum ReportAxis: String, Sendable, Hashable, CaseIterable {
    /// Each prévision, by name; the free transactions under « hors prévision », per kind.
    case line
    /// Each tag: the prévisions and the transactions carrying it.
    case tag
    /// Income, expenses, savings.
    case kind
}
