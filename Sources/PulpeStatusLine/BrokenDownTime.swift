#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Unix seconds as calendar text, through libc's `localtime_r` / `gmtime_r` (no Foundation): the
/// memo's local day and `--json`'s UTC instant share one way of writing a date.
enum BrokenDownTime {
    /// `YYYY-MM-DD` of `seconds` in the local time zone (`TZ`, else /etc/localtime).
    static func localDay(_ seconds: Double) -> String {
        day(parts(seconds, local: true))
    }

    /// `YYYY-MM-DDTHH:MM:SSZ`, the whole seconds in UTC.
    static func utcInstant(_ seconds: Double) -> String {
        let parts = parts(seconds, local: false)
        return "\(day(parts))T\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec))Z"
    }

    private static func parts(_ seconds: Double, local: Bool) -> tm {
        var time = time_t(seconds.rounded(.down))
        var parts = tm()
        if local { localtime_r(&time, &parts) } else { gmtime_r(&time, &parts) }
        return parts
    }

    private static func day(_ parts: tm) -> String {
        let year = String(Int(parts.tm_year) + 1900)
        return String(repeating: "0", count: max(0, 4 - year.count)) + year + "-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))"
    }

    private static func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
}

/// The launcher's side of `SystemTime` (PulpeDomain, which needs Foundation): the whole days that
/// `PULPE_TODAY` (YYYY-MM-DD, tests only) moves the clock by, so a memo the app left on an
/// anchored day is read on that same day.
public enum AnchoredDay {
    /// Seconds to add to the real time: 0 without a valid `PULPE_TODAY`.
    public static func offset(_ environment: [String: String], now: Double) -> Double {
        guard let text = environment["PULPE_TODAY"], let anchor = daysSinceEpoch(text),
              let today = daysSinceEpoch(BrokenDownTime.localDay(now)) else { return 0 }
        return Double(anchor - today) * 86_400
    }

    /// Days since 1970-01-01 of a `YYYY-MM-DD` text (the proleptic Gregorian calendar).
    static func daysSinceEpoch(_ text: String) -> Int? {
        let parts = text.split(separator: "-").compactMap { Int($0) }
        guard parts.count == 3, text.count == 10, (1...12).contains(parts[1]), (1...31).contains(parts[2]) else { return nil }
        // Howard Hinnant's days_from_civil.
        let year = parts[1] <= 2 ? parts[0] - 1 : parts[0]
        let era = (year >= 0 ? year : year - 399) / 400
        let yearOfEra = year - era * 400
        let dayOfYear = (153 * (parts[1] + (parts[1] > 2 ? -3 : 9)) + 2) / 5 + parts[2] - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
