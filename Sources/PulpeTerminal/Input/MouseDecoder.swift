/// Turns an ncurses `MEVENT` into a `MouseEvent`.
///
/// Pure for the same reason as `KeyDecoder`: the masks come from ncurses macros that only
/// the shim can evaluate, so they are passed in.
public enum MouseDecoder {
    /// The button-state bits the decoder looks at.
    public struct Masks: Hashable, Sendable {
        public var button1Pressed: UInt
        public var button1Clicked: UInt
        public var wheelUp: UInt      // BUTTON4_PRESSED
        public var wheelDown: UInt    // BUTTON5_PRESSED

        public init(button1Pressed: UInt, button1Clicked: UInt, wheelUp: UInt, wheelDown: UInt) {
            self.button1Pressed = button1Pressed
            self.button1Clicked = button1Clicked
            self.wheelUp = wheelUp
            self.wheelDown = wheelDown
        }

        /// ncurses 6 with mouse version 2 (5 bits per button).
        public static let ncurses6 = Masks(button1Pressed: 0x2, button1Clicked: 0x4,
                                           wheelUp: 0x2 << 15, wheelDown: 0x2 << 20)
    }

    /// The event for button state `state` at cell (`x`, `y`), or `nil` for events the app
    /// ignores (releases, other buttons). With `mouseinterval(0)` a click arrives as a press.
    public static func decode(state: UInt, x: Int, y: Int, masks: Masks = .ncurses6) -> MouseEvent? {
        if state & masks.wheelUp != 0 { return .wheelUp }
        if state & masks.wheelDown != 0 { return .wheelDown }
        if state & (masks.button1Pressed | masks.button1Clicked) != 0 { return .click(x: x, y: y) }
        return nil
    }
}
