import Foundation
import PulpeDomain

/// Reads the members of a strict JSON body, collecting Zod-shaped issues instead of stopping at the
/// first problem (the backend reports every rejected field at once).
///
/// A member that fails its rule reads as `.absent`; callers check `issues` before using any value.
struct BodyReader {
    let object: [String: JSONValue]
    private(set) var issues: [ZodIssue] = []

    /// Starts with the strictness check: every key outside `allowedKeys` is one `unrecognized_keys` issue.
    init(_ object: [String: JSONValue], allowedKeys: Set<String>) {
        self.object = object
        let unknown = object.keys.filter { !allowedKeys.contains($0) }.sorted()
        if !unknown.isEmpty { issues.append(.unrecognizedKeys(unknown)) }
    }

    mutating func fail(_ issue: ZodIssue) {
        issues.append(issue)
    }

    /// What the body holds for a key.
    private enum Raw {
        case missing
        case null
        case value(JSONValue)
    }

    /// The raw member; "missing" and "null" are judged here the same way for every rule.
    private mutating func member(_ key: String, required: Bool, nullable: Bool, expected: String) -> Raw {
        guard let value = object[key] else {
            if required { issues.append(.invalidType(expected: expected, received: nil, path: [key])) }
            return .missing
        }
        if value == .null {
            if !nullable { issues.append(.invalidType(expected: expected, received: .null, path: [key])) }
            return .null
        }
        return .value(value)
    }

    private mutating func read<T>(_ key: String, required: Bool, nullable: Bool, expected: String,
                                  _ convert: (inout BodyReader, JSONValue) -> T?) -> Field<T> {
        switch member(key, required: required, nullable: nullable, expected: expected) {
        case .missing: return .absent
        case .null: return nullable ? .null : .absent
        case .value(let value): return convert(&self, value).map(Field.value) ?? .absent
        }
    }

    /// A string; when `maxTrimmedLength` is set the *trimmed* text is measured in UTF-16 code units
    /// (what a JavaScript `.trim().max(n)` counts) and returned trimmed.
    mutating func string(_ key: String, required: Bool, nullable: Bool = false, trimmed: Bool = false,
                         maxLength: Int? = nil) -> Field<String> {
        read(key, required: required, nullable: nullable, expected: "string") { reader, value in
            guard case .string(let raw) = value else {
                reader.fail(.invalidType(expected: "string", received: value, path: [key]))
                return nil
            }
            let text = trimmed ? raw.trimmingCharacters(in: .whitespacesAndNewlines) : raw
            if let maxLength, text.utf16.count > maxLength {
                reader.fail(.tooBig(origin: "string", maximum: maxLength, unit: "characters", path: [key]))
                return nil
            }
            return text
        }
    }

    /// A UUID, returned lowercase (Postgres compares UUIDs case-insensitively).
    mutating func uuid(_ key: String, required: Bool, nullable: Bool = false) -> Field<String> {
        read(key, required: required, nullable: nullable, expected: "string") { reader, value in
            guard case .string(let text) = value else {
                reader.fail(.invalidType(expected: "string", received: value, path: [key]))
                return nil
            }
            guard UUIDText.isRFC(text) else {
                reader.fail(.invalidFormat("uuid", message: "Invalid UUID", path: [key]))
                return nil
            }
            return text.lowercased()
        }
    }

    /// A number; `exclusiveMinimum` mirrors Zod's `.positive()`.
    mutating func number(_ key: String, required: Bool, exclusiveMinimum: Decimal? = nil) -> Field<Decimal> {
        read(key, required: required, nullable: false, expected: "number") { reader, value in
            guard case .number(let number) = value else {
                reader.fail(.invalidType(expected: "number", received: value, path: [key]))
                return nil
            }
            if let exclusiveMinimum, number <= exclusiveMinimum {
                reader.fail(.tooSmall(origin: "number", minimum: exclusiveMinimum, inclusive: false, path: [key]))
                return nil
            }
            return number
        }
    }

    /// An integer in `range`.
    mutating func integer(_ key: String, required: Bool, range: ClosedRange<Int>) -> Field<Int> {
        integer(key, required: required, nullable: false, range: range)
    }

