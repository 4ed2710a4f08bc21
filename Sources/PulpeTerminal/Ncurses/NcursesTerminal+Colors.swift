import CNcursesw

/// Colour pairs and the style → ncurses attribute mapping.
extension NcursesTerminal {
    /// Starts colour and creates one pair per coloured role, or does nothing when the
    /// capabilities say no colour (styles then rely on bold, dim and reverse: see `Palette`).
    ///
    /// `use_default_colors` keeps the user's background (and foreground for `.normal`);
    /// without it, "default" falls back to white on black.
    func setUpColors() {
        rolePairs = [:]
        styleCache = [:]
        guard capabilities.colorDepth != .none else { return }
        guard start_color() == OK else { capabilities.colorDepth = .none; return }
        if capabilities.colorDepth == .ansi256, cnc_colors() < 256 { capabilities.colorDepth = .ansi16 }
        let hasDefaults = use_default_colors() == OK
        let defaultForeground = hasDefaults ? -1 : Int(COLOR_WHITE)
        let defaultBackground = hasDefaults ? -1 : Int(COLOR_BLACK)
        var next: Int16 = 1
        for role in ColorRole.allCases {
            let look = Palette.base(for: role, depth: capabilities.colorDepth)
            guard look.usesColor, Int(next) < cnc_color_pairs() else { continue }
            let fg = Int16(look.foreground ?? defaultForeground)
            let bg = Int16(look.background ?? defaultBackground)
            if init_pair(next, fg, bg) == OK {
                rolePairs[role] = next
                next += 1
            }
        }
    }

    /// ncurses attributes and colour pair for `style`, memoised.
    func cursesAttributes(for style: Style) -> (attributes: attr_t, pair: Int16) {
        if let cached = styleCache[style] { return cached }
        let look = Palette.resolve(style, depth: capabilities.colorDepth)
        var attributes = cnc_a_normal()
        if look.bold { attributes |= cnc_a_bold() }
        if look.dim { attributes |= cnc_a_dim() }
        if look.reverse { attributes |= cnc_a_reverse() }
        if look.underline { attributes |= cnc_a_underline() }
        let result = (attributes: attributes, pair: rolePairs[style.role] ?? 0)
        styleCache[style] = result
        return result
    }
}
