import Foundation
import PulpeDomain

/// How a shell verb finds what it acts on (`pulpe check TARGET`, `pulpe line edit NAME`): a whole
/// id, a unique id prefix of at least 6 characters, or an exact name in the month (letter case and
/// surrounding spaces aside). Pure.
public enum ShellTargets {
    public enum Match<Item: Sendable & Hashable>: Sendable, Hashable {
        case found(Item)
        /// More than one matches: the candidates to choose from.
        case ambiguous([Item])
        /// Nothing matches: what there is, closest first (names containing the query), at most 12.
        case unknown([Item])
    }

    /// The shortest id prefix a target may be given by.
    public static let minimumPrefix = 6

    public static func transaction(_ query: String, in details: BudgetDetails) -> Match<Transaction> {
        match(query, in: details.transactions, id: \.id, name: \.name)
    }

    public static func budgetLine(_ query: String, in details: BudgetDetails) -> Match<BudgetLine> {
        match(query, in: details.budgetLines, id: \.id, name: \.name)
    }

    static func match<Item>(_ query: String, in items: [Item], id: (Item) -> String, name: (Item) -> String) -> Match<Item> {
        let wanted = query.trimmingCharacters(in: .whitespaces)
        let lowered = wanted.lowercased()
        if let exact = items.first(where: { id($0) == lowered }) { return .found(exact) }
        let byName = items.filter { name($0).trimmingCharacters(in: .whitespaces).lowercased() == lowered }
        if byName.count == 1 { return .found(byName[0]) }
        if byName.count > 1 { return .ambiguous(byName) }
        if lowered.count >= minimumPrefix {
            let byPrefix = items.filter { id($0).hasPrefix(lowered) }
            if byPrefix.count == 1 { return .found(byPrefix[0]) }
            if byPrefix.count > 1 { return .ambiguous(byPrefix) }
        }
        let close = items.filter { !lowered.isEmpty && name($0).lowercased().contains(lowered) }
        return .unknown(Array((close.isEmpty ? items : close).prefix(12)))
    }
}
