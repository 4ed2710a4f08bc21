import Foundation
import GRDB
import PulpeDomain

/// How domain values become column values and back. Amounts are decimal TEXT so nothing ever
/// passes through `Double`; timestamps are `PulpeDate` TEXT; tag lists are a JSON array of strings.
enum ColumnCoding {
    private static let posix = Locale(identifier: "en_US_POSIX")

    static func amountText(_ value: Decimal) -> String { "\(value)" }

    static func amount(_ text: String) throws -> Decimal {
        guard let value = Decimal(string: text, locale: posix) else { throw StorageError.corrupt("amount \(text)") }
        return value
    }

    static func dateText(_ date: Date) -> String { PulpeDate.format(date) }

    static func date(_ text: String) throws -> Date {
        guard let date = PulpeDate.parse(text) else { throw StorageError.corrupt("timestamp \(text)") }
        return date
    }

    static func optionalDate(_ text: String?) throws -> Date? {
        try text.map(date)
    }

    static func kind(_ text: String) throws -> TransactionKind {
        guard let kind = TransactionKind(rawValue: text) else { throw StorageError.corrupt("kind \(text)") }
        return kind
    }

    static func tagsText(_ tags: [String]) -> String {
        (try? String(decoding: JSONEncoder().encode(tags), as: UTF8.self)) ?? "[]"
    }

    static func tags(_ text: String) -> [String] {
        if text == "[]" { return [] } // almost every row: skip the decoder
        return (try? JSONDecoder().decode([String].self, from: Data(text.utf8))) ?? []
    }
}
