import Clocks
import Foundation
import PulpeDomain

/// Records the virtual instant of each event on an `ImmediateClock`, relative to its creation.
final class InstantRecorder: Sendable {
    let clock: ImmediateClock<Duration>
    private let origin: ImmediateClock<Duration>.Instant
    private let recorded = Locked<[Duration]>([])

    init(clock: ImmediateClock<Duration>) {
        self.clock = clock
        self.origin = clock.now
    }

    func mark() {
        let offset = origin.duration(to: clock.now)
        recorded.withLock { $0.append(offset) }
    }

    var instants: [Duration] { recorded.current }
}
