import Foundation

/// The names a user already gave their transactions, newest first and each once, for completing
/// a new description: « caf » offers « Café du Marché ».
///
/// Matching ignores case and accents (`SearchFolding`), so « cafe » and « CAFÉ » find the same
/// name; two names that fold alike are one name, spelt as its newest use. Folded forms are kept
/// beside the names so a keystroke costs a scan of prefixes, not a fold of every name.
public struct RecentNames: Hashable, Sendable {
    public private(set) var names: [String] = []
    private var folded: [String] = []

    /// `names` newest first; blanks and later duplicates are dropped.
    public init(newestFirst names: some Sequence<String>) {
        var seen: Set<String> = []
        for name in names {
            let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !trimmed.isEmpty else { continue }
            let key = SearchFolding.fold(trimmed)
            guard seen.insert(key).inserted else { continue }
            self.names.append(trimmed)
            folded.append(key)
        }
    }

    /// The newest transactions' names first, from any number of transactions.
    public init(transactions: some Sequence<Transaction>) {
        let sorted = transactions.sorted { ($0.transactionDate, $0.createdAt) > ($1.transactionDate, $1.createdAt) }
        self.init(newestFirst: sorted.map(\.name))
    }

    /// The newest name that starts like `typed` (folded) and is longer: the whole name, and the
    /// part of it that follows what was typed (the greyed suffix). Nil when nothing completes it.
    public func completion(for typed: String) -> NameCompletion? {
        let key = SearchFolding.fold(typed)
        guard !key.isEmpty else { return nil }
        for (index, candidate) in folded.enumerated() where candidate.count > key.count && candidate.hasPrefix(key) {
            let name = names[index]
            // Folding may change lengths (« œ » is « oe »): find the shortest prefix of the name
            // that folds to what was typed, and offer the rest.
            var prefix = ""
            for character in name {
                prefix.append(character)
                let foldedPrefix = SearchFolding.fold(prefix)
                if foldedPrefix == key {
                    let suffix = String(name.dropFirst(prefix.count))
                    guard !suffix.isEmpty else { break }
                    return NameCompletion(name: name, suffix: suffix)
                }
                if foldedPrefix.count > key.count { break }
            }
        }
        return nil
    }
}
