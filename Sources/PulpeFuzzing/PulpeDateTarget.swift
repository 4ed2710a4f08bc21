import Foundation
import PulpeDomain

/// Timestamps as every body and stored file writes them (`PulpeDate`).
enum PulpeDateTarget {
    static let target = FuzzTarget(name: "pulpe-date",
                                   feeds: "any text as an ISO-8601 timestamp (`PulpeDate.parse`, then `format`)",
                                   run: run)

    static func run(_ data: Data) throws(FuzzViolation) {
        // Any instant at all — the first 8 bytes as a Double: NaN, ±∞, 2^63 — is written, never a trap.
        if data.count >= 8 {
            let seconds = data.prefix(8).reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
            let written = PulpeDate.format(Date(timeIntervalSince1970: Double(bitPattern: seconds)))
            try check(PulpeDate.parse(written) != nil, "a written instant does not parse: \(written)")
        }
        let text = data.lossyText
        guard let date = PulpeDate.parse(text) else { return }
        try check(date.timeIntervalSince1970.isFinite, "\(text) parsed to a non-finite date")
        // What the app writes back (microseconds, UTC) reads back and writes the same text again.
        let written = PulpeDate.format(date)
        guard let again = PulpeDate.parse(written) else { throw FuzzViolation("\(text) → \(written) does not parse") }
        let rewritten = PulpeDate.format(again)
        // A Double holds microseconds exactly enough up to 2^33 s (year 2242); past it, not stable.
        if abs(date.timeIntervalSince1970) < 8_589_934_592 {
            try check(rewritten == written, "\(text) → \(written) → \(rewritten)")
        }
        for digits in [0, 3] {
            let short = PulpeDate.format(date, fractionDigits: digits)
            try check(PulpeDate.parse(short) != nil, "\(text) → \(short) does not parse")
        }
        _ = CalendarDay(date, in: .utc)
    }
}
