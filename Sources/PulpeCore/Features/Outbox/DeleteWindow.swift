/// A held delete's undo window: open from the key press until the `deleteWindow` timer fires
/// (timed by the runtime from the press, whatever the core's last known time).
public enum DeleteWindow: Hashable, Sendable {
    case open
    case closed
}
