import PulpeTerminal

/// The border of a panel, with its title (and an optional muted subtitle) in the top edge, and the
/// horizontal rules that split it into sections.
///
/// The title is written by hand rather than through `Painter.box(title:)` so the period dates of a
/// pay-day month can follow it in a quieter colour: `┌─ Novembre 2026 ─ 25.10. – 24.11. ─┐`.
enum PanelFrame {
    /// The border colour: the focused panel (the one `Tab` moved to) stands out.
    static func borderStyle(focused: Bool) -> Style {
        Style(role: focused ? .accent : .border)
    }

    /// Draws the border and title; returns the area inside the border.
    @discardableResult
    static func draw(in rect: Rect, title: String, subtitle: String? = nil, focused: Bool,
                     into painter: inout Painter) -> Rect {
        guard rect.width >= 2, rect.height >= 2 else { return .zero }
        painter.box(rect, style: borderStyle(focused: focused))
        // "┌─ " … " ─┐": the title lives between one rule cell on each side.
        let room = rect.width - 4
        guard room >= 3 else { return rect.inset(by: 1) }
        let titleText = painter.fitted(" \(title) ", width: room)
        var x = rect.x + 2
        x += painter.text(titleText, x: x, y: rect.y, style: .title)
        if let subtitle {
            // Keep one rule cell between title and subtitle, and one before the corner.
            let left = rect.maxX - 2 - (x + 1)
            let shown = painter.shown(" \(subtitle) ")
            if shown.displayWidth <= left {
                painter.text(shown, x: x + 1, y: rect.y, style: .muted)
            }
        }
        return rect.inset(by: 1)
    }

    /// A rule across the whole panel on row `y`, joined to its sides (`├─ Title ── trailing ─┤`).
    /// `trailing` (a count, a scroll position) is right-aligned and dropped first when space is short.
    static func rule(across frame: Rect, y: Int, title: String, trailing: String? = nil, focused: Bool,
                     into painter: inout Painter) {
        guard frame.width >= 2 else { return }
        let box = painter.glyphs.lightBox
        let line = box.leftTee + String(repeating: box.horizontal, count: frame.width - 2) + box.rightTee
        painter.text(line, x: frame.x, y: y, style: borderStyle(focused: focused))
        let room = frame.width - 4
        guard room >= 3 else { return }
        let titleText = painter.fitted(" \(title) ", width: room)
        let used = painter.text(titleText, x: frame.x + 2, y: y, style: .title)
        if let trailing {
            let shown = painter.shown(" \(trailing) ")
            let start = frame.maxX - 2 - shown.displayWidth
            if start > frame.x + 2 + used {
                painter.text(shown, x: start, y: y, style: .muted)
            }
        }
    }
}
