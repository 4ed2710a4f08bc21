import Foundation

/// The month a budget is named after (year + month 1…12).
///
/// With a pay day after the 15th, a budget month is not the calendar month of its days (see
/// `PayDayCalendar`), so this type is deliberately separate from `CalendarDay.calendarMonth` in meaning,
/// even though it has the same shape.
public struct BudgetMonth: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// Gregorian year.
    public let year: Int
    /// Month 1…12.
    public let month: Int

    /// Normalises out-of-range months instead of trapping: `(2026, 13)` is January 2027 and
    /// `(2026, 0)` is December 2025. That makes month arithmetic total.
    public init(year: Int, month: Int) {
        let index = year * 12 + (month - 1)
        self.init(monthIndex: index)
    }

    /// Builds the month from `year * 12 + (month - 1)`.
    public init(monthIndex: Int) {
        self.year = CalendarDay.floorDiv(monthIndex, 12)
        self.month = CalendarDay.floorMod(monthIndex, 12) + 1
    }

    /// `year * 12 + (month - 1)`: consecutive months have consecutive indices.
    public var monthIndex: Int { year * 12 + (month - 1) }

    /// The following month (December → January of the next year).
    public var next: BudgetMonth { advanced(by: 1) }

    /// The preceding month (January → December of the previous year).
    public var previous: BudgetMonth { advanced(by: -1) }

    /// The month `months` later (earlier when negative).
    public func advanced(by months: Int) -> BudgetMonth {
        BudgetMonth(monthIndex: monthIndex + months)
    }

    /// Number of months from `self` to `other` (positive when `other` is later).
    public func months(to other: BudgetMonth) -> Int {
        other.monthIndex - monthIndex
    }

    /// First calendar day of this month (as a calendar month).
    public var firstDay: CalendarDay { CalendarDay(daysSinceEpoch: CalendarDay.daysFromCivil(year: year, month: month, day: 1)) }

    /// Last calendar day of this month (as a calendar month).
    public var lastDay: CalendarDay {
        CalendarDay(daysSinceEpoch: CalendarDay.daysFromCivil(year: year, month: month, day: dayCount))
    }

    /// Days in this calendar month (28…31).
    public var dayCount: Int { CalendarDay.daysInMonth(year: year, month: month) }

    /// `YYYY-MM`.
    /// `YYYY-MM` (the shell's `--from` / `--to`), nil when it names no month.
    public init?(iso text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard text.count == 7, parts.count == 2, parts[0].count == 4, parts[1].count == 2,
              let year = Int(parts[0]), let month = Int(parts[1]), (1...12).contains(month) else { return nil }
        self.init(year: year, month: month)
    }

    public var description: String { "\(CalendarDay.pad(year, 4))-\(CalendarDay.pad(month, 2))" }

    public static func < (lhs: BudgetMonth, rhs: BudgetMonth) -> Bool {
        lhs.monthIndex < rhs.monthIndex
    }
}

extension BudgetMonth: Codable {
    private enum CodingKeys: String, CodingKey { case year, month }

    /// Encoded as `{"year":2026,"month":11}`, the way the API names a budget's month.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let year = try container.decode(Int.self, forKey: .year)
        let month = try container.decode(Int.self, forKey: .month)
        guard (1...12).contains(month) else {
            throw DecodingError.dataCorruptedError(forKey: .month, in: container, debugDescription: "month \(month) not in 1…12")
        }
        self.init(year: year, month: month)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(year, forKey: .year)
        try container.encode(month, forKey: .month)
    }
}
