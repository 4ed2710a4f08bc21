import PulpeCore
import PulpeTerminal

/// The layout shared by full-screen messages (maintenance, « Connexion impossible »): an optional
/// picture on top, then a title, a paragraph wrapped to the width, and short lines under it.
struct MessageScreen {
    var title: String
    var titleStyle: Style
    var paragraph: String
    /// Lines under the paragraph: actions, feedback, countdowns.
    var lines: [(text: String, style: Style)]

    /// Draws centred in `rect`, below up to `pictureHeight` rows kept for a picture (fewer when the
    /// text needs them); returns the rows the picture got, so it never covers the title.
    func draw(in rect: Rect, pictureHeight: Int, into painter: inout Painter) -> (top: Int, height: Int) {
        let textWidth = min(rect.width - 4, 64)
        let wrapped = TextWrap.lines(painter.shown(paragraph), width: max(10, textWidth))
        let blockHeight = 2 + wrapped.count + 1 + lines.count
        let picture = min(pictureHeight, max(0, rect.height - blockHeight - 1))
        var y = rect.y + max(0, (rect.height - blockHeight - picture) / 2) + picture
        let pictureTop = y - picture
        painter.centered(title, in: rect, y: y, style: titleStyle)
        y += 2
        for line in wrapped {
            painter.centered(line, in: rect, y: y)
            y += 1
        }
        y += 1
        for line in lines {
            painter.centered(line.text, in: rect, y: y, style: line.style)
            y += 1
        }
        return (pictureTop, picture)
    }
}
