import Foundation

/// A date on the wall calendar (year, month, day) with no time and no time zone.
///
/// Budget periods, transaction lists and "today" are about calendar days, not instants. Doing the
/// arithmetic on plain integers (proleptic Gregorian, days since 1970-01-01) keeps it exact and free of
/// time-zone and DST surprises; a `LocalZone` is needed only at the edge, when a `Date` becomes a day.
public struct CalendarDay: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// Gregorian year, e.g. 2026.
    public let year: Int
    /// Month 1…12.
    public let month: Int
    /// Day of the month, 1…`daysInMonth`.
    public let day: Int

    /// Returns `nil` when the triple is not a real date (month 13, 30 February, …).
    public init?(year: Int, month: Int, day: Int) {
        guard (1...12).contains(month), day >= 1, day <= CalendarDay.daysInMonth(year: year, month: month) else {
            return nil
        }
        self.year = year
        self.month = month
        self.day = day
    }

    /// The day `daysSinceEpoch` days after 1970-01-01 (negative: before).
    public init(daysSinceEpoch: Int) {
        // Howard Hinnant's civil_from_days: exact for any Int range we care about.
        let z = daysSinceEpoch + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        self.year = yoe + era * 400 + (m <= 2 ? 1 : 0)
        self.month = m
        self.day = d
    }

    /// The calendar day that `date` falls on as seen in `timeZone`.
    public init(_ date: Date, in timeZone: LocalZone) {
        self.init(date, secondsFromGMT: timeZone.secondsFromGMT(for: date))
    }

    /// The calendar day that `date` falls on at this offset from UTC (the zone's at `date`, when
    /// a caller keeps the offsets it already asked for).
    public init(_ date: Date, secondsFromGMT offset: Int) {
        let local = Int((date.timeIntervalSince1970 + Double(offset)).rounded(.down))
        self.init(daysSinceEpoch: CalendarDay.floorDiv(local, 86_400))
    }

    /// Days since 1970-01-01 (negative before). The inverse of `init(daysSinceEpoch:)`.
    public var daysSinceEpoch: Int {
        CalendarDay.daysFromCivil(year: year, month: month, day: day)
    }

    /// The day `days` days later (earlier when negative).
    public func adding(days: Int) -> CalendarDay {
        CalendarDay(daysSinceEpoch: daysSinceEpoch + days)
    }

    /// The calendar month holding this day (not the budget month: see `PayDayCalendar`).
    public var calendarMonth: BudgetMonth { BudgetMonth(year: year, month: month) }

    /// ISO weekday, 1 = Monday … 7 = Sunday.
    public var isoWeekday: Int {
        // 1970-01-01 was a Thursday (4).
        let w = CalendarDay.floorMod(daysSinceEpoch + 3, 7)
        return w + 1
    }

    /// The instant this day starts (local midnight) in `timeZone`.
    ///
    /// Two passes resolve the zone offset at that local time, which is right everywhere except inside a
    /// DST gap at midnight (then the first instant after the gap is close enough for filtering).
    public func startDate(in timeZone: LocalZone) -> Date {
        let localSeconds = Double(daysSinceEpoch) * 86_400
        let firstGuess = Date(timeIntervalSince1970: localSeconds - Double(timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: localSeconds))))
        let offset = timeZone.secondsFromGMT(for: firstGuess)
        return Date(timeIntervalSince1970: localSeconds - Double(offset))
    }

    /// `YYYY-MM-DD`.
    public var description: String {
        "\(CalendarDay.pad(year, 4))-\(CalendarDay.pad(month, 2))-\(CalendarDay.pad(day, 2))"
    }

    /// Parses `YYYY-MM-DD`; `nil` for anything else or an impossible date.
    public init?(iso text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
              let y = Int(parts[0]), let m = Int(parts[1]), let d = Int(parts[2]) else { return nil }
        self.init(year: y, month: m, day: d)
    }

    public static func < (lhs: CalendarDay, rhs: CalendarDay) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    /// Gregorian leap-year rule (divisible by 4, except centuries not divisible by 400).
    public static func isLeapYear(_ year: Int) -> Bool {
        (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    }

    /// Number of days in `month` (1…12) of `year`; 0 for an invalid month.
    public static func daysInMonth(year: Int, month: Int) -> Int {
        switch month {
        case 1, 3, 5, 7, 8, 10, 12: return 31
        case 4, 6, 9, 11: return 30
        case 2: return isLeapYear(year) ? 29 : 28
        default: return 0
        }
    }

    /// Howard Hinnant's days_from_civil.
    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = month > 2 ? month - 3 : month + 9
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    static func floorDiv(_ a: Int, _ b: Int) -> Int {
        let q = a / b
        return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q
    }

    static func floorMod(_ a: Int, _ b: Int) -> Int {
        a - floorDiv(a, b) * b
    }

    static func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(abs(value))
        let padded = digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
        return value < 0 ? "-" + padded : padded
    }
}

extension CalendarDay: Codable {
    /// Encoded as the `YYYY-MM-DD` string, so caches stay readable.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let day = CalendarDay(iso: text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "Not a YYYY-MM-DD date: \(text)")
        }
        self = day
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
