/// One terminal cell: a grapheme and its style.
///
/// A wide character (CJK, emoji) occupies two cells: the first holds the grapheme, the
/// second is a *continuation* cell (empty grapheme) that only reserves the space. Keeping
/// the continuation explicit makes column arithmetic trivial (index = column) and lets the
/// buffer repair the other half when a write lands on one half of a wide character.
public struct Cell: Hashable, Sendable {
    /// The grapheme drawn in this cell: one `Character`, or `""` for a continuation cell.
    public let grapheme: String
    /// The style of the cell. For a wide character the leading cell's style is the one drawn.
    public var style: Style
    /// True when the grapheme occupies this cell and the next one.
    public let isWide: Bool

    /// A cell holding `character`. Callers (the buffer) guarantee it is 1 or 2 cells wide.
    public init(_ character: Character, style: Style = .normal) {
        self.grapheme = String(character)
        self.style = style
        self.isWide = character.displayWidth == 2
    }

    private init(continuationWith style: Style) {
        self.grapheme = ""
        self.style = style
        self.isWide = false
    }

    /// The second half of a wide character.
    public static func continuation(style: Style = .normal) -> Cell {
        Cell(continuationWith: style)
    }

    /// A space in the default style: what a fresh buffer is filled with.
    public static let blank = Cell(" ")

    /// True for the second half of a wide character.
    public var isContinuation: Bool { grapheme.isEmpty }

    /// The cheap parts first: frames are diffed cell by cell, and most cells that differ differ
    /// in style or width before their grapheme is looked at.
    public static func == (lhs: Cell, rhs: Cell) -> Bool {
        lhs.isWide == rhs.isWide && lhs.style == rhs.style && lhs.grapheme == rhs.grapheme
    }
}
