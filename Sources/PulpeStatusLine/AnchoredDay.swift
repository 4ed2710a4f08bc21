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

    /// Why `value` (`PULPE_TODAY`'s text, nil when unset) cannot anchor the clock, or nil when it
    /// can or is unset or empty — the words of `SystemTime.anchorProblem`, which the launcher
    /// cannot link (it has no Foundation). The launcher refuses to start with such a value.
    public static func problem(_ value: String?) -> String? {
        guard let value, !value.isEmpty, daysSinceEpoch(value) == nil else { return nil }
        return "PULPE_TODAY must be a day as YYYY-MM-DD, not \"\(value)\""
    }

    /// Days since 1970-01-01 of a `YYYY-MM-DD` text naming a real day (the proleptic Gregorian
    /// calendar), else nil.
    static func daysSinceEpoch(_ text: String) -> Int? {
        let bytes = Array(text.utf8)
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
              bytes.enumerated().allSatisfy({ $0.offset == 4 || $0.offset == 7 || (48...57).contains($0.element) }) else { return nil }
        let parts = text.split(separator: "-").compactMap { Int($0) }
        guard parts.count == 3, (1...12).contains(parts[1]) else { return nil }
        let leap = parts[0] % 4 == 0 && (parts[0] % 100 != 0 || parts[0] % 400 == 0)
        let lengths = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        guard (1...lengths[parts[1] - 1]).contains(parts[2]) else { return nil }
        // Howard Hinnant's days_from_civil.
        let year = parts[1] <= 2 ? parts[0] - 1 : parts[0]
        let era = (year >= 0 ? year : year - 399) / 400
        let yearOfEra = year - era * 400
        let dayOfYear = (153 * (parts[1] + (parts[1] > 2 ? -3 : 9)) + 2) / 5 + parts[2] - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
