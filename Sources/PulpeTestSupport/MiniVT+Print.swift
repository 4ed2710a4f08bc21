/// Printing characters and the cell-level editing shared by the escape sequences.
extension MiniVT {
    /// Puts one scalar at the cursor, honouring character sets, width, autowrap and insert mode.
    mutating func printScalar(_ input: Unicode.Scalar) {
        let active = shiftedOut ? charsets.g1 : charsets.g0
        let scalar = active ? DECGraphics.map(input) : input
        let width = VTWidth.of(scalar)
        if width == 0 { combine(scalar); return }
        lastPrinted = scalar

        if pendingWrap && autowrap {
            cursorCol = 0
            lineFeed()
        }
        pendingWrap = false
        if width == 2 && cursorCol == cols - 1 {
            guard autowrap else { return } // xterm drops a wide character that cannot fit
            cells[cursorRow][cursorCol] = .blank(style)
            cursorCol = 0
            lineFeed()
        }
        if cols < width { return }
        if insertMode { insertBlanks(width) }

        cells[cursorRow][cursorCol] = VTCell(character: Character(scalar), width: UInt8(width), style: style)
        if width == 2 { cells[cursorRow][cursorCol + 1] = VTCell(character: " ", width: 0, style: style) }
        Self.repairWideCells(&cells[cursorRow])

        if scalar != " " {
            glyphsWritten += 1
            glyphsSinceFullClear += 1
        }
        if cursorCol + width >= cols {
            cursorCol = cols - 1
            pendingWrap = autowrap
        } else {
            cursorCol += width
        }
    }

    /// A zero-width scalar (combining accent, variation selector, ZWJ) joins the previous cell.
    private mutating func combine(_ scalar: Unicode.Scalar) {
        var x = pendingWrap ? cursorCol : cursorCol - 1
        if x < 0 { return }
        if cells[cursorRow][x].isContinuation && x > 0 { x -= 1 }
        let joined = String(cells[cursorRow][x].character) + String(scalar)
        if joined.count == 1 { cells[cursorRow][x].character = Character(joined) }
    }

    mutating func lineFeed() {
        if cursorRow == scrollBottom {
            scrollUp(1)
        } else if cursorRow < rows - 1 {
            cursorRow += 1
        }
    }

    mutating func reverseLineFeed() {
        if cursorRow == scrollTop { scrollDown(1) } else { cursorRow = max(0, cursorRow - 1) }
    }

    func blankRow() -> [VTCell] { Array(repeating: .blank(style), count: cols) }

    /// Scrolls the scroll region up (content moves up, blank lines appear at the bottom).
    mutating func scrollUp(_ n: Int) {
        for _ in 0..<min(n, scrollBottom - scrollTop + 1) {
            cells.remove(at: scrollTop)
            cells.insert(blankRow(), at: scrollBottom)
        }
    }

    mutating func scrollDown(_ n: Int) {
        for _ in 0..<min(n, scrollBottom - scrollTop + 1) {
            cells.remove(at: scrollBottom)
            cells.insert(blankRow(), at: scrollTop)
        }
    }

    /// Blanks columns `range` of row `y` (with the current background) and repairs split wide characters.
    mutating func erase(row y: Int, _ range: Range<Int>) {
        let r = range.clamped(to: 0..<cols)
        for x in r { cells[y][x] = .blank(style) }
        Self.repairWideCells(&cells[y])
    }

    mutating func eraseRows(_ range: Range<Int>) {
        for y in range.clamped(to: 0..<rows) { cells[y] = blankRow() }
    }

    /// ICH and insert mode: shifts the rest of the line right, dropping cells at the right margin.
    mutating func insertBlanks(_ n: Int) {
        let count = min(n, cols - cursorCol)
        guard count > 0 else { return }
        cells[cursorRow].insert(contentsOf: Array(repeating: VTCell.blank(style), count: count), at: cursorCol)
        cells[cursorRow].removeLast(count)
        Self.repairWideCells(&cells[cursorRow])
    }

    /// DCH: deletes cells at the cursor, pulling the rest of the line left.
    mutating func deleteCells(_ n: Int) {
        let count = min(n, cols - cursorCol)
        guard count > 0 else { return }
        cells[cursorRow].removeSubrange(cursorCol..<(cursorCol + count))
        cells[cursorRow].append(contentsOf: Array(repeating: VTCell.blank(style), count: count))
        Self.repairWideCells(&cells[cursorRow])
    }

    /// Records a whole-screen clear, the start of a new frame for `hasPaintedFrame`.
    mutating func noteFullClear() {
        fullClears += 1
        glyphsSinceFullClear = 0
    }
}
