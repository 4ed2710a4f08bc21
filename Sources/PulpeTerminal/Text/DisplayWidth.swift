import PulpeDomain

/// Display width of scalars and characters in terminal cells.
extension Unicode.Scalar {
    /// Cells this scalar occupies on its own: 0 for combining marks and zero-width format
    /// characters, 2 for East Asian Wide/Fullwidth and emoji-presentation characters,
    /// 1 otherwise. Control characters count as 1 because the cell buffer draws them as a
    /// space (see `isTerminalControl`, PulpeDomain's, which the shell uses too).
    public var terminalWidth: Int {
        let v = value
        if v < 0x7F { return 1 }                       // ASCII fast path (controls included)
        if isTerminalControl { return 1 }
        if v == 0x00AD { return 1 }                    // soft hyphen is visible in terminals
        if v < 0x0300 { return 1 }                     // Latin-1 and Latin Extended (French text): no marks below U+0300
        if isZeroWidth { return 0 }
        if v >= 0x1100, WidthTables.contains(WidthTables.wide, v) { return 2 }
        return 1
    }

    /// Combining marks (Mn, Me), format characters (Cf: ZWJ, ZWSP, bidi controls, variation
    /// selectors are Mn) and conjoining Hangul jamo: they attach to the previous cell.
    var isZeroWidth: Bool {
        switch properties.generalCategory {
        case .nonspacingMark, .enclosingMark: return true
        case .format: return !WidthTables.contains(WidthTables.visibleFormat, value)
        default: return WidthTables.contains(WidthTables.extraZero, value)
        }
    }
}

extension Character {
    /// Cells this character (an extended grapheme cluster) occupies.
    ///
    /// The first scalar decides, exactly as ncursesw does: it stores a cluster as one spacing
    /// character plus combining marks, so `e` + U+0301 is 1 cell and a lone U+0301 is 0.
    /// Consequences worth knowing: an emoji followed by U+FE0F keeps the width of its base
    /// (❤️ is 1, as glibc `wcwidth` says), and a flag (two regional indicators) is 1.
    public var displayWidth: Int {
        guard let first = unicodeScalars.first else { return 0 }
        return first.terminalWidth
    }
}
