import Foundation

/// An instant on 21 November 2026 at `hhmm` in the fixtures' time zone (UTC+1, like Zurich in
/// winter), so screens say « 14:32 » for `at("14:32")` on any machine.
func at(_ hhmm: String, day: Int = 21) -> Date {
    let parts = hhmm.split(separator: ":").compactMap { Int($0) }
    let localMidnight = Date(timeIntervalSince1970: 1_795_219_200 - 3600)   // 2026-11-21T00:00+01:00
    return localMidnight.addingTimeInterval(Double((day - 21) * 86_400 + parts[0] * 3600 + parts[1] * 60))
}