    /// An integer in `range`, or `null` (`.nullable()`), or absent.
    mutating func integerOrNull(_ key: String, range: ClosedRange<Int>) -> Field<Int> {
        integer(key, required: false, nullable: true, range: range)
    }

    private mutating func integer(_ key: String, required: Bool, nullable: Bool, range: ClosedRange<Int>) -> Field<Int> {
        read(key, required: required, nullable: nullable, expected: "number") { reader, value in
            guard case .number(let number) = value else {
                reader.fail(.invalidType(expected: "number", received: value, path: [key]))
                return nil
            }
            guard let int = Self.exactInteger(number) else {
                reader.fail(.invalidType(expected: "int", received: value, path: [key]))
                return nil
            }
            if int < range.lowerBound {
                reader.fail(.tooSmall(origin: "number", minimum: Decimal(range.lowerBound), inclusive: true, path: [key]))
                return nil
            }
            if int > range.upperBound {
                reader.fail(.tooLarge(origin: "number", maximum: Decimal(range.upperBound), path: [key]))
                return nil
            }
            return int
        }
    }

    /// One of `options`.
    mutating func option(_ key: String, required: Bool, options: [String]) -> Field<String> {
        read(key, required: required, nullable: false, expected: "string") { reader, value in
            guard case .string(let text) = value, options.contains(text) else {
                reader.fail(.invalidValue(options: options, path: [key]))
                return nil
            }
            return text
        }
    }

    /// An ISO-8601 timestamp **with** an offset (`Z` or `±hh:mm`), like Zod's `iso.datetime({ offset: true })`.
    mutating func timestamp(_ key: String, required: Bool, nullable: Bool = false) -> Field<Date> {
        read(key, required: required, nullable: nullable, expected: "string") { reader, value in
            guard case .string(let text) = value else {
                reader.fail(.invalidType(expected: "string", received: value, path: [key]))
                return nil
            }
            let bytes = Array(text.utf8)
            guard bytes.count > 10, bytes[10] == UInt8(ascii: "T"),
                  let parsed = PulpeDate.parseDetailed(text), parsed.utcOffsetSeconds != nil else {
                reader.fail(.invalidFormat("datetime", message: "Invalid ISO datetime", path: [key]))
                return nil
            }
            return parsed.date
        }
    }

    /// A list of distinct UUIDs, at most `maxCount`.
    mutating func uuidList(_ key: String, required: Bool, maxCount: Int) -> Field<[String]> {
        read(key, required: required, nullable: false, expected: "array") { reader, value in
            guard case .array(let elements) = value else {
                reader.fail(.invalidType(expected: "array", received: value, path: [key]))
                return nil
            }
            var ids: [String] = []
            var failed = false
            for (index, element) in elements.enumerated() {
                guard case .string(let text) = element else {
                    reader.fail(.invalidType(expected: "string", received: element, path: [key, String(index)]))
                    failed = true
                    continue
                }
                guard UUIDText.isRFC(text) else {
                    reader.fail(.invalidFormat("uuid", message: "Invalid UUID", path: [key, String(index)]))
                    failed = true
                    continue
                }
                ids.append(text.lowercased())
            }
            if elements.count > maxCount {
                reader.fail(.tooBig(origin: "array", maximum: maxCount, unit: "items", path: [key]))
                failed = true
            }
            if !failed, Set(ids).count != ids.count {
                reader.fail(.custom("Tag IDs must be unique", path: [key]))
                failed = true
            }
            return failed ? nil : ids
        }
    }

    /// A Boolean.
    mutating func bool(_ key: String, required: Bool) -> Field<Bool> {
        read(key, required: required, nullable: false, expected: "boolean") { reader, value in
            guard case .bool(let flag) = value else {
                reader.fail(.invalidType(expected: "boolean", received: value, path: [key]))
                return nil
            }
            return flag
        }
    }

    /// `number` as an `Int` when it is a whole number of reasonable size (no `Double` involved).
    private static func exactInteger(_ number: Decimal) -> Int? {
        var value = number
        var whole = Decimal()
        NSDecimalRound(&whole, &value, 0, .plain)
        guard whole == number, abs(number) <= 1_000_000_000 else { return nil }
        return NSDecimalNumber(decimal: whole).intValue
    }
}
