import CNcursesw

/// The real ncurses constants for the pure decoders. These are compile-time values (macros
/// and shim functions returning constants), not calls into ncurses state, so they need no
/// actor isolation.
extension NcursesKeyCodes {
    /// The `KEY_*` values of the linked ncurses.
    public static var current: NcursesKeyCodes {
        NcursesKeyCodes(
            down: UInt32(KEY_DOWN), up: UInt32(KEY_UP), left: UInt32(KEY_LEFT), right: UInt32(KEY_RIGHT),
            home: UInt32(KEY_HOME), end: UInt32(KEY_END), pageUp: UInt32(KEY_PPAGE), pageDown: UInt32(KEY_NPAGE),
            enter: UInt32(KEY_ENTER), backspace: UInt32(KEY_BACKSPACE), delete: UInt32(KEY_DC),
            backTab: UInt32(KEY_BTAB), f0: UInt32(KEY_F0), resize: UInt32(KEY_RESIZE), mouse: UInt32(KEY_MOUSE))
    }
}

extension MouseDecoder.Masks {
    /// The button masks of the linked ncurses (built by `NCURSES_MOUSE_MASK`, hence the shim).
    public static var current: MouseDecoder.Masks {
        MouseDecoder.Masks(button1Pressed: UInt(cnc_button1_pressed()), button1Clicked: UInt(cnc_button1_clicked()),
                           wheelUp: UInt(cnc_button4_pressed()), wheelDown: UInt(cnc_button5_pressed()))
    }
}
