import Foundation

/// A savings goal (`GET /savings-goals`, `shared/schemas.ts` `savingsGoalSchema`): what a saving
/// prévision may be linked to (`savingsGoalId`, saving lines only, §15.5), so the apps count it
/// towards the goal. The terminal reads goals to offer the link; it does not manage them.
public struct SavingsGoal: Sendable, Hashable, Identifiable {
    public enum Status: String, Sendable, Hashable, Codable {
        case active = "ACTIVE"
        case completed = "COMPLETED"
        case paused = "PAUSED"
    }

    public var id: String
    public var userId: String
    public var name: String
    /// Nil: no target amount (the server sends numeric columns as numbers or strings).
    public var targetAmount: Decimal?
    /// `YYYY-MM-DD`, nil when open-ended.
    public var targetDate: String?
    public var status: Status
    public var createdAt: Date
    public var updatedAt: Date

    public init(id: String, userId: String, name: String, targetAmount: Decimal? = nil, targetDate: String? = nil,
                status: Status = .active, createdAt: Date, updatedAt: Date) {
        self.id = id
        self.userId = userId
        self.name = name
        self.targetAmount = targetAmount
        self.targetDate = targetDate
        self.status = status
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }

    /// The goal of that name (case and accents aside), else the one with that id, else the only
    /// one whose name starts with it (« voyage » for « Voyage au Japon »).
    public static func named(_ name: String, in goals: [SavingsGoal]) -> SavingsGoal? {
        let folded = { (text: String) in
            text.trimmingCharacters(in: .whitespaces).folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
        }
        let wanted = folded(name)
        if let exact = goals.first(where: { folded($0.name) == wanted }) ?? goals.first(where: { $0.id.lowercased() == name.lowercased() }) {
            return exact
        }
        let starting = goals.filter { !wanted.isEmpty && folded($0.name).hasPrefix(wanted) }
        return starting.count == 1 ? starting[0] : nil
    }
}

extension SavingsGoal: Codable {
    enum CodingKeys: String, CodingKey { case id, userId, name, targetAmount, targetDate, status, createdAt, updatedAt }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(String.self, forKey: .id)
        userId = try c.decode(String.self, forKey: .userId)
        name = try c.decode(String.self, forKey: .name)
        targetAmount = try c.decodeAmountIfPresent(forKey: .targetAmount)
        targetDate = try c.decodeIfPresent(String.self, forKey: .targetDate)
        // A status a later server adds reads as active rather than failing the whole list.
        status = (try? c.decode(Status.self, forKey: .status)) ?? .active
        createdAt = try c.decodeTimestamp(forKey: .createdAt)
        updatedAt = try c.decodeTimestamp(forKey: .updatedAt)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(userId, forKey: .userId)
        try c.encode(name, forKey: .name)
        try c.encodeOrNull(targetAmount, forKey: .targetAmount)
        try c.encodeOrNull(targetDate, forKey: .targetDate)
        try c.encode(status, forKey: .status)
        try c.encodeTimestamp(createdAt, forKey: .createdAt)
        try c.encodeTimestamp(updatedAt, forKey: .updatedAt)
    }
}
