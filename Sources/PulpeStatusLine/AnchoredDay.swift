#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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
