import PulpeTerminal

/// A cell buffer plus the terminal's capabilities: every string goes through here so that in
/// ASCII mode French typography (é, ’, —, « ») is folded to plain ASCII and never prints garbage.
public struct Painter {
    public private(set) var buffer: CellBuffer
    public let glyphs: Glyphs
    public let unicode: Bool

    public init(width: Int, height: Int, context: ViewContext) {
        buffer = CellBuffer(width: width, height: height)
        glyphs = context.glyphs
        unicode = context.capabilities.unicode
    }

    public var bounds: Rect { Rect(x: 0, y: 0, width: buffer.width, height: buffer.height) }

    /// The text as it will be shown on this terminal.
    public func shown(_ text: String) -> String { unicode ? text : Glyphs.sanitize(text) }

    @discardableResult
    public mutating func text(_ text: String, x: Int, y: Int, style: Style = Style(), clip: Rect? = nil) -> Int {
        buffer.write(shown(text), at: x, y: y, style: style, clip: clip)
    }

    /// Writes `text` centred on row `y` of `rect` (truncated with an ellipsis if too wide).
    public mutating func centered(_ text: String, in rect: Rect, y: Int, style: Style = Style()) {
        let fitted = shown(text).truncated(toWidth: rect.width, ellipsis: glyphs.ellipsis)
        let x = rect.x + max(0, (rect.width - fitted.displayWidth) / 2)
        buffer.write(fitted, at: x, y: y, style: style, clip: rect)
    }

    public mutating func fill(_ rect: Rect, with character: Character = " ", style: Style = Style()) {
        buffer.fill(rect, with: character, style: style)
    }

    public mutating func box(_ rect: Rect, style: Style = Style(role: .border), title: String? = nil) {
        buffer.drawBox(rect, style: style, title: title.map(shown), glyphs: glyphs)
    }

    /// A form over the screen: cleared, framed in the accent colour with its title, centred
    /// (never over the header's first row), at most `width` wide with 2 columns of screen aside.
    public mutating func formBox(width: Int, height: Int, title: String) -> Rect {
        let boxWidth = min(width, bounds.width - 4)
        let box = Rect(x: (bounds.width - boxWidth) / 2, y: max(1, (bounds.height - height) / 2), width: boxWidth, height: height)
        fill(box)
        self.box(box, style: Style(role: .accent), title: title)
        return box
    }
}
