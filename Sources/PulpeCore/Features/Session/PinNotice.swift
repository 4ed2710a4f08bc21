/// Why the PIN screen is back over data that was open.
public enum PinNotice: Hashable, Sendable {
    /// The server refused the key: the PIN was changed on another device.
    case keyChanged
    /// No key pressed for `lock_after`, or the lock key.
    case locked
}
