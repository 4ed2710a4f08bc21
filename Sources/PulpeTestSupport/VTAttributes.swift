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
