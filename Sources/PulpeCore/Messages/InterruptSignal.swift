import PulpeDomain

/// The signals that end the app from outside.
public enum InterruptSignal: Hashable, Sendable {
    case interrupt
    case terminate
    /// The terminal went away (SIGHUP, or its input hung up): nobody is left to ask anything.
    case hangUp

    /// The conventional shell status for a process ended by this signal (128 + number).
    public var exitCode: Int32 {
        switch self {
        case .interrupt: 130
        case .terminate: 143
        case .hangUp: 129
        }
    }
}
