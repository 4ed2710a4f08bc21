/// The concrete look of a `Style` for a given colour depth, before it is turned into
/// ncurses attributes.
///
/// Kept pure (no ncurses) so that the colour policy (what `.selection` looks like without
/// colour, which 256-colour index `.negative` uses) is unit-tested and documented in one place.
public struct ResolvedStyle: Hashable, Sendable {
    /// Foreground colour index, `nil` for the terminal default.
    public var foreground: Int?
    /// Background colour index, `nil` for the terminal default.
    public var background: Int?
    public var bold: Bool
    public var dim: Bool
    public var reverse: Bool
    public var underline: Bool

    public init(foreground: Int? = nil, background: Int? = nil, bold: Bool = false,
                dim: Bool = false, reverse: Bool = false, underline: Bool = false) {
        self.foreground = foreground
        self.background = background
        self.bold = bold
        self.dim = dim
        self.reverse = reverse
        self.underline = underline
    }

    /// True when the style needs a colour pair other than the default pair 0.
    public var usesColor: Bool { foreground != nil || background != nil }
}
