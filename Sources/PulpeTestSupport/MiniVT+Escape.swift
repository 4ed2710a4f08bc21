/// Meaning of ESC and CSI sequences (cursor motion, erase, scroll, modes, reports).
extension MiniVT {
    mutating func escapeFinal(_ b: UInt8) {
        switch b {
        case UInt8(ascii: "7"): saveCursor(into: &savedCursor)
        case UInt8(ascii: "8"): restoreCursor(from: savedCursor)
        case UInt8(ascii: "D"): lineFeed()
        case UInt8(ascii: "E"): cursorCol = 0; lineFeed()
        case UInt8(ascii: "M"): reverseLineFeed()
        case UInt8(ascii: "="): applicationKeypad = true
        case UInt8(ascii: ">"): applicationKeypad = false
        case UInt8(ascii: "c"): fullReset()
        default: break // HTS and others: fixed 8-column tab stops are enough here
        }
        pendingWrap = false
    }

    mutating func csi(final: UInt8, bytes: [UInt8]) {
        var body = bytes[...]
        var prefix: UInt8?
        if let first = body.first, (0x3c...0x3f).contains(first) { prefix = first; body = body.dropFirst() }
        let intermediates = body.filter { (0x20...0x2f).contains($0) }
        let params = String(decoding: body.filter { !(0x20...0x2f).contains($0) }, as: UTF8.self)
            .split(separator: ";", omittingEmptySubsequences: false)
            .map { Int($0.split(separator: ":").first ?? "") }

        if prefix == UInt8(ascii: "?") {
            if intermediates.isEmpty { privateMode(final: final, params: params) }
            return
        }
        if prefix != nil { return } // `ESC [ > ...` (modifyOtherKeys, DA2): no effect on the screen
        if !intermediates.isEmpty {
            if intermediates == [UInt8(ascii: "!")] && final == UInt8(ascii: "p") { softReset() }
            return // DECSCUSR (`ESC [ 2 SP q`) and friends
        }
        standard(final: final, params: params)
    }

    private mutating func standard(final: UInt8, params: [Int?]) {
        func p(_ i: Int, _ d: Int) -> Int { i < params.count ? (params[i] ?? d) : d }
        let n = max(1, p(0, 1))
        if final != UInt8(ascii: "b") { pendingWrap = false }
        switch final {
        case UInt8(ascii: "H"), UInt8(ascii: "f"):
            cursorRow = min(rows - 1, max(1, p(0, 1)) - 1)
            cursorCol = min(cols - 1, max(1, p(1, 1)) - 1)
        case UInt8(ascii: "A"): cursorRow = max(cursorRow >= scrollTop ? scrollTop : 0, cursorRow - n)
        case UInt8(ascii: "B"), UInt8(ascii: "e"):
            cursorRow = min(cursorRow <= scrollBottom ? scrollBottom : rows - 1, cursorRow + n)
        case UInt8(ascii: "C"), UInt8(ascii: "a"): cursorCol = min(cols - 1, cursorCol + n)
        case UInt8(ascii: "D"): cursorCol = max(0, cursorCol - n)
        case UInt8(ascii: "E"): cursorRow = min(rows - 1, cursorRow + n); cursorCol = 0
        case UInt8(ascii: "F"): cursorRow = max(0, cursorRow - n); cursorCol = 0
        case UInt8(ascii: "G"), UInt8(ascii: "`"): cursorCol = min(cols - 1, n - 1)
        case UInt8(ascii: "d"): cursorRow = min(rows - 1, n - 1)
        case UInt8(ascii: "I"): cursorCol = min(cols - 1, (cursorCol / 8 + n) * 8)
        case UInt8(ascii: "Z"): cursorCol = max(0, ((cursorCol + 7) / 8 - n) * 8)
        case UInt8(ascii: "J"): eraseDisplay(p(0, 0))
        case UInt8(ascii: "K"):
            switch p(0, 0) {
            case 0: erase(row: cursorRow, cursorCol..<cols)
            case 1: erase(row: cursorRow, 0..<(cursorCol + 1))
            default: erase(row: cursorRow, 0..<cols)
            }
        case UInt8(ascii: "X"): erase(row: cursorRow, cursorCol..<(cursorCol + n))
        case UInt8(ascii: "b"): for _ in 0..<n { printScalar(lastPrinted) }
        case UInt8(ascii: "@"): insertBlanks(n)
        case UInt8(ascii: "P"): deleteCells(n)
        case UInt8(ascii: "L"): insertLines(n)
        case UInt8(ascii: "M"): deleteLines(n)
        case UInt8(ascii: "S"): scrollUp(n)
        case UInt8(ascii: "T"): scrollDown(n)
        case UInt8(ascii: "r"):
            let top = max(1, p(0, 1)) - 1
            let bottom = min(rows, max(1, p(1, rows))) - 1
            if top < bottom { scrollTop = top; scrollBottom = bottom }
            cursorRow = 0
            cursorCol = 0
        case UInt8(ascii: "s"): saveCursor(into: &savedCursor)
        case UInt8(ascii: "u"): restoreCursor(from: savedCursor)
        case UInt8(ascii: "m"): selectGraphicRendition(params)
        case UInt8(ascii: "h"), UInt8(ascii: "l"):
            if params.contains(where: { $0 == 4 }) { insertMode = final == UInt8(ascii: "h") }
        case UInt8(ascii: "n"): deviceStatusReport(p(0, 0))
        case UInt8(ascii: "c"): if p(0, 0) == 0 { replies += Array("\u{1b}[?1;2c".utf8) }
        default: break // t (window ops, also part of smcup), g (tab clear), q (LEDs) ...
        }
    }

