/// A mouse action worth reacting to. Only the wheel and a left click are reported; nothing
/// in the app requires a mouse.
public enum MouseEvent: Hashable, Sendable {
    case wheelUp
    case wheelDown
    /// Left button pressed at cell (`x`, `y`).
    case click(x: Int, y: Int)
}
