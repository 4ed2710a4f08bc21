import Foundation

/// Swiss-style dates and times for lists and the status line, by hand (no locale data involved).
public enum DateFormatting {
    /// `21.11.2026`.
    public static func swissDate(_ day: CalendarDay) -> String {
        "\(CalendarDay.pad(day.day, 2)).\(CalendarDay.pad(day.month, 2)).\(CalendarDay.pad(day.year, 4))"
    }

    /// `21.11.` — the compact form for transaction lists (the year is the budget's).
    public static func compactDate(_ day: CalendarDay) -> String {
        "\(CalendarDay.pad(day.day, 2)).\(CalendarDay.pad(day.month, 2))."
    }

    /// `21 nov.` style, lower-case short month (`21 août`, `3 mai`).
    public static func dayAndShortMonth(_ day: CalendarDay) -> String {
        "\(day.day) \(FrenchMonths.shortName(day.month).lowercased())"
    }

    /// `14:32`: the wall-clock time of `date` in `timeZone` (« Mis à jour à 14:32 »).
    public static func time(_ date: Date, in timeZone: LocalZone) -> String {
        let local = Int((date.timeIntervalSince1970 + Double(timeZone.secondsFromGMT(for: date))).rounded(.down))
        let secondOfDay = CalendarDay.floorMod(local, 86_400)
        return "\(CalendarDay.pad(secondOfDay / 3600, 2)):\(CalendarDay.pad(secondOfDay % 3600 / 60, 2))"
    }

    /// When cached data was fetched, as « Données du … » says it: `14:32` today, `20.11. à 14:32`
    /// on an earlier day of the year, `30.12.2025 à 14:32` before that — the age a user needs to
    /// trust (or not) what is on screen, offline for days.
    public static func stamp(_ date: Date, now: Date, in timeZone: LocalZone) -> String {
        let day = CalendarDay(date, in: timeZone)
        let today = CalendarDay(now, in: timeZone)
        let clock = time(date, in: timeZone)
        if day == today { return clock }
        return (day.year == today.year ? compactDate(day) : swissDate(day)) + " à " + clock
    }

    /// `21.11.2026` for an instant seen from `timeZone`.
    public static func swissDate(_ date: Date, in timeZone: LocalZone) -> String {
        swissDate(CalendarDay(date, in: timeZone))
    }

    /// `21.11.` for an instant seen from `timeZone`.
    public static func compactDate(_ date: Date, in timeZone: LocalZone) -> String {
        compactDate(CalendarDay(date, in: timeZone))
    }

    /// `20.02. – 19.03.` (en dash U+2013): a budget period in one short line.
    public static func period(_ period: PayPeriod) -> String {
        "\(compactDate(period.start)) \u{2013} \(compactDate(period.end))"
    }
}
