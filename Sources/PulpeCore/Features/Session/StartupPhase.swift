import PulpeDomain

/// Where the start-up sequence is (docs/product.md §2: check, then session, then PIN or home).
public enum StartupPhase: Hashable, Sendable {
    case idle
    case checkingService
    case restoringSession
    case unlockingDemo
    case done

    /// The session is being restored or unlocked: whatever key it brings is not checked yet, so
    /// the data is read from the cache and nothing is sent until it is (`Effect.whileTheKeyIsChecked`).
    public var checksTheKey: Bool { self == .restoringSession || self == .unlockingDemo }
}
