/// HTTP header fields: order kept, names compared case-insensitively (RFC 9110 §5.1).
///
/// `description` redacts the values of secret-bearing headers so a request or response can be
/// logged or shown in a test failure without leaking a token or the client key.
public struct HTTPHeaders: Sendable, Hashable, Sequence, ExpressibleByDictionaryLiteral, CustomStringConvertible {
    public struct Field: Sendable, Hashable {
        public var name: String
        public var value: String

        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    /// Headers whose values are secrets (compared lowercased).
    public static let secretNames: Set<String> = ["authorization", "x-client-key", "apikey", "cookie", "set-cookie"]

    public private(set) var fields: [Field] = []

    public init() {}

    public init(_ pairs: [(String, String)]) {
        for (name, value) in pairs { self[name] = value }
    }

    public init(dictionaryLiteral elements: (String, String)...) {
        self.init(elements)
    }

    /// The value of `name` (any case); setting replaces every field of that name, `nil` removes them.
    public subscript(name: String) -> String? {
        get {
            let key = name.lowercased()
            return fields.first { $0.name.lowercased() == key }?.value
        }
        set {
            let key = name.lowercased()
            guard let newValue else {
                fields.removeAll { $0.name.lowercased() == key }
                return
            }
            if let index = fields.firstIndex(where: { $0.name.lowercased() == key }) {
                fields[index] = Field(name: name, value: newValue)
                fields = fields.enumerated()
                    .filter { $0.offset <= index || $0.element.name.lowercased() != key }
                    .map(\.element)
            } else {
                fields.append(Field(name: name, value: newValue))
            }
        }
    }

    /// Whether a field named `name` (any case) is present.
    public func contains(_ name: String) -> Bool { self[name] != nil }

    /// The field names, in order.
    public var names: [String] { fields.map(\.name) }

    public var isEmpty: Bool { fields.isEmpty }

    public func makeIterator() -> IndexingIterator<[Field]> { fields.makeIterator() }

    /// `Name: value` lines with secrets replaced by `<redacted>`.
    public var description: String {
        fields.map { field in
            let shown = HTTPHeaders.secretNames.contains(field.name.lowercased()) ? "<redacted>" : field.value
            return "\(field.name): \(shown)"
        }.joined(separator: ", ")
    }
}
