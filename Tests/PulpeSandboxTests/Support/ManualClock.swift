import Foundation
import PulpeSandbox

/// A clock tests move by hand (token expiry, rate-limit windows) instead of sleeping.
final class ManualClock: @unchecked Sendable {
    private let lock = NSLock()
    private var date: Date

    init(_ start: Date = Date(timeIntervalSince1970: 1_795_000_000)) {
        date = start
    }

    var now: Date {
        lock.lock()
        defer { lock.unlock() }
        return date
    }

    func advance(seconds: TimeInterval) {
        lock.lock()
        date = date.addingTimeInterval(seconds)
        lock.unlock()
    }

    var sandboxClock: SandboxClock {
        SandboxClock { [self] in now }
    }
}
