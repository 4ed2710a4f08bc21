import Foundation

/// Parses and writes the API's ISO-8601 timestamps by hand.
///
/// Why not `ISO8601DateFormatter`: it needs one option set for "with fraction" and another for
/// "without", keeps only milliseconds, is a non-`Sendable` class, and differs between platforms.
/// The backend (Postgres via Supabase) writes 0–6 fraction digits and `+00:00` offsets; JavaScript
/// clients write `Z`. This parser accepts all of them exactly.
public enum PulpeDate {
    /// A parsed timestamp with the offset it was written in.
    public struct Parsed: Sendable, Hashable {
        /// The instant.
        public let date: Date
        /// The offset east of UTC the text was written in, in seconds; `nil` when the text had none
        /// (then it was read as UTC).
        public let utcOffsetSeconds: Int?
    }

    /// Parses a timestamp; `nil` when the text is not one.
    ///
    /// Accepted: `YYYY-MM-DD`, then optionally `T` (or `t` or a space) `hh:mm[:ss[.f…]]` and an offset
    /// `Z`, `z`, `±hh:mm`, `±hhmm` or `±hh`. Any number of fraction digits (only the first 9 count).
    /// A missing offset, or a date alone (midnight), is read as UTC — tolerance for odd servers; the
    /// Pulpe API always sends an offset.
    public static func parse(_ text: String) -> Date? {
        parseDetailed(text)?.date
    }

    /// Like `parse(_:)` but also returns the offset the text carried.
    public static func parseDetailed(_ text: String) -> Parsed? {
        var scanner = ByteScanner(Array(text.utf8))
        guard let year = scanner.number(digits: 4), scanner.skip("-"),
              let month = scanner.number(digits: 2), scanner.skip("-"),
              let day = scanner.number(digits: 2),
              let calendarDay = CalendarDay(year: year, month: month, day: day) else { return nil }

        var hour = 0, minute = 0, second = 0, nanos = 0
        var offset: Int?
        if !scanner.atEnd {
            guard scanner.skip("T") || scanner.skip("t") || scanner.skip(" "),
                  let h = scanner.number(digits: 2), scanner.skip(":"),
                  let m = scanner.number(digits: 2) else { return nil }
            hour = h
            minute = m
            if scanner.skip(":") {
                guard let s = scanner.number(digits: 2) else { return nil }
                second = s
                if scanner.skip(".") || scanner.skip(",") {
                    guard let fraction = scanner.fractionNanos() else { return nil }
                    nanos = fraction
                }
            }
            if scanner.skip("Z") || scanner.skip("z") {
                offset = 0
            } else if let sign = scanner.sign() {
                guard let oh = scanner.number(digits: 2) else { return nil }
                var om = 0
                if scanner.skip(":") {
                    guard let value = scanner.number(digits: 2) else { return nil }
                    om = value
                } else if let value = scanner.number(digits: 2) {
                    om = value
                }
                guard oh <= 23, om <= 59 else { return nil }
                offset = sign * (oh * 3600 + om * 60)
            }
            guard scanner.atEnd, hour <= 23, minute <= 59, second <= 59 else { return nil }
        }

        let seconds = calendarDay.daysSinceEpoch * 86_400 + hour * 3600 + minute * 60 + second - (offset ?? 0)
        let date = Date(timeIntervalSince1970: Double(seconds) + Double(nanos) / 1_000_000_000)
        return Parsed(date: date, utcOffsetSeconds: offset)
    }

