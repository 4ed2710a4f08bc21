import Foundation

// Shared decoding/encoding helpers so every model reads timestamps and amounts the same way,
// independently of which JSONDecoder/JSONEncoder (and date strategy) the caller uses.

extension KeyedDecodingContainer {
    /// A required ISO-8601 timestamp string (see `PulpeDate.parse`).
    func decodeTimestamp(forKey key: Key) throws -> Date {
        let text = try decode(String.self, forKey: key)
        guard let date = PulpeDate.parse(text) else {
            throw DecodingError.dataCorruptedError(forKey: key, in: self, debugDescription: "Not an ISO-8601 timestamp: \(text)")
        }
        return date
    }

    /// An optional timestamp: missing or `null` → `nil`; a malformed string still throws.
    func decodeTimestampIfPresent(forKey key: Key) throws -> Date? {
        guard let text = try decodeIfPresent(String.self, forKey: key) else { return nil }
        guard let date = PulpeDate.parse(text) else {
            throw DecodingError.dataCorruptedError(forKey: key, in: self, debugDescription: "Not an ISO-8601 timestamp: \(text)")
        }
        return date
    }

    /// A required amount: a JSON number (decoded exactly from its text), or, tolerantly, a numeric string.
    func decodeAmount(forKey key: Key) throws -> Decimal {
        if let value = try decodeAmountIfPresent(forKey: key) { return value }
        return try decode(Decimal.self, forKey: key) // throws the precise "missing"/"null" error
    }

    /// An optional amount: missing or `null` → `nil`.
    func decodeAmountIfPresent(forKey key: Key) throws -> Decimal? {
        guard contains(key), try !decodeNil(forKey: key) else { return nil }
        if let value = try? decode(Decimal.self, forKey: key) { return value }
        if let text = try? decode(String.self, forKey: key), let value = DecimalText.parse(text) { return value }
        return try decode(Decimal.self, forKey: key)
    }

    /// A value that falls back to `defaultValue` when the key is missing or `null`.
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key, default defaultValue: T) throws -> T {
        try decodeIfPresent(type, forKey: key) ?? defaultValue
    }
}

extension KeyedEncodingContainer {
    /// Writes a timestamp the way the backend does (`PulpeDate.format`, UTC, microseconds).
    mutating func encodeTimestamp(_ date: Date, forKey key: Key) throws {
        try encode(PulpeDate.format(date), forKey: key)
    }

    /// Writes a timestamp, or an explicit `null`.
    mutating func encodeTimestampOrNull(_ date: Date?, forKey key: Key) throws {
        if let date {
            try encodeTimestamp(date, forKey: key)
        } else {
            try encodeNil(forKey: key)
        }
    }

    /// Writes a value, or an explicit `null` (the backend writes nullable columns as `null`, not absent).
    mutating func encodeOrNull<T: Encodable>(_ value: T?, forKey key: Key) throws {
        if let value {
            try encode(value, forKey: key)
        } else {
            try encodeNil(forKey: key)
        }
    }

    /// Writes a timestamp only when present.
    mutating func encodeTimestampIfPresent(_ date: Date?, forKey key: Key) throws {
        if let date { try encodeTimestamp(date, forKey: key) }
    }
}

/// Strict decimal text → `Decimal` (plain `Decimal(string:)` accepts trailing garbage like `"12abc"`).
enum DecimalText {
    /// `[+-]digits[.digits][e[+-]digits]` (at least one digit), surrounding spaces allowed; `nil` otherwise.
    static func parse(_ text: String) -> Decimal? {
        let scalars = Array(text.trimmingCharacters(in: .whitespaces).unicodeScalars)
        var index = 0
        func digits() -> Int {
            var count = 0
            while index < scalars.count, ("0"..."9").contains(scalars[index]) {
                index += 1
                count += 1
            }
            return count
        }
        var negative = false
        if index < scalars.count, scalars[index] == "-" || scalars[index] == "+" {
            negative = scalars[index] == "-"
            index += 1
        }
        let mantissaStart = index
        var digitCount = digits()
        if index < scalars.count, scalars[index] == "." {
            index += 1
            digitCount += digits()
        }
        guard digitCount > 0 else { return nil }
        if index < scalars.count, scalars[index] == "e" || scalars[index] == "E" {
            index += 1
            if index < scalars.count, scalars[index] == "-" || scalars[index] == "+" { index += 1 }
            guard digits() > 0 else { return nil }
        }
        guard index == scalars.count else { return nil }
        var body = String.UnicodeScalarView()
        body.append(contentsOf: scalars[mantissaStart...])
        guard let magnitude = Decimal(string: String(body)) else { return nil }
        return negative ? -magnitude : magnitude
    }
}
