import PulpeTerminal

/// A one-column scroll bar beside a list: a thin track with a thumb whose size and position say
/// which part of the list is on screen. Drawn only when the list does not fit.
enum ScrollIndicator {
    /// Draws in column `x`, rows `y ..< y + height`, for `count` rows of which `visible` are shown
    /// from `offset`.
    static func draw(x: Int, y: Int, height: Int, count: Int, visible: Int, offset: Int, into painter: inout Painter) {
        guard height > 0, count > visible, visible > 0 else { return }
        let thumb = max(1, min(height, height * visible / count))
        let travel = height - thumb
        let maxOffset = count - visible
        let start = maxOffset > 0 ? (travel * min(max(offset, 0), maxOffset) + maxOffset / 2) / maxOffset : 0
        let track = painter.glyphs.lightBox.vertical
        let block = painter.glyphs.barBlocks[0]
        for row in 0..<height {
            let inThumb = row >= start && row < start + thumb
            painter.text(inThumb ? block : track, x: x, y: y + row, style: Style(role: inThumb ? .accent : .border))
        }
    }

    /// `51–70 / 300`: the same information as text, for the section rule (and screen readers).
    static func position(offset: Int, visible: Int, count: Int, format: (Int) -> String = { String($0) }) -> String {
        let first = min(count, offset + 1)
        let last = min(count, offset + visible)
        return "\(format(first))\u{2013}\(format(last)) / \(format(count))"
    }
}
