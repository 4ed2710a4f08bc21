/// The numeric ncurses constants the key decoder needs.
///
/// Passed in rather than read from `CNcursesw`, so the decoder is a pure function that
/// tests can drive with a table. `NcursesTerminal` fills the real values in; tests use
/// `.ncurses6`, the values of ncurses 6 (they have been stable since SVr4).
public struct NcursesKeyCodes: Hashable, Sendable {
    public var down: UInt32
    public var up: UInt32
    public var left: UInt32
    public var right: UInt32
    public var home: UInt32
    public var end: UInt32
    public var pageUp: UInt32      // KEY_PPAGE
    public var pageDown: UInt32    // KEY_NPAGE
    public var enter: UInt32       // KEY_ENTER (keypad Enter)
    public var backspace: UInt32   // KEY_BACKSPACE
    public var delete: UInt32      // KEY_DC
    public var backTab: UInt32     // KEY_BTAB
    public var f0: UInt32          // KEY_F0; F(n) = f0 + n
    public var resize: UInt32      // KEY_RESIZE
    public var mouse: UInt32       // KEY_MOUSE

    public init(down: UInt32, up: UInt32, left: UInt32, right: UInt32, home: UInt32, end: UInt32,
                pageUp: UInt32, pageDown: UInt32, enter: UInt32, backspace: UInt32, delete: UInt32,
                backTab: UInt32, f0: UInt32, resize: UInt32, mouse: UInt32) {
        self.down = down; self.up = up; self.left = left; self.right = right
        self.home = home; self.end = end; self.pageUp = pageUp; self.pageDown = pageDown
        self.enter = enter; self.backspace = backspace; self.delete = delete; self.backTab = backTab
        self.f0 = f0; self.resize = resize; self.mouse = mouse
    }

    /// The values in ncurses 6 `curses.h` (octal there).
    public static let ncurses6 = NcursesKeyCodes(
        down: 0o402, up: 0o403, left: 0o404, right: 0o405, home: 0o406, end: 0o550,
        pageUp: 0o523, pageDown: 0o522, enter: 0o527, backspace: 0o407, delete: 0o512,
        backTab: 0o541, f0: 0o410, resize: 0o632, mouse: 0o631)
}
