/// One screen cell. A wide character (CJK, most emoji) occupies two cells: the first holds the character
/// with `width == 2`, the second is a continuation with `width == 0` that text rendering skips.
public struct VTCell: Sendable, Hashable {
    public var character: Character
    public var width: UInt8
    public var style: VTStyle

    public init(character: Character = " ", width: UInt8 = 1, style: VTStyle = .plain) {
        self.character = character
        self.width = width
        self.style = style
    }

    public var isContinuation: Bool { width == 0 }

    /// An erased cell: blank, keeping only the background colour (xterm's back-colour-erase, which
    /// ncurses relies on for TERM=xterm-256color).
    static func blank(_ style: VTStyle) -> VTCell {
        VTCell(character: " ", width: 1, style: VTStyle(background: style.background))
    }
}

extension String {
    init(format2hex value: UInt8) {
        let digits = Array("0123456789abcdef")
        self = String([digits[Int(value >> 4)], digits[Int(value & 0xf)]])
    }
}
