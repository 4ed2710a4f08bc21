/// Maps colour roles to colours (256 and 16) or to attributes (no colour).
///
/// The 16-colour palette only uses the 8 basic colours (0–7) because terminals such as
/// the Linux console report 8 colours; bright variants come from bold. Backgrounds stay the
/// terminal's own (`use_default_colors`) except for selection in 256 colours.
public enum Palette {
    /// The colours and extra attributes of `role` at `depth` (the role's own contribution,
    /// without the style's attributes).
    public static func base(for role: ColorRole, depth: ColorDepth) -> ResolvedStyle {
        switch depth {
        case .ansi256: return ansi256(role)
        case .ansi16: return ansi16(role)
        case .none: return monochrome(role)
        }
    }

    /// The full look of `style` at `depth`: the role's base look plus the style's attributes.
    public static func resolve(_ style: Style, depth: ColorDepth) -> ResolvedStyle {
        var r = base(for: style.role, depth: depth)
        r.bold = r.bold || style.bold
        r.dim = r.dim || style.dim
        r.reverse = r.reverse || style.reverse
        r.underline = r.underline || style.underline
        return r
    }

    // ANSI colour numbers (the curses COLOR_* constants).
    private static let red = 1, green = 2, yellow = 3, blue = 4, cyan = 6

    private static func ansi256(_ role: ColorRole) -> ResolvedStyle {
        switch role {
        case .normal: ResolvedStyle()
        case .accent: ResolvedStyle(foreground: 37)              // teal #00afaf
        case .muted: ResolvedStyle(foreground: 245)              // grey #8a8a8a
        case .positive: ResolvedStyle(foreground: 71)            // green #5faf5f
        case .negative: ResolvedStyle(foreground: 167)           // red #d75f5f
        case .warning: ResolvedStyle(foreground: 214)            // orange #ffaf00
        case .title: ResolvedStyle(foreground: 37, bold: true)
        case .border: ResolvedStyle(foreground: 240)             // dark grey #585858
        case .highlight: ResolvedStyle(foreground: 220, bold: true) // gold #ffd700
        case .placeholder: ResolvedStyle(foreground: 239)        // #4e4e4e
        case .selection: ResolvedStyle(foreground: 231, background: 24) // white on #005f87
        }
    }

    private static func ansi16(_ role: ColorRole) -> ResolvedStyle {
        switch role {
        case .normal: ResolvedStyle()
        case .accent: ResolvedStyle(foreground: cyan)
        case .muted: ResolvedStyle(dim: true)
        case .positive: ResolvedStyle(foreground: green)
        case .negative: ResolvedStyle(foreground: red)
        case .warning: ResolvedStyle(foreground: yellow)
        case .title: ResolvedStyle(foreground: cyan, bold: true)
        case .border: ResolvedStyle(foreground: blue)
        case .highlight: ResolvedStyle(foreground: yellow, bold: true)
        case .placeholder: ResolvedStyle(dim: true)
        case .selection: ResolvedStyle(reverse: true)
        }
    }

    private static func monochrome(_ role: ColorRole) -> ResolvedStyle {
        switch role {
        case .normal, .positive, .border: ResolvedStyle()
        case .accent, .title, .highlight, .negative, .warning: ResolvedStyle(bold: true)
        case .muted, .placeholder: ResolvedStyle(dim: true)
        case .selection: ResolvedStyle(reverse: true)
        }
    }
}
