/// When the spinner glyph is visible: only after 200 ms of waiting (a fast load shows none), and
/// once shown for at least 500 ms (it never blinks).
public struct SpinnerTiming: Hashable, Sendable {
    public static let delay: Duration = .milliseconds(200)
    public static let minimumVisible: Duration = .milliseconds(500)

    public private(set) var startedAt: AppTime?
    public private(set) var endedAt: AppTime?

    public init() {}

    mutating func loadingStarted(at now: AppTime) {
        // Consecutive loading entries are one wait: keep the original start.
        if startedAt == nil || endedAt != nil, !isVisible(at: now) {
            startedAt = now
        }
        endedAt = nil
    }

    mutating func loadingEnded(at now: AppTime) {
        if startedAt != nil, endedAt == nil { endedAt = now }
    }

    private var appearsAt: AppTime? { startedAt.map { $0 + Self.delay } }

    /// The moment it disappears, or nil while loading continues (or when it never appears).
    private var hidesAt: AppTime? {
        guard let appearsAt, let endedAt, endedAt > appearsAt else { return nil }
        return max(endedAt, appearsAt + Self.minimumVisible)
    }

    public func isVisible(at now: AppTime) -> Bool {
        guard let appearsAt, now >= appearsAt else { return false }
        guard let endedAt else { return true }
        guard endedAt > appearsAt, let hidesAt else { return false }
        return now < hidesAt
    }

    /// The next instant the visibility changes, for the runtime's redraw schedule.
    public func nextChange(after now: AppTime) -> AppTime? {
        guard let appearsAt else { return nil }
        if now < appearsAt {
            if let endedAt, endedAt <= appearsAt { return nil }
            return appearsAt
        }
        if let hidesAt, now < hidesAt { return hidesAt }
        return nil
    }
}
