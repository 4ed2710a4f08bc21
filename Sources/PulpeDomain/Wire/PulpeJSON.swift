import Foundation

/// Factories for the JSON coders every Pulpe body goes through (client, cache and sandbox alike).
///
/// The models read and write their timestamps themselves, so they decode correctly with any
/// `JSONDecoder`; these factories add the same ISO-8601 handling for any other `Date` and make
/// encoding deterministic (sorted keys, no escaped slashes). Each access returns a fresh coder:
/// `JSONDecoder`/`JSONEncoder` are classes and must not be shared across tasks.
public enum PulpeJSON {
    /// A decoder that reads `Date` from ISO-8601 text (`PulpeDate.parse`). `Decimal` values decode
    /// exactly from the number's literal text with swift-foundation's `JSONDecoder` (no `Double`
    /// round trip): `DecimalDecodingTests` pins that down, so a platform that regresses fails loudly.
    public static var decoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            guard let date = PulpeDate.parse(text) else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "Not an ISO-8601 timestamp: \(text)")
            }
            return date
        }
        return decoder
    }

    /// An encoder with sorted keys and unescaped slashes (byte-stable bodies for tests and idempotent
    /// replays) that writes `Date` as `PulpeDate.format` (UTC `+00:00`, microseconds).
    public static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(PulpeDate.format(date))
        }
        return encoder
    }

    /// Decodes `type` from `data` with `PulpeJSON.decoder`.
    public static func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        try decoder.decode(type, from: data)
    }

    /// Encodes `value` with `PulpeJSON.encoder`.
    public static func encode<T: Encodable>(_ value: T) throws -> Data {
        try encoder.encode(value)
    }

    /// The top-level JSON object of `data`, or `nil` when `data` is not a JSON object.
    public static func object(from data: Data) -> [String: JSONValue]? {
        (try? JSONDecoder().decode(JSONValue.self, from: data))?.objectValue
    }
}
