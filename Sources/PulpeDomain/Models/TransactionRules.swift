import Foundation

/// The server's limits on a new transaction (§9), checked before a body is queued so the user hears
/// about a problem in the form rather than from a refused outbox entry.
public enum TransactionRules {
    /// Largest accepted amount (inclusive).
    public static let maxAmount: Decimal = 1_000_000
    /// Longest accepted name after trimming, in UTF-16 code units (what the server's Zod schema counts).
    public static let maxNameLength = 100
    /// Most tags on one transaction.
    public static let maxTagCount = 10

    /// One reason a body would be refused. The UI maps these to French text.
    public enum Problem: Sendable, Hashable {
        /// No amount, or not > 0.
        case amountMissing
        /// Above `maxAmount`.
        case amountTooLarge
        /// Blank after trimming.
        case nameMissing
        /// Longer than `maxNameLength` after trimming.
        case nameTooLong
        /// More than `maxTagCount` tags, or the same tag twice.
        case invalidTags
    }

    /// Every problem with the given form values, in a stable order; empty when the body is acceptable.
    public static func problems(amount: Decimal?, name: String, tagIds: [String] = []) -> [Problem] {
        var problems: [Problem] = []
        if let amount {
            if amount <= 0 { problems.append(.amountMissing) }
            if amount > maxAmount { problems.append(.amountTooLarge) }
        } else {
            problems.append(.amountMissing)
        }
        let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.isEmpty { problems.append(.nameMissing) }
        if trimmed.utf16.count > maxNameLength { problems.append(.nameTooLong) }
        if tagIds.count > maxTagCount || Set(tagIds).count != tagIds.count { problems.append(.invalidTags) }
        return problems
    }

    /// The problems of a ready body.
    public static func problems(of body: NewTransaction) -> [Problem] {
        problems(amount: body.amount, name: body.name, tagIds: body.tagIds ?? [])
    }
}
