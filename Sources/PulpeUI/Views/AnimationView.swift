import PulpeTerminal

/// Draws one frame of an animation centred in a rectangle, cropping symmetrically when the
/// rectangle is smaller than the drawing (the middle of a picture matters most).
/// `package` so the fuzz harness draws every parsed animation as the splash does.
package enum AnimationView {
    package static func draw(_ player: AnimationPlayer, at elapsed: Duration, in rect: Rect, into painter: inout Painter, style: Style) {
        let animation = player.animation
        let frame = player.frame(at: elapsed)
        // Centre the animation's bounding box, not each frame, so frames don't jump around.
        let left = rect.x + (rect.width - animation.width) / 2
        let top = rect.y + (rect.height - animation.height) / 2
        for (row, line) in frame.lines.enumerated() {
            let y = top + row
            guard y >= rect.y, y < rect.y + rect.height else { continue }
            let hints = row < frame.roleHints.count ? Array(frame.roleHints[row]) : []
            for (column, character) in line.enumerated() where character != " " {
                let hint = column < hints.count ? AnimationRoleHint(rawValue: hints[column]) : nil
                painter.text(String(character), x: left + column, y: y, style: hint.map(Self.style(for:)) ?? style, clip: rect)
            }
        }
    }

    static func style(for hint: AnimationRoleHint) -> Style {
        switch hint {
        case .accent: Style(role: .accent, bold: true)
        case .muted: Style(role: .muted)
        case .positive: Style(role: .positive)
        case .negative: Style(role: .negative)
        case .warning: Style(role: .warning)
        case .title: Style(role: .title, bold: true)
        }
    }
}
