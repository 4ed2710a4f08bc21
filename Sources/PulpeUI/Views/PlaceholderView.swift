import PulpeTerminal

/// What a panel shows while its data loads: grey frames where the figures will be, never
/// zeros (a zero is a statement about money; a grey bar is only « not yet »).
public enum PlaceholderView {
    /// Draws a framed block with shaded bars of varying lengths, like the Pulpe skeletons.
    public static func draw(in rect: Rect, title: String?, into painter: inout Painter) {
        guard rect.width >= 4, rect.height >= 3 else { return }
        painter.box(rect, style: Style(role: .placeholder), title: title)
        let inner = Rect(x: rect.x + 2, y: rect.y + 1, width: rect.width - 4, height: rect.height - 2)
        let lengths = [0.6, 0.9, 0.4, 0.75, 0.5]
        for row in 0..<inner.height where row % 2 == 1 {
            let fraction = lengths[(row / 2) % lengths.count]
            let length = max(1, Int(Double(inner.width) * fraction))
            let bar = String(repeating: painter.glyphs.shade, count: length)
            painter.text(bar, x: inner.x, y: inner.y + row, style: Style(role: .placeholder), clip: inner)
        }
    }
}
