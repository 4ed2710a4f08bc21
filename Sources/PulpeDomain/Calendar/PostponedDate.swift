import Foundation

/// Where a postponed transaction's date goes (§15.3): one calendar month later in UTC, clamped to
/// that month's end (31 January → 28 February) — what the server does, so the sandbox moves it
/// this way and the client's cached copy of next month shows it where the server put it.
public enum PostponedDate {
    public static func oneMonthLater(_ date: Date) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar.date(byAdding: .month, value: 1, to: date) ?? date
    }
}
