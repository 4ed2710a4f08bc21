/// The tag's history chart (`H`): planned against actual over 3, 6, 12 or 24 months.
public enum TagChartAction: Hashable, Sendable, CaseIterable {
    /// `H`: the selected row's first tag (else the one the filter's `#` word names).
    case open
    /// `→` `Tab`: a longer window (3 → 6 → 12 → 24).
    case widen
    /// `←`: a shorter one.
    case narrow
    /// `t`: the row's next tag.
    case nextTag
}