    /// Writes `date` as `YYYY-MM-DDThh:mm:ss[.ffffff]±hh:mm`.
    ///
    /// - Parameters:
    ///   - utcOffsetSeconds: offset east of UTC to write the wall time in (default UTC, `+00:00`).
    ///   - fractionDigits: 0…6 fraction digits, rounded to the nearest unit. The default 6 matches the
    ///     backend and makes decode → encode → decode stable at microsecond precision.
    ///
    /// Total: an instant outside the years 1…9999 (a session file's `expires_at` of 2^63, ±∞, NaN)
    /// is written as the nearest end of that range, where the integer conversion below used to trap
    /// (found by `make fuzz`, target session-file).
    public static func format(_ date: Date, utcOffsetSeconds: Int = 0, fractionDigits: Int = 6) -> String {
        let digits = min(6, max(0, fractionDigits))
        var unitsPerSecond: Int64 = 1
        for _ in 0..<digits { unitsPerSecond *= 10 }
        let local = writableRange.clamp(date.timeIntervalSince1970 + Double(utcOffsetSeconds))
        // Whole seconds and fraction apart (`local - whole` is exact): `local * 10^6` rounded once
        // more past 2^53 µs, so a time of 2112 wrote .560001 then, read back, .560002 (`make fuzz`).
        let whole = local.rounded(.down)
        var seconds = Int(whole)
        var fraction = Int64(((local - whole) * Double(unitsPerSecond)).rounded())
        if fraction == unitsPerSecond {
            seconds += 1
            fraction = 0
        }
        let day = CalendarDay(daysSinceEpoch: CalendarDay.floorDiv(seconds, 86_400))
        let secondOfDay = CalendarDay.floorMod(seconds, 86_400)
        let absOffset = abs(utcOffsetSeconds)
        // Written as bytes: the sandbox writes 60 000 rows' three timestamps in one export, and
        // joining padded strings was a fifth of it (`perf`, decision 81).
        var text = [UInt8]()
        text.reserveCapacity(32)
        digitsOf(day.year, 4, into: &text)
        text.append(UInt8(ascii: "-"))
        digitsOf(day.month, 2, into: &text)
        text.append(UInt8(ascii: "-"))
        digitsOf(day.day, 2, into: &text)
        text.append(UInt8(ascii: "T"))
        digitsOf(secondOfDay / 3600, 2, into: &text)
        text.append(UInt8(ascii: ":"))
        digitsOf(secondOfDay % 3600 / 60, 2, into: &text)
        text.append(UInt8(ascii: ":"))
        digitsOf(secondOfDay % 60, 2, into: &text)
        if digits > 0 {
            text.append(UInt8(ascii: "."))
            digitsOf(Int(fraction), digits, into: &text)
        }
        text.append(UInt8(ascii: utcOffsetSeconds < 0 ? "-" : "+"))
        digitsOf(absOffset / 3600, 2, into: &text)
        text.append(UInt8(ascii: ":"))
        digitsOf(absOffset % 3600 / 60, 2, into: &text)
        return String(decoding: text, as: UTF8.self)
    }

    /// `value` zero-padded to `width` digits, as `CalendarDay.pad` writes it.
    private static func digitsOf(_ value: Int, _ width: Int, into text: inout [UInt8]) {
        var limit = 1
        for _ in 0..<width { limit *= 10 }
        guard value >= 0, value < limit else {
            text.append(contentsOf: CalendarDay.pad(value, width).utf8)
            return
        }
        var divisor = limit / 10
        while divisor > 0 {
            text.append(UInt8(ascii: "0") + UInt8(value / divisor % 10))
            divisor /= 10
        }
    }

    /// Writes `date` with the offset `timeZone` has at that instant.
    public static func format(_ date: Date, timeZone: LocalZone, fractionDigits: Int = 6) -> String {
        format(date, utcOffsetSeconds: timeZone.secondsFromGMT(for: date), fractionDigits: fractionDigits)
    }

    /// 0001-01-01T00:00:00 … 9999-12-31T23:59:59, as seconds since 1970: what four year digits hold.
    static let writableRange: ClosedRange<Double> = -62_135_596_800 ... 253_402_300_799
}

/// A tiny forward-only reader over ASCII bytes for `PulpeDate`.
private struct ByteScanner {
    private let bytes: [UInt8]
    private var index = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var atEnd: Bool { index == bytes.count }

    mutating func skip(_ character: Character) -> Bool {
        guard let ascii = character.asciiValue, index < bytes.count, bytes[index] == ascii else { return false }
        index += 1
        return true
    }

    /// Exactly `digits` decimal digits.
    mutating func number(digits: Int) -> Int? {
        guard index + digits <= bytes.count else { return nil }
        var value = 0
        for offset in 0..<digits {
            let byte = bytes[index + offset]
            guard byte >= 0x30, byte <= 0x39 else { return nil }
            value = value * 10 + Int(byte - 0x30)
        }
        index += digits
        return value
    }

    /// One or more digits read as a fraction of a second, in nanoseconds (digits past the 9th ignored).
    mutating func fractionNanos() -> Int? {
        var value = 0
        var count = 0
        while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 {
            if count < 9 {
                value = value * 10 + Int(bytes[index] - 0x30)
            }
            count += 1
            index += 1
        }
        guard count > 0 else { return nil }
        for _ in min(count, 9)..<9 { value *= 10 }
        return value
    }

    /// `+1`, `-1`, or `nil` (no sign here). Also accepts U+2212 MINUS SIGN.
    mutating func sign() -> Int? {
        if skip("+") { return 1 }
        if skip("-") { return -1 }
        let minus: [UInt8] = [0xE2, 0x88, 0x92]
        if index + 3 <= bytes.count, Array(bytes[index..<index + 3]) == minus {
            index += 3
            return -1
        }
        return nil
    }
}

extension ClosedRange<Double> {
    /// `value` moved into the range; NaN goes to the lower bound.
    func clamp(_ value: Double) -> Double {
        guard !value.isNaN else { return lowerBound }
        return Swift.min(Swift.max(value, lowerBound), upperBound)
    }
}
