import Foundation
import Logging
import PulpeCore
import PulpeDomain
import PulpeNetworking
import PulpeSandbox
import PulpeStore
import Testing
@testable import PulpeServices

/// Collects sync events from any task.
final class EventLog: Sendable {
    private let events = Locked<[SyncEvent]>([])
    func append(_ event: SyncEvent) { events.withLock { $0.append(event) } }
    var all: [SyncEvent] { events.withLock { $0 } }
}
