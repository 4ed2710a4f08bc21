/// Keys as an xterm (TERM=xterm-256color) sends them.
///
/// Cursor keys depend on DECCKM: ncurses' `keypad(TRUE)` sends `smkx` (`ESC [?1h`), after which xterm sends
/// `ESC O A` for Up, and the xterm-256color terminfo only knows that form (`kcuu1=\EOA`). `bytes(applicationCursor:)`
/// picks the form from the mode the app set, which `PTYProcess.sendKey` reads from its screen model.
public enum PTYKey: Sendable, Hashable {
    case up, down, right, left
    case home, end, pageUp, pageDown, insert, delete
    case escape, tab, backTab, enter, backspace, space
    /// F1...F12.
    case function(Int)
    /// Ctrl + letter or one of `@[\]^_` (Ctrl-C is `.ctrl("c")`, byte 0x03).
    case ctrl(Character)
    /// Alt + character: ESC followed by the character (how xterm sends Meta by default).
    case alt(Character)

    public static let ctrlC = PTYKey.ctrl("c")
    public static let ctrlX = PTYKey.ctrl("x")

    /// The byte sequence for this key. `applicationCursor` is the DECCKM state of the terminal.
    public func bytes(applicationCursor: Bool = false) -> String {
        let cursorPrefix = applicationCursor ? "\u{1b}O" : "\u{1b}["
        switch self {
        case .up: return cursorPrefix + "A"
        case .down: return cursorPrefix + "B"
        case .right: return cursorPrefix + "C"
        case .left: return cursorPrefix + "D"
        case .home: return cursorPrefix + "H"
        case .end: return cursorPrefix + "F"
        case .pageUp: return "\u{1b}[5~"
        case .pageDown: return "\u{1b}[6~"
        case .insert: return "\u{1b}[2~"
        case .delete: return "\u{1b}[3~"
        case .escape: return "\u{1b}"
        case .tab: return "\t"
        case .backTab: return "\u{1b}[Z"
        case .enter: return "\r" // A terminal sends CR; the tty's ICRNL turns it into '\n' for the app.
        case .backspace: return "\u{7f}" // kbs=^? in xterm-256color.
        case .space: return " "
        case .function(let n): return Self.functionKey(n)
        case .ctrl(let c): return Self.control(c)
        case .alt(let c): return "\u{1b}" + String(c)
        }
    }

    private static func functionKey(_ n: Int) -> String {
        switch n {
        case 1: return "\u{1b}OP"
        case 2: return "\u{1b}OQ"
        case 3: return "\u{1b}OR"
        case 4: return "\u{1b}OS"
        case 5: return "\u{1b}[15~"
        case 6: return "\u{1b}[17~"
        case 7: return "\u{1b}[18~"
        case 8: return "\u{1b}[19~"
        case 9: return "\u{1b}[20~"
        case 10: return "\u{1b}[21~"
        case 11: return "\u{1b}[23~"
        case 12: return "\u{1b}[24~"
        default: preconditionFailure("function key F\(n) is not mapped")
        }
    }

    private static func control(_ c: Character) -> String {
        guard let ascii = c.uppercased().first?.asciiValue, (0x40...0x5f).contains(ascii) else {
            preconditionFailure("no control code for \(c)")
        }
        return String(UnicodeScalar(ascii & 0x1f))
    }
}

extension PTYProcess {
    /// Sends `key` `count` times, in the cursor-key mode the app selected (see `PTYKey`).
    public func sendKey(_ key: PTYKey, count: Int = 1) {
        let seq = key.bytes(applicationCursor: screen.applicationCursorKeys)
        for _ in 0..<max(0, count) { send(seq) }
    }
}
