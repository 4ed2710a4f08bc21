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
