import Foundation

/// The `/` filter of the month panel: keeps the transactions whose name, or the name of the budget
/// line they are allocated to, contains the query — ignoring case and accents (see `SearchFolding`).
/// A word starting with `#` names a tag instead (`/#vacances`, `/#resto pizza`): the transaction
/// must carry a tag whose name contains it (decision 88). A tag's name as the server accepts it may
/// hold spaces or quotes: `#"Mon tag"` names it whole (`""` inside is one `"`), as `tagWord` writes
/// it — so a name is found as typed (decision 94), never split into words that no tag holds.
///
/// It lives in the domain so the core can decide the filtered rows once per keystroke or data change
/// and the view only draws them (a 10 000-row month is never filtered per frame, decision 23).
public struct TransactionFilter: Sendable, Hashable {
    /// What the user typed.
    public let query: String
    /// The query trimmed and folded, as UTF-8; empty means « no filter ».
    let needle: [UInt8]
    /// « À pointer »: only what is not checked yet, with or without a query.
    public let uncheckedOnly: Bool
    /// The `#` words, folded: each must be found in one of the transaction's tags.
    let tagNeedles: [[UInt8]]
    /// The text part without the `#` words (what the server's `q` gets), read once with the query.
    public let textQuery: String

    /// The query language (issue 61), when the text uses it and reads: then it alone decides (with
    /// « À pointer »). Text that does not read keeps the rules above (`ledgerError` says why).
    public let ledger: LedgerQuery?
    /// Why text that uses the language does not read (the filter line can say where).
    public let ledgerError: QueryError?
    /// What `ledger` is read against: the shown month, today, the pay day, what waits.
    let context: QueryContext?

    public init(_ query: String, uncheckedOnly: Bool = false, context: QueryContext? = nil) {
        var ledger: LedgerQuery?
        var ledgerError: QueryError?
        if let context, QueryParser.usesGrammar(query) {
            do {
                ledger = try QueryParser.parse(query, today: context.today, payDay: context.payDay)
            } catch {
                ledgerError = error
            }
        }
        self.ledger = ledger
        self.ledgerError = ledgerError
        self.context = context
        self.query = query
        let words = FilterWords(query)
        self.textQuery = words.text
        // Without `#` words the query is kept whole (its inner spaces count, as before).
        let text = words.tags.isEmpty ? query : words.text
        self.needle = Array(SearchFolding.fold(text.trimmingCharacters(in: .whitespacesAndNewlines)).utf8)
        self.tagNeedles = words.tags.map { Array(SearchFolding.fold($0.trimmingCharacters(in: .whitespacesAndNewlines)).utf8) }
        self.uncheckedOnly = uncheckedOnly
    }

