import Foundation

/// An instant on 21 November 2026 at `hhmm` UTC (the runner only passes dates along).
func at(_ hhmm: String) -> Date {
    let parts = hhmm.split(separator: ":").compactMap { Int($0) }
    return Date(timeIntervalSince1970: 1_795_219_200 + Double(parts[0] * 3600 + parts[1] * 60))
}
