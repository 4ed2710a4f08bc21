/// Monotonic time since the app started, as the runtime's clock measured it.
///
/// The core never reads a clock: every message that depends on time carries an `AppTime`,
/// so `update` stays a pure function and tests can replay any schedule instantly.
public struct AppTime: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var sinceStart: Duration

    public init(_ sinceStart: Duration) { self.sinceStart = sinceStart }

    public static let zero = AppTime(.zero)

    public static func milliseconds(_ ms: Int) -> AppTime { AppTime(.milliseconds(ms)) }

    public static func seconds(_ s: Int) -> AppTime { AppTime(.seconds(s)) }

    public static func < (lhs: AppTime, rhs: AppTime) -> Bool { lhs.sinceStart < rhs.sinceStart }

    public static func + (lhs: AppTime, rhs: Duration) -> AppTime { AppTime(lhs.sinceStart + rhs) }

    public static func - (lhs: AppTime, rhs: AppTime) -> Duration { lhs.sinceStart - rhs.sinceStart }

    /// Whole milliseconds, for logs and golden names.
    public var milliseconds: Int64 {
        let (seconds, attoseconds) = sinceStart.components
        return seconds * 1000 + attoseconds / 1_000_000_000_000_000
    }

    public var description: String { "\(milliseconds)ms" }
}
