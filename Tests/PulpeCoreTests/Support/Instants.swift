import Foundation

/// An instant on 21 November 2026 at `hhmm` UTC: the core only compares and stores dates, so any
/// fixed, readable instant will do.
func at(_ hhmm: String, day: Int = 21) -> Date {
    let parts = hhmm.split(separator: ":").compactMap { Int($0) }
    let midnight = Date(timeIntervalSince1970: 1_795_219_200)   // 2026-11-21T00:00:00Z
    return midnight.addingTimeInterval(Double((day - 21) * 86_400 + parts[0] * 3600 + parts[1] * 60))
}
