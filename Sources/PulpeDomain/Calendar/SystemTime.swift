import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// The wall clock every process of the project reads: `Date()`, moved by whole days when the
/// environment's `PULPE_TODAY` (YYYY-MM-DD) names another day.
///
/// Why: the demo data and the current pay-day period follow the calendar, so a test that assumes
/// the day it runs on passes on most days and fails on a few (decision 80). `scripts/e2e.sh` anchors
/// the app, the shell and the sandbox on chosen days of a period (its first, its busiest, its
/// last, a month's 31st) through this one variable, so such a test fails on any day. The shift is
/// whole days: the time of day — every timer, expiry and timeout between processes — is the real
/// one. Unset (every user), it is `Date()`.
public enum SystemTime {
    /// The variable the app, the shell and the sandbox read.
    public static let environmentKey = "PULPE_TODAY"

    /// Seconds added to `Date()`: a whole number of days, 0 without the variable.
    public static let offset: TimeInterval = {
        guard let text = getenv(environmentKey).map({ String(cString: $0) }), !text.isEmpty,
              let anchor = CalendarDay(iso: text) else { return 0 }
        let today = CalendarDay(Date(), in: .system)
        return TimeInterval(anchor.daysSinceEpoch - today.daysSinceEpoch) * 86_400
    }()

    /// Now, on the anchored day when there is one.
    public static func now() -> Date { Date().addingTimeInterval(offset) }

    /// Why `value` (the variable's text, nil when unset) cannot anchor the clock, or nil when it
    /// can or is unset or empty. Every binary refuses to start with such a value: read as « no
    /// anchor », a mistyped day made an anchored test run pass on the real day (decision 80).
    public static func anchorProblem(_ value: String?) -> String? {
        guard let value, !value.isEmpty, CalendarDay(iso: value) == nil else { return nil }
        return "\(environmentKey) must be a day as YYYY-MM-DD, not \"\(value)\""
    }

    /// `anchorProblem` of this process's environment.
    public static var environmentProblem: String? {
        anchorProblem(getenv(environmentKey).map { String(cString: $0) })
    }
}
