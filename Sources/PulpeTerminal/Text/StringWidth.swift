/// Width-aware string helpers used to lay text out in cells.
///
/// All of them count terminal cells (`Character.displayWidth`), never characters or bytes,
/// so accents, typographic punctuation and wide CJK/emoji characters line up in columns.
extension String {
    /// Cells this string occupies when drawn on one line.
    public var displayWidth: Int {
        var total = 0
        for ch in self { total += ch.displayWidth }
        return total
    }

    /// The string cut to at most `width` cells, ending with `ellipsis` when something was cut.
    ///
    /// A wide character is never split: if only one cell is left for it, a space is used
    /// instead, so a truncated result is always exactly `width` cells wide. When the ellipsis
    /// itself is wider than `width`, the ellipsis is cut hard.
    public func truncated(toWidth width: Int, ellipsis: String = "…") -> String {
        guard width > 0 else { return "" }
        if displayWidth <= width { return self }
        let ellipsisWidth = ellipsis.displayWidth
        if ellipsisWidth > width { return ellipsis.clipped(toWidth: width) }
        return prefix(fittingWidth: width - ellipsisWidth, padWideSplit: true) + ellipsis
    }

    /// The string cut hard to at most `width` cells (no ellipsis). A wide character that
    /// would be split becomes a space, so the result is exactly `width` cells when cut.
    public func clipped(toWidth width: Int) -> String {
        guard width > 0 else { return "" }
        if displayWidth <= width { return self }
        return prefix(fittingWidth: width, padWideSplit: true)
    }

    /// The string fitted to exactly `width` cells: truncated with `ellipsis` when too long,
    /// padded with spaces according to `alignment` when too short.
    public func padded(toWidth width: Int, alignment: TextAlignment = .left, ellipsis: String = "…") -> String {
        guard width > 0 else { return "" }
        let fitted = truncated(toWidth: width, ellipsis: ellipsis)
        let spare = width - fitted.displayWidth
        guard spare > 0 else { return fitted }
        switch alignment {
        case .left:
            return fitted + String(repeating: " ", count: spare)
        case .right:
            return String(repeating: " ", count: spare) + fitted
        case .center:
            let left = spare / 2
            return String(repeating: " ", count: left) + fitted + String(repeating: " ", count: spare - left)
        }
    }

    /// Shorthand for `padded(toWidth:alignment: .left)`.
    public func leftAligned(toWidth width: Int) -> String { padded(toWidth: width, alignment: .left) }
    /// Shorthand for `padded(toWidth:alignment: .right)`: amounts in columns.
    public func rightAligned(toWidth width: Int) -> String { padded(toWidth: width, alignment: .right) }
    /// Shorthand for `padded(toWidth:alignment: .center)`: titles and dialogs.
    public func centered(toWidth width: Int) -> String { padded(toWidth: width, alignment: .center) }

    /// The longest prefix that fits in `width` cells; optionally padded with one space when
    /// the next character is wide and only one cell remained.
    private func prefix(fittingWidth width: Int, padWideSplit: Bool) -> String {
        var result = ""
        var used = 0
        for ch in self {
            let w = ch.displayWidth
            if used + w > width {
                if padWideSplit, used < width { result.append(" ") }
                break
            }
            result.append(ch)
            used += w
        }
        return result
    }
}
