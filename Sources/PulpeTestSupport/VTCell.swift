/// A colour as set by SGR: the terminal default, one of the 256 indexed colours, or 24-bit RGB.
public enum VTColor: Sendable, Hashable, CustomStringConvertible {
    case `default`
    case indexed(UInt8)
    case rgb(UInt8, UInt8, UInt8)

    public var description: String {
        switch self {
        case .default: return "default"
        case .indexed(let i): return "\(i)"
        case .rgb(let r, let g, let b): return "#" + [r, g, b].map { String(format2hex: $0) }.joined()
        }
    }
}

/// SGR attributes of a cell.
public struct VTAttributes: OptionSet, Sendable, Hashable {
    public let rawValue: UInt16
    public init(rawValue: UInt16) { self.rawValue = rawValue }
    public static let bold = VTAttributes(rawValue: 1 << 0)
    public static let dim = VTAttributes(rawValue: 1 << 1)
    public static let italic = VTAttributes(rawValue: 1 << 2)
    public static let underline = VTAttributes(rawValue: 1 << 3)
    public static let blink = VTAttributes(rawValue: 1 << 4)
    public static let reverse = VTAttributes(rawValue: 1 << 5)
    public static let invisible = VTAttributes(rawValue: 1 << 6)
    public static let strikethrough = VTAttributes(rawValue: 1 << 7)

    /// Names in a fixed order, for style legends in golden files.
    static let names: [(VTAttributes, String)] = [
        (.bold, "bold"), (.dim, "dim"), (.italic, "italic"), (.underline, "underline"), (.blink, "blink"),
        (.reverse, "reverse"), (.invisible, "invisible"), (.strikethrough, "strike"),
    ]
}

/// The rendition of a cell: attributes plus foreground and background colour.
public struct VTStyle: Sendable, Hashable, CustomStringConvertible {
    public var attributes: VTAttributes = []
    public var foreground: VTColor = .default
    public var background: VTColor = .default

    public init(attributes: VTAttributes = [], foreground: VTColor = .default,
                background: VTColor = .default) {
        self.attributes = attributes
        self.foreground = foreground
        self.background = background
    }

    public static let plain = VTStyle()

    public var isBold: Bool { attributes.contains(.bold) }
    public var isReverse: Bool { attributes.contains(.reverse) }

    /// e.g. `bold reverse fg=1 bg=default` -> "bold reverse fg=1"; "plain" when nothing is set.
    public var description: String {
        var parts = VTAttributes.names.filter { attributes.contains($0.0) }.map(\.1)
        if foreground != .default { parts.append("fg=\(foreground)") }
        if background != .default { parts.append("bg=\(background)") }
        return parts.isEmpty ? "plain" : parts.joined(separator: " ")
    }
}

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
