/// Fault injection: each `/api/v1` request fails with probability `rate`, with a kind drawn evenly
/// from those of `kinds` that apply to it (`created-*` apply to `POST /api/v1/transactions` only).
/// Admin, health and auth routes are never affected.
public struct FaultSettings: Sendable, Equatable, Codable {
    /// 0.0 … 1.0.
    public var rate: Double
    public var kinds: [FaultKind]

    public init(rate: Double, kinds: [FaultKind] = FaultKind.defaultKinds) {
        self.rate = rate
        self.kinds = kinds
    }

    public static let none = FaultSettings(rate: 0, kinds: FaultKind.defaultKinds)

    /// Whether the settings are usable: a rate in 0…1 and at least one kind when the rate is positive.
    public var isValid: Bool {
        (0...1).contains(rate) && (rate == 0 || !kinds.isEmpty)
    }
}
