import Foundation

/// Reads the `Retry-After` header (RFC 9110 §10.2.3): delay-seconds or an HTTP-date.
public enum RetryAfter {
    /// The wait the header asks for, relative to `now`; `nil` when absent or unreadable.
    /// Negative seconds and dates in the past mean "now" (zero).
    public static func parse(_ value: String?, now: Date) -> Duration? {
        guard let value = value?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { return nil }
        if let seconds = Int(value) {
            return .seconds(max(0, seconds))
        }
        guard let date = httpDate(value) else { return nil }
        let interval = date.timeIntervalSince(now)
        guard interval > 0 else { return .zero }
        return .milliseconds(Int64((interval * 1000).rounded(.up)))
    }

    /// IMF-fixdate (`Sun, 06 Nov 1994 08:49:37 GMT`), the only format servers must send; the two
    /// obsolete formats (RFC 850, asctime) are accepted as the RFC asks recipients to.
    static func httpDate(_ text: String) -> Date? {
        for format in ["EEE, dd MMM yyyy HH:mm:ss zzz", "EEEE, dd-MMM-yy HH:mm:ss zzz", "EEE MMM d HH:mm:ss yyyy"] {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "GMT")
            formatter.dateFormat = format
            if let date = formatter.date(from: text) { return date }
        }
        return nil
    }
}
