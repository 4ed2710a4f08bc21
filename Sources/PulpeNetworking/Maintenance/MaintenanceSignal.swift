import Foundation
import PulpeDomain

/// Tells the app that the service went into maintenance, from wherever the 503 was seen.
///
/// Product rule: any API call that answers 503 + `code: MAINTENANCE` switches the UI to the
/// maintenance screen at once, whoever made the call. The client raises this signal *before*
/// throwing `.maintenance` to its caller. The status probe (`maintenanceStatus()`) never raises it:
/// the maintenance screen polls that probe, and a signal from it would loop.
///
/// Listen with `events()` (one stream per listener) or with the `onRaise` callback (called
/// synchronously on the requesting task; keep it cheap, e.g. post to the runtime's wake queue).
public final class MaintenanceSignal: Sendable {
    private let broadcaster = Broadcaster<MaintenanceEvent>()
    private let onRaise: (@Sendable (MaintenanceEvent) -> Void)?
    private let count = Locked(0)

    public init(onRaise: (@Sendable (MaintenanceEvent) -> Void)? = nil) {
        self.onRaise = onRaise
    }

    /// Every event raised after this call.
    public func events() -> AsyncStream<MaintenanceEvent> {
        broadcaster.stream()
    }

    /// How many times the signal was raised (diagnostics, tests).
    public var raisedCount: Int { count.current }

    func raise(_ event: MaintenanceEvent) {
        count.withLock { $0 += 1 }
        onRaise?(event)
        broadcaster.yield(event)
    }
}
