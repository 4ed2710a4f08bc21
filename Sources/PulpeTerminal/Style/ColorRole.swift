/// A semantic colour role.
///
/// Views say *what* a piece of text is (a title, a negative amount, a placeholder) and the
/// backend decides *how* it looks for the terminal at hand (256 colours, 16 colours, or
/// attributes only). That keeps views free of raw colour numbers and lets `NO_COLOR` and
/// monochrome terminals degrade gracefully.
public enum ColorRole: String, CaseIterable, Hashable, Sendable {
    /// Ordinary text in the terminal's default colours.
    case normal
    /// Interactive or brand-coloured elements (keys in the footer, links, the focused item).
    case accent
    /// Secondary information (dates, hints, labels).
    case muted
    /// Money coming in, success messages.
    case positive
    /// Money going out beyond budget, errors.
    case negative
    /// Warnings: close to the limit, offline, stale data.
    case warning
    /// Screen and panel titles.
    case title
    /// Box borders and rules.
    case border
    /// Something that must catch the eye (a search match, the current period).
    case highlight
    /// Skeleton placeholders shown while data loads.
    case placeholder
    /// The selected row of a list.
    case selection

    /// The one-letter code used by `CellBuffer.styleLines()` golden files.
    ///
    /// Legend: `.` normal, `a` accent, `m` muted, `p` positive, `n` negative, `w` warning,
    /// `t` title, `b` border, `h` highlight, `o` placeholder, `s` selection.
    public var goldenCode: Character {
        switch self {
        case .normal: "."
        case .accent: "a"
        case .muted: "m"
        case .positive: "p"
        case .negative: "n"
        case .warning: "w"
        case .title: "t"
        case .border: "b"
        case .highlight: "h"
        case .placeholder: "o"
        case .selection: "s"
        }
    }
}
