import Foundation
import PulpeDomain

/// Where the sandbox reads "now" (token expiry, rate limiting, timestamps, the demo data's today).
/// Tests inject a clock they move by hand instead of sleeping.
public struct SandboxClock: Sendable {
    public let now: @Sendable () -> Date

    public init(now: @escaping @Sendable () -> Date) {
        self.now = now
    }

    /// The system clock (on the day `PULPE_TODAY` anchors, in tests).
    public static let system = SandboxClock { SystemTime.now() }

    /// The day this process takes for today in the machine's zone (`PULPE_TODAY` applied), for
    /// `pulpe-server --print-today`: how `scripts/e2e.sh` sees that an anchor took effect.
    public static var systemDay: String { CalendarDay(SystemTime.now(), in: .system).description }

    /// Why this process's `PULPE_TODAY` anchors nothing (a malformed day), or nil.
    public static var anchorProblem: String? { SystemTime.environmentProblem }
}
