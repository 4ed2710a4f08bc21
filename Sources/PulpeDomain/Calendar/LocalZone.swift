import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where local days and clock times come from: the offset from UTC at a given instant.
///
/// Why not Foundation's `TimeZone`: on Linux a named `TimeZone` (and `TimeZone.current`) is backed
/// by ICU, and the first offset asked for maps ~4 MB of ICU code and data into the process
/// (measured: a bare Foundation program goes from 10.7 to 14.5 MB peak RSS). The C library already
/// reads the same tz database (`TZ`, `/etc/localtime`) for `localtime_r`, so the app asks it; the
/// rest of the calendar arithmetic is the domain's own (`CalendarDay`). A Foundation `TimeZone`
/// is still accepted for tests and the sandbox, which need a zone other than the machine's.
public struct LocalZone: Sendable, Hashable, CustomStringConvertible {
    private enum Source: Sendable, Hashable {
        case system
        case fixed(seconds: Int)
        case foundation(TimeZone)
    }

    private let source: Source

    /// The machine's zone as the C library sees it (`TZ`, else `/etc/localtime`).
    public static let system = LocalZone(source: .system)

    /// UTC, for instants written in UTC.
    public static let utc = LocalZone(source: .fixed(seconds: 0))

    private init(source: Source) {
        self.source = source
    }

    /// A zone with one offset all year round.
    public static func fixed(secondsFromGMT seconds: Int) -> LocalZone {
        LocalZone(source: .fixed(seconds: seconds))
    }

    /// A Foundation zone (tests, the sandbox's Swiss demo data).
    public init(_ timeZone: TimeZone) {
        self.source = .foundation(timeZone)
    }

    /// Seconds to add to UTC to get the local wall-clock time at `date`.
    public func secondsFromGMT(for date: Date) -> Int {
        switch source {
        case .system:
            var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
            var parts = tm()
            guard localtime_r(&seconds, &parts) != nil else { return 0 }
            return Int(parts.tm_gmtoff)
        case let .fixed(seconds):
            return seconds
        case let .foundation(timeZone):
            return timeZone.secondsFromGMT(for: date)
        }
    }

    public var description: String {
        switch source {
        case .system: "system"
        case let .fixed(seconds): "UTC\(seconds < 0 ? "-" : "+")\(abs(seconds))s"
        case let .foundation(timeZone): timeZone.identifier
        }
    }
}
