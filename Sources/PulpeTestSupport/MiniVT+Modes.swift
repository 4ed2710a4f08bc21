/// DEC private modes (`ESC [ ? n h` / `l`), including the alternate screen used by full-screen apps.
extension MiniVT {
    mutating func privateMode(final: UInt8, params: [Int?]) {
        let set: Bool
        switch final {
        case UInt8(ascii: "h"): set = true
        case UInt8(ascii: "l"): set = false
        default: return // `?...s` / `?...r` save/restore modes, `?...$p` queries: ignored
        }
        for case let mode? in params {
            switch mode {
            case 47, 1047: set ? enterAlternateScreen(saveCursor: false) : leaveAlternateScreen(restoreCursor: false)
            case 1049: set ? enterAlternateScreen(saveCursor: true) : leaveAlternateScreen(restoreCursor: true)
            default: break
            }
            if set { privateModes.insert(mode) } else { privateModes.remove(mode) }
        }
    }

    /// xterm's 1049: save the cursor, switch to the alternate buffer and clear it.
    private mutating func enterAlternateScreen(saveCursor save: Bool) {
        guard !isAlternateScreen else { return }
        if save { saveCursor(into: &savedCursorAlternate) }
        swap(&cells, &hiddenCells)
        isAlternateScreen = true
        eraseRows(0..<rows)
        noteFullClear()
    }

    /// Back to the main buffer, whose content was preserved (what the shell shows after the app exits).
    private mutating func leaveAlternateScreen(restoreCursor restore: Bool) {
        guard isAlternateScreen else { return }
        swap(&cells, &hiddenCells)
        isAlternateScreen = false
        if restore { restoreCursor(from: savedCursorAlternate) }
    }
}
