import Foundation
import PulpeDomain

/// The services' wall clock: when an answer arrived, and which local day it is (which, with the
/// pay day, decides the current period). Injected so tests fix both; views format the dates
/// with their own time zone.
public struct WallClock: Sendable {
    public var now: @Sendable () -> Date
    public var timeZone: LocalZone

    public init(now: @escaping @Sendable () -> Date, timeZone: LocalZone) {
        self.now = now
        self.timeZone = timeZone
    }

    public static let system = WallClock(now: { SystemTime.now() }, timeZone: .system)

    public var today: CalendarDay { CalendarDay(now(), in: timeZone) }
}