    /// The `#` word that names the tag `name` whole: `#vacances`, or `#"Mon tag"` when the name
    /// holds a space or begins with a quote (a `"` in it doubled).
    public static func tagWord(_ name: String) -> String {
        let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard trimmed.contains(where: \.isWhitespace) || trimmed.hasPrefix("\"") || trimmed.isEmpty else { return "#" + trimmed }
        return "#\"" + trimmed.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// No filter: every transaction shows.
    public static let none = TransactionFilter("")

    /// False for an empty or blank query: everything matches and the panel says nothing about filtering.
    public var isActive: Bool { ledger != nil || !needle.isEmpty || uncheckedOnly || !tagNeedles.isEmpty }

    /// The query as shown back to the user (« Aucun résultat pour « … » »), without surrounding blanks.
    public var shownQuery: String { query.trimmingCharacters(in: .whitespacesAndNewlines) }

    /// Whether `transaction` (allocated to the line named `lineName`, if any) matches.
    public func matches(_ transaction: Transaction, lineName: String?, tagNames: [String: String] = [:]) -> Bool {
        guard isActive else { return true }
        if uncheckedOnly, transaction.isChecked { return false }
        var tagScratch: [UInt8] = []
        if !carriesTags(transaction, tagNames: tagNames, scratch: &tagScratch) { return false }
        guard !needle.isEmpty else { return true }
        var scratch: [UInt8] = []
        if SearchFolding.text(transaction.name, contains: needle, scratch: &scratch) { return true }
        if let lineName, SearchFolding.text(lineName, contains: needle, scratch: &scratch) { return true }
        return false
    }

    /// The indices of the matching transactions, in their original order. `lineNames` maps budget line
    /// ids to names.
    public func matchingIndices(in transactions: [Transaction], lineNames: [String: String], tagNames: [String: String] = [:]) -> [Int] {
        guard isActive else { return Array(transactions.indices) }
        if let ledger, let context {
            return transactions.indices.filter { index in
                let transaction = transactions[index]
                if uncheckedOnly, transaction.isChecked { return false }
                return ledger.matches(QueryRow(transaction, month: context.month, line: transaction.budgetLineId.flatMap { lineNames[$0] },
                                               tagNames: tagNames, timeZone: context.timeZone,
                                               pending: context.pending.contains(transaction.id)))
            }
        }
        var scratch: [UInt8] = []
        scratch.reserveCapacity(128)
        // Decide each line once, not once per transaction allocated to it.
        let matchingLines = lineNames.mapValues { SearchFolding.text($0, contains: needle, scratch: &scratch) }
        return transactions.indices.filter { index in
            let transaction = transactions[index]
            if uncheckedOnly, transaction.isChecked { return false }
            if !carriesTags(transaction, tagNames: tagNames, scratch: &scratch) { return false }
            if needle.isEmpty { return true }
            if let lineId = transaction.budgetLineId, matchingLines[lineId] == true { return true }
            return SearchFolding.text(transaction.name, contains: needle, scratch: &scratch)
        }
    }

    /// Whether `tagName` holds one of the `#` words (the tags to ask the server about).
    /// The prévisions a query keeps (issue 63), from `order`: each read as a row of its month —
    /// its name (free words and `line:`), kind, amount, tags, checked, the period's first day —
    /// so `/kind:income` or `/tag:vacances` filters the prévisions table with the transactions.
    /// Plain words (no field) leave the table whole, as before: they find transactions by their
    /// prévision's name.
    public func matchingLines(_ details: BudgetDetails, order: [Int], tagNames: [String: String] = [:]) -> [Int] {
        guard let ledger, let context else { return order }
        let day = PayDayCalendar.period(of: context.month, payDay: context.payDay).start
        return order.filter { index in
            let line = details.budgetLines[index]
            if uncheckedOnly, line.isChecked { return false }
            let tags = line.tagIds.map { tagNames[$0.lowercased()] ?? tagNames[$0] ?? ProvisionalTag.name(ofId: $0) ?? $0 }
            return ledger.matches(QueryRow(id: line.id, date: day, month: context.month, name: line.name, amount: line.amount, kind: line.kind,
                                           line: line.name, tags: tags, checked: line.isChecked))
        }
    }

    public func namesAnyTag(_ tagName: String) -> Bool {
        var scratch: [UInt8] = []
        return tagNeedles.contains { SearchFolding.text(tagName, contains: $0, scratch: &scratch) }
    }

    /// How many `#` words.
    public var tagWordCount: Int { tagNeedles.count }

    /// Whether the query has `#` words (a search by tag).
    public var namesTags: Bool { !tagNeedles.isEmpty }


    /// Whether an item named `name` (on the prévision `lineName`) carrying `tagIds` matches: every
    /// `#` word in one of its tags, the text in its name or its prévision's.
    public func matches(name: String, lineName: String?, tagIds: [String], tagNames: [String: String]) -> Bool {
        var scratch: [UInt8] = []
        let names = tagIds.compactMap { tagNames[$0] ?? ProvisionalTag.name(ofId: $0) }
        guard tagNeedles.allSatisfy({ needle in names.contains { SearchFolding.text($0, contains: needle, scratch: &scratch) } }) else {
            return false
        }
        guard !needle.isEmpty else { return true }
        if SearchFolding.text(name, contains: needle, scratch: &scratch) { return true }
        if let lineName, SearchFolding.text(lineName, contains: needle, scratch: &scratch) { return true }
        return false
    }

    /// Every `#` word is in one of its tags' names (a tag created offline by the name it carries).
    private func carriesTags(_ transaction: Transaction, tagNames: [String: String], scratch: inout [UInt8]) -> Bool {
        guard !tagNeedles.isEmpty else { return true }
        let names = transaction.tagIds.compactMap { tagNames[$0] ?? ProvisionalTag.name(ofId: $0) }
        return tagNeedles.allSatisfy { tagNeedle in
            names.contains { SearchFolding.text($0, contains: tagNeedle, scratch: &scratch) }
        }
    }
}
