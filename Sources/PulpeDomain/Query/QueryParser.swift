import Foundation

/// Reads a query (`LedgerQuery`): words side by side must all hold, `or` separates alternatives
/// (« and » binds tighter: `a b or c` is (a and b) or c), `not:` negates the word it prefixes.
/// A word is free text (the name or the prévision contains it) or `field:value`. Periods are
/// resolved against `today` and the pay day: `thismonth` is today's budget month.
public enum QueryParser {
    public static func parse(_ query: String, today: CalendarDay, payDay: Int?) throws(QueryError) -> LedgerQuery {
        let words = try QueryWord.split(query)
        var alternatives: [[LedgerQuery]] = [[]]
        var lastOr: QueryWord?
        for word in words {
            if !word.quoted, word.text.lowercased() == "or" {
                guard !(alternatives.last ?? []).isEmpty else { throw QueryError(.danglingOr, column: word.column, word: word.text) }
                alternatives.append([])
                lastOr = word
                continue
            }
            alternatives[alternatives.count - 1].append(try condition(word, today: today, payDay: payDay))
        }
        if let lastOr, (alternatives.last ?? []).isEmpty { throw QueryError(.danglingOr, column: lastOr.column, word: lastOr.text) }
        let parts = alternatives.filter { !$0.isEmpty }.map { $0.count == 1 ? $0[0] : LedgerQuery.and($0) }
        switch parts.count {
        case 0: return .all
        case 1: return parts[0]
        default: return .or(parts)
        }
    }

    /// Whether `query` uses the language — a field (`amt:>20`), `not:` or `or` — rather than being
    /// plain text for the `/` filter's older rules (`#tag` words, the text whole).
    public static func usesGrammar(_ query: String) -> Bool {
        guard let words = try? QueryWord.split(query) else { return false }
        return words.contains { word in
            guard !word.quoted else { return false }
            let lowered = word.text.lowercased()
            if lowered == "or" || lowered.hasPrefix("not:") { return true }
            guard let colon = lowered.firstIndex(of: ":") else { return false }
            return fields.contains(String(lowered[..<colon]))
        }
    }

    /// One word: `not:` then a condition, `field:value`, or free text.
    private static func condition(_ word: QueryWord, today: CalendarDay, payDay: Int?) throws(QueryError) -> LedgerQuery {
        var rest = word.text[...]
        var negations = 0
        while rest.lowercased().hasPrefix("not:") {
            rest = rest.dropFirst(4)
            negations += 1
        }
        if negations > 0, rest.isEmpty { throw QueryError(.danglingNot, column: word.column, word: word.text) }
        let term = try self.term(String(rest), word: word, today: today, payDay: payDay)
        return negations % 2 == 1 ? .not(.term(term)) : .term(term)
    }

    private static let fields: Set<String> = ["desc", "line", "tag", "kind", "amt", "date", "month", "checked", "pending"]

    private static func term(_ text: String, word: QueryWord, today: CalendarDay, payDay: Int?) throws(QueryError) -> QueryTerm {
        guard let colon = text.firstIndex(of: ":"), !text[..<colon].isEmpty,
              text[..<colon].allSatisfy({ $0.isASCII && $0.isLetter }), !text[text.index(after: colon)...].hasPrefix("/") else {
            return .text(SearchFolding.foldedNeedle(text))
        }
        let field = text[..<colon].lowercased()
        let value = String(text[text.index(after: colon)...])
        guard fields.contains(field) else {
            // `https://…` or `12:30` are words; a letters-only name before `:` is a field mistyped.
            throw QueryError(.unknownField(field), column: word.column, word: word.text)
        }
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { throw QueryError(.emptyValue(field: field), column: word.column, word: word.text) }
        func fail(_ reason: QueryError.Reason) -> QueryError { QueryError(reason, column: word.column, word: word.text) }
        switch field {
        case "desc": return .desc(SearchFolding.foldedNeedle(trimmed))
        case "line": return .line(SearchFolding.foldedNeedle(trimmed))
        case "tag": return .tag(Array(SearchFolding.fold(trimmed).utf8))
        case "kind":
            guard let kind = kind(trimmed) else { throw fail(.badKind) }
            return .kind(kind)
        case "amt":
            guard let bounds = amount(trimmed) else { throw fail(.badAmount) }
            return .amount(bounds)
        case "date": return try QueryPeriod.term(trimmed, word: word, today: today, payDay: payDay, daysAllowed: true)
        case "month": return try QueryPeriod.term(trimmed, word: word, today: today, payDay: payDay, daysAllowed: false)
        case "checked":
            guard let yes = yesNo(trimmed) else { throw fail(.badYesNo) }
            return .checked(yes)
        default:
            guard let yes = yesNo(trimmed) else { throw fail(.badYesNo) }
            return .pending(yes)
        }
    }

    /// expense, income, saving — or the app's words (dépense, revenu, épargne), folded.
    static func kind(_ text: String) -> TransactionKind? {
        switch SearchFolding.fold(text) {
        case "expense", "expenses", "depense", "depenses": .expense
        case "income", "revenu", "revenus": .income
        case "saving", "savings", "epargne": .saving
        default: nil
        }
    }

    static func yesNo(_ text: String) -> Bool? {
        switch SearchFolding.fold(text) {
        case "yes", "y", "oui", "o", "true", "1": true
        case "no", "n", "non", "false", "0": false
        default: nil
        }
    }

    /// `>20`, `>=20`, `<5`, `<=5`, `=42.50`, `42.50`, `20..50`, `20..`, `..50`.
    static func amount(_ text: String) -> AmountBounds? {
        for (prefix, build) in [(">=", { AmountBounds(lower: $0, lowerIncluded: true) }), ("<=", { AmountBounds(upper: $0, upperIncluded: true) }),
                                (">", { AmountBounds(lower: $0, lowerIncluded: false) }), ("<", { AmountBounds(upper: $0, upperIncluded: false) }),
                                ("=", { AmountBounds(lower: $0, upper: $0) })] as [(String, (Decimal) -> AmountBounds)]
            where text.hasPrefix(prefix) {
            return number(String(text.dropFirst(prefix.count))).map(build)
        }
        let parts = text.components(separatedBy: "..")
        if parts.count == 2 {
            let low = parts[0].isEmpty ? nil : number(parts[0])
            let high = parts[1].isEmpty ? nil : number(parts[1])
            guard parts[0].isEmpty || low != nil, parts[1].isEmpty || high != nil, low != nil || high != nil else { return nil }
            if let low, let high, low > high { return nil }
            return AmountBounds(lower: low, upper: high)
        }
        return number(text).map { AmountBounds(lower: $0, upper: $0) }
    }

    /// Digits, then at most one `.` or `,` and two decimals: exact, never through a Double.
    static func number(_ text: String) -> Decimal? {
        let normalized = text.replacingOccurrences(of: ",", with: ".")
        let pieces = normalized.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(pieces.count), !pieces[0].isEmpty, pieces[0].allSatisfy({ $0.isASCII && $0.isNumber }),
              pieces.count == 1 || (1...2).contains(pieces[1].count) && pieces[1].allSatisfy({ $0.isASCII && $0.isNumber }) else {
            return nil
        }
        return Decimal(string: normalized, locale: Locale(identifier: "en_US_POSIX"))
    }
}
