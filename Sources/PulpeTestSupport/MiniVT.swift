/// A small xterm screen model: enough of what ncurses emits for TERM=xterm-256color to assert on what a
/// user would see. Cursor motion (CUP, HPA/VPA, relative), erase (ED/EL/ECH), insert/delete (ICH/DCH/IL/DL),
/// REP, scroll regions, autowrap, insert mode, SGR (attributes and colours per cell), UTF-8 with wide
/// characters, DEC special graphics, the alternate screen and the cursor-visibility / cursor-key modes.
///
/// Rows and columns are 0-based everywhere. It is a value type: copy it to keep a snapshot of a frame.
public struct MiniVT: Sendable {
    public private(set) var rows: Int
    public private(set) var cols: Int
    /// Cells of the screen being shown (the alternate one while `isAlternateScreen`).
    public internal(set) var cells: [[VTCell]]
    /// Cells of the screen not being shown.
    var hiddenCells: [[VTCell]]
    public internal(set) var cursorRow = 0
    public internal(set) var cursorCol = 0
    public internal(set) var isAlternateScreen = false
    /// Private (DEC) modes currently set with `ESC [ ? n h`. Starts with autowrap (7) and cursor visible (25).
    public internal(set) var privateModes: Set<Int> = [7, 25]
    /// `ESC =` (application keypad) versus `ESC >`.
    public internal(set) var applicationKeypad = false
    /// IRM (`ESC [ 4 h`): printed characters push the rest of the line right.
    public internal(set) var insertMode = false
    /// Window title from OSC 0 / OSC 2.
    public internal(set) var title = ""
    /// Number of non-blank characters printed so far.
    public internal(set) var glyphsWritten = 0
    /// How many times the whole screen was cleared (ED 2, entering the alternate screen, RIS).
    public internal(set) var fullClears = 0
    /// Non-blank characters printed since the last full clear.
    public internal(set) var glyphsSinceFullClear = 0

    /// Current rendition applied to printed characters.
    var style = VTStyle.plain
    var pendingWrap = false
    var scrollTop = 0
    var scrollBottom: Int
    var lastPrinted: Unicode.Scalar = " "
    var charsets: (g0: Bool, g1: Bool) = (false, false) // true = DEC special graphics
    var shiftedOut = false // SO selects G1, SI selects G0
    var savedCursor = SavedCursor()
    var savedCursorAlternate = SavedCursor()
    var parser = ParserState()
    /// Answers to queries (cursor position report...), to be written back to the app.
    var replies: [UInt8] = []

    struct SavedCursor: Sendable {
        var row = 0, col = 0
        var style = VTStyle.plain
        var charsets: (g0: Bool, g1: Bool) = (false, false)
        var shiftedOut = false
        var pendingWrap = false
    }

    public init(rows: Int, cols: Int) {
        precondition(rows > 0 && cols > 0, "a screen needs at least one cell")
        self.rows = rows
        self.cols = cols
        cells = Array(repeating: Array(repeating: VTCell(), count: cols), count: rows)
        hiddenCells = cells
        scrollBottom = rows - 1
    }

    // MARK: Reading the screen

    public var cursorVisible: Bool { privateModes.contains(25) }
    /// DECCKM (`ESC [ ? 1 h`, sent by ncurses' `keypad(TRUE)`): cursor keys are sent as `ESC O A`.
    public var applicationCursorKeys: Bool { privateModes.contains(1) }
    public var autowrap: Bool { privateModes.contains(7) }
    /// Whether any mouse reporting mode (1000/1002/1003) is on.
    public var mouseReporting: Bool { !privateModes.isDisjoint(with: [9, 1000, 1002, 1003]) }
    /// True once something other than blanks was printed after the screen was cleared or switched to the
    /// alternate screen: the first frame of a full-screen app has been painted.
    public var hasPaintedFrame: Bool { fullClears > 0 && glyphsSinceFullClear > 0 }
    public var cursor: (row: Int, col: Int) { (cursorRow, cursorCol) }

    /// Row `y` with every cell, trailing blanks included (a wide character counts once).
    public func row(_ y: Int) -> String {
        var s = ""
        s.reserveCapacity(cols)
        for cell in cells[y] where !cell.isContinuation { s.append(cell.character) }
        return s
    }

    /// Row `y` with trailing spaces removed.
    public func line(_ y: Int) -> String {
        var s = row(y)
        while s.last == " " { s.removeLast() }
        return s
    }

    /// All rows, trailing spaces trimmed, joined with newlines (trailing empty rows are kept).
    public var text: String { (0..<rows).map(line).joined(separator: "\n") }

    /// All rows, untrimmed, as used by golden files.
    public var rowsText: [String] { (0..<rows).map(row) }

    /// Style of the cell at (`y`, `x`).
    public func style(row y: Int, col x: Int) -> VTStyle { cells[y][x].style }

    /// Column (cell index) where `needle` starts in row `y`, counting wide characters as two, or nil.
    public func column(of needle: String, inRow y: Int) -> Int? {
        let text = row(y)
        guard let range = text.range(of: needle) else { return nil }
        return VTWidth.of(text[..<range.lowerBound])
    }

    /// Styles of `count` cells of the first occurrence of `needle` on the screen (nil when absent).
    public func styles(of needle: String) -> [VTStyle]? {
        for y in 0..<rows {
            if let x = column(of: needle, inRow: y) {
                let end = min(cols, x + VTWidth.of(needle))
                return (x..<end).map { cells[y][$0].style }
            }
        }
        return nil
    }

    /// Whether private mode `mode` is set (e.g. 1049 alternate screen, 2004 bracketed paste, 1006 SGR mouse).
    public func isPrivateModeSet(_ mode: Int) -> Bool { privateModes.contains(mode) }

    // MARK: Feeding

    /// Interprets bytes written by the application.
    public mutating func feed<S: Sequence>(_ bytes: S) where S.Element == UInt8 {
        for b in bytes { step(b) }
    }

    /// Convenience for unit tests: interprets the UTF-8 of `text`.
    public mutating func feed(_ text: String) { feed(text.utf8) }

    /// Returns and clears the answers to terminal queries that must be written back to the app.
    public mutating func takeReplies() -> [UInt8] {
        defer { replies = [] }
        return replies
    }

    /// New size, keeping the top-left content as a terminal does before the app repaints.
    public mutating func resize(rows newRows: Int, cols newCols: Int) {
        precondition(newRows > 0 && newCols > 0, "a screen needs at least one cell")
        func fit(_ grid: [[VTCell]]) -> [[VTCell]] {
            var out = Array(repeating: Array(repeating: VTCell(), count: newCols), count: newRows)
            for y in 0..<min(newRows, grid.count) {
                for x in 0..<min(newCols, grid[y].count) { out[y][x] = grid[y][x] }
                Self.repairWideCells(&out[y])
            }
            return out
        }
        cells = fit(cells)
        hiddenCells = fit(hiddenCells)
        rows = newRows
        cols = newCols
        scrollTop = 0
        scrollBottom = newRows - 1
        cursorRow = min(cursorRow, newRows - 1)
        cursorCol = min(cursorCol, newCols - 1)
        pendingWrap = false
    }

    /// Turns half-overwritten wide characters into blanks so that `row(_:)` never shows half a glyph.
    static func repairWideCells(_ row: inout [VTCell]) {
        for x in row.indices {
            if row[x].width == 2 && (x + 1 >= row.count || !row[x + 1].isContinuation) {
                row[x] = .blank(row[x].style)
            } else if row[x].isContinuation && (x == 0 || row[x - 1].width != 2) {
                row[x] = .blank(row[x].style)
            }
        }
    }
}