    private mutating func eraseDisplay(_ mode: Int) {
        switch mode {
        case 0:
            erase(row: cursorRow, cursorCol..<cols)
            eraseRows((cursorRow + 1)..<rows)
        case 1:
            erase(row: cursorRow, 0..<(cursorCol + 1))
            eraseRows(0..<cursorRow)
        case 2:
            eraseRows(0..<rows)
            noteFullClear()
        default: break // 3 = scrollback only: nothing visible changes
        }
    }

    private mutating func insertLines(_ n: Int) {
        guard cursorRow >= scrollTop && cursorRow <= scrollBottom else { return }
        for _ in 0..<min(n, scrollBottom - cursorRow + 1) {
            cells.remove(at: scrollBottom)
            cells.insert(blankRow(), at: cursorRow)
        }
        cursorCol = 0
    }

    private mutating func deleteLines(_ n: Int) {
        guard cursorRow >= scrollTop && cursorRow <= scrollBottom else { return }
        for _ in 0..<min(n, scrollBottom - cursorRow + 1) {
            cells.remove(at: cursorRow)
            cells.insert(blankRow(), at: scrollBottom)
        }
        cursorCol = 0
    }

    private mutating func deviceStatusReport(_ what: Int) {
        switch what {
        case 5: replies += Array("\u{1b}[0n".utf8)
        case 6: replies += Array("\u{1b}[\(cursorRow + 1);\(cursorCol + 1)R".utf8)
        default: break
        }
    }

    func saveCursor(into slot: inout SavedCursor) {
        slot = SavedCursor(row: cursorRow, col: cursorCol, style: style, charsets: charsets,
                           shiftedOut: shiftedOut, pendingWrap: pendingWrap)
    }

    mutating func restoreCursor(from slot: SavedCursor) {
        cursorRow = min(rows - 1, slot.row)
        cursorCol = min(cols - 1, slot.col)
        style = slot.style
        charsets = slot.charsets
        shiftedOut = slot.shiftedOut
        pendingWrap = slot.pendingWrap
    }

    /// DECSTR (`ESC [ ! p`): modes and rendition back to defaults, screen content kept.
    private mutating func softReset() {
        privateModes.subtract([1, 6])
        privateModes.formUnion([7, 25])
        insertMode = false
        applicationKeypad = false
        style = .plain
        charsets = (false, false)
        shiftedOut = false
        scrollTop = 0
        scrollBottom = rows - 1
        savedCursor = SavedCursor()
    }

    /// RIS (`ESC c`): everything back to power-on state, on the main screen.
    private mutating func fullReset() {
        var fresh = MiniVT(rows: rows, cols: cols)
        fresh.glyphsWritten = glyphsWritten
        fresh.fullClears = fullClears
        fresh.title = title
        fresh.replies = replies
        self = fresh
        noteFullClear()
    }
}
