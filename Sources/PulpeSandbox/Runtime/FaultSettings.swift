/// A way an `/api/v1` request can fail on purpose, to exercise a client's error handling.
public enum FaultKind: String, Sendable, CaseIterable, Codable {
    /// 500 `ERR_INTERNAL_SERVER` with the error envelope.
    case internalError = "500"
    /// 503 without the `MAINTENANCE` code: an ordinary server error, not maintenance.
    case unavailable = "503"
    /// The connection is closed without any response.
    case drop

    /// Parses a `--faults` list such as `500,503,drop`; `nil` for an unknown or empty entry.
    public static func parseList(_ text: String) -> [FaultKind]? {
        let kinds = text.split(separator: ",", omittingEmptySubsequences: false).map {
            FaultKind(rawValue: $0.trimmingCharacters(in: .whitespaces).lowercased())
        }
        guard !kinds.isEmpty, kinds.allSatisfy({ $0 != nil }) else { return nil }
        var unique: [FaultKind] = []
        for case let kind? in kinds where !unique.contains(kind) { unique.append(kind) }
        return unique
    }
}

/// Fault injection: each `/api/v1` request fails with probability `rate`, with a kind drawn evenly
/// from `kinds`. Admin, health and auth routes are never affected.
public struct FaultSettings: Sendable, Equatable, Codable {
    /// 0.0 … 1.0.
    public var rate: Double
    public var kinds: [FaultKind]

    public init(rate: Double, kinds: [FaultKind] = FaultKind.allCases) {
        self.rate = rate
        self.kinds = kinds
    }

    public static let none = FaultSettings(rate: 0, kinds: FaultKind.allCases)

    /// Whether the settings are usable: a rate in 0…1 and at least one kind when the rate is positive.
    public var isValid: Bool {
        (0...1).contains(rate) && (rate == 0 || !kinds.isEmpty)
    }
}
