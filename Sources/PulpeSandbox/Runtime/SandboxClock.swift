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
}
