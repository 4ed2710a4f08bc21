import Foundation

/// A date read back from a stored `Double` (cache and outbox rows). A damaged or hand-edited file
/// can hold any real — ±∞, 1e300 — and such a `Date` traps later, where the screen or the request
/// body turns it into calendar fields (found by `make fuzz`, targets cache-rows and outbox-rows).
/// Only instants of the years 1…9999, the ones `PulpeDate` can write, read back; any other makes the
/// row unreadable, never a guessed date.
enum StoredDate {
    /// 0001-01-01T00:00:00Z and 10000-01-01T00:00:00Z, as seconds since 1970.
    static let range: Range<Double> = -62_135_596_800 ..< 253_402_300_800

    /// `seconds` since 1970 as a date, or nil outside `range` (NaN and infinities included).
    static func since1970(_ seconds: Double) -> Date? {
        range.contains(seconds) ? Date(timeIntervalSince1970: seconds) : nil
    }

    /// `seconds` since 2001 (the cache's `timeIntervalSinceReferenceDate`) as a date, or nil.
    static func sinceReferenceDate(_ seconds: Double) -> Date? {
        since1970(seconds + Date.timeIntervalBetween1970AndReferenceDate)
    }
}
