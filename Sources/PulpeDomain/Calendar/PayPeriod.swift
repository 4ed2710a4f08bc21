import Foundation

/// The calendar days a budget month covers, both ends included.
public struct PayPeriod: Sendable, Hashable, Codable {
    /// First day of the period (the pay day, clamped to the month's length).
    public let start: CalendarDay
    /// Last day of the period (the day before the next period starts).
    public let end: CalendarDay

    public init(start: CalendarDay, end: CalendarDay) {
        self.start = start
        self.end = end
    }

    /// Whether `day` lies in the period (bounds included).
    public func contains(_ day: CalendarDay) -> Bool {
        start <= day && day <= end
    }

    /// `day` if it lies in the period, else the period's nearer end (a past month's entry dated its
    /// last day, a future month's its first).
    public func clamped(_ day: CalendarDay) -> CalendarDay {
        min(max(day, start), end)
    }

    /// Number of days in the period, bounds included.
    public var dayCount: Int { end.daysSinceEpoch - start.daysSinceEpoch + 1 }
}
