/// The pieces of a box, as strings so they go through the cell buffer like any text.
/// Tee names follow ncurses (`ACS_LTEE` is `├`, the tee on the left side of a box).
public struct BoxGlyphs: Hashable, Sendable {
    public let topLeft: String
    public let topRight: String
    public let bottomLeft: String
    public let bottomRight: String
    public let horizontal: String
    public let vertical: String
    /// `├`: a rule meeting the left side.
    public let leftTee: String
    /// `┤`: a rule meeting the right side.
    public let rightTee: String
    /// `┬`: a rule meeting the top.
    public let topTee: String
    /// `┴`: a rule meeting the bottom.
    public let bottomTee: String
    /// `┼`: two rules crossing.
    public let cross: String

    /// Builds a set from an 11-character pattern in the order of the properties:
    /// top-left, top-right, bottom-left, bottom-right, horizontal, vertical, left tee,
    /// right tee, top tee, bottom tee, cross.
    init(_ pattern: String) {
        let p = pattern.map(String.init)
        precondition(p.count == 11, "box pattern needs 11 glyphs")
        topLeft = p[0]; topRight = p[1]; bottomLeft = p[2]; bottomRight = p[3]
        horizontal = p[4]; vertical = p[5]
        leftTee = p[6]; rightTee = p[7]; topTee = p[8]; bottomTee = p[9]; cross = p[10]
    }

    public static let light = BoxGlyphs("┌┐└┘─│├┤┬┴┼")
    public static let heavy = BoxGlyphs("┏┓┗┛━┃┣┫┳┻╋")
    public static let rounded = BoxGlyphs("╭╮╰╯─│├┤┬┴┼")
    public static let ascii = BoxGlyphs("++++-|+++++")
}
