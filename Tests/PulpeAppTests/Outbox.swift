import Clocks
import PulpeCore
import PulpeDomain
import PulpeNetworking
import Synchronization
import PulpeServices
import PulpeStore
import Testing
@testable import PulpeApp

/// Collects what the runner sends, from any task.
final class Outbox: Sendable {
    private let messages = Mutex<[Msg]>([])
    func append(_ msg: Msg) { messages.withLock { $0.append(msg) } }
    var all: [Msg] { messages.withLock { $0 } }
}
