import Foundation
@testable import PulpeDomain

/// An exact decimal from its text (a float literal would go through `Double`).
func dec(_ text: String) -> Decimal {
    guard let value = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) else {
        fatalError("bad decimal literal \(text)")
    }
    return value
}

/// Decodes `json` with the Pulpe decoder.
func decode<T: Decodable>(_ type: T.Type, _ json: String) throws -> T {
    try PulpeJSON.decode(type, from: Data(json.utf8))
}

/// Encodes `value` with the Pulpe encoder into a string.
func encodeText<T: Encodable>(_ value: T) throws -> String {
    String(decoding: try PulpeJSON.encode(value), as: UTF8.self)
}

/// A calendar day that must exist.
func day(_ year: Int, _ month: Int, _ day: Int) -> CalendarDay {
    guard let value = CalendarDay(year: year, month: month, day: day) else { fatalError("bad day \(year)-\(month)-\(day)") }
    return value
}

/// An instant from a timestamp that must parse.
func instant(_ text: String) -> Date {
    guard let date = PulpeDate.parse(text) else { fatalError("bad timestamp \(text)") }
    return date
}

let utc = LocalZone(TimeZone(identifier: "UTC")!)
let zurich = LocalZone(TimeZone(identifier: "Europe/Zurich")!)
