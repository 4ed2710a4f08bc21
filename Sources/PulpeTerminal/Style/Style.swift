/// How a cell looks: a semantic colour role plus text attributes.
///
/// Styles are small value types so that the cell buffer can compare them cheaply when it
/// computes which cells changed between two frames.
public struct Style: Hashable, Sendable {
    /// The semantic colour of the text.
    public var role: ColorRole
    /// Bold (or bright, depending on the terminal).
    public var bold: Bool
    /// Dim / faint; used for de-emphasis where colour is unavailable.
    public var dim: Bool
    /// Reverse video; the fallback for selection on monochrome terminals.
    public var reverse: Bool
    /// Underline.
    public var underline: Bool

    /// Creates a style; every attribute defaults to off.
    public init(role: ColorRole = .normal, bold: Bool = false, dim: Bool = false,
                reverse: Bool = false, underline: Bool = false) {
        self.role = role
        self.bold = bold
        self.dim = dim
        self.reverse = reverse
        self.underline = underline
    }

    // MARK: Presets (one per role, plus a bold plain style)

    /// Terminal default colours, no attributes. Also what blank cells use.
    public static let normal = Style()
    /// Plain text in bold.
    public static let strong = Style(bold: true)
    public static let accent = Style(role: .accent)
    public static let muted = Style(role: .muted)
    public static let positive = Style(role: .positive)
    public static let negative = Style(role: .negative)
    public static let warning = Style(role: .warning)
    /// Titles are bold so they stand out even without colour.
    public static let title = Style(role: .title, bold: true)
    public static let border = Style(role: .border)
    public static let highlight = Style(role: .highlight, bold: true)
    public static let placeholder = Style(role: .placeholder)
    public static let selection = Style(role: .selection)

    // MARK: Modifiers (return a copy, so presets can be refined inline)

    /// This style in bold.
    public var bolded: Style { var s = self; s.bold = true; return s }
    /// This style dimmed.
    public var dimmed: Style { var s = self; s.dim = true; return s }
    /// This style in reverse video.
    public var reversed: Style { var s = self; s.reverse = true; return s }
    /// This style underlined.
    public var underlined: Style { var s = self; s.underline = true; return s }
    /// The same attributes with another role.
    public func with(role: ColorRole) -> Style { var s = self; s.role = role; return s }
}
