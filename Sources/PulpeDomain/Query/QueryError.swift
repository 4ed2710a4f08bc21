/// Why a query cannot be read, and where: the column (from 1, in characters) of the word at fault.
public struct QueryError: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Reason: Sendable, Hashable {
        /// `foo:` is not a field (the word before the colon).
        case unknownField(String)
        /// `tag:` with nothing after it.
        case emptyValue(field: String)
        /// `amt:` that does not read as an amount or bounds.
        case badAmount
        /// `date:` or `month:` that does not read as a period.
        case badPeriod
        /// `month:` with days: a budget month or a year is asked.
        case daysInMonth
        /// `kind:` other than expense, income, saving.
        case badKind
        /// `checked:` or `pending:` other than yes or no.
        case badYesNo
        /// `or` with nothing on one side.
        case danglingOr
        /// `not:` with nothing after it.
        case danglingNot
        /// A quote opened and never closed.
        case unclosedQuote
    }

    public var reason: Reason
    public var column: Int
    /// The word at fault, as typed.
    public var word: String

    public init(_ reason: Reason, column: Int, word: String) {
        self.reason = reason
        self.column = column
        self.word = word
    }

    /// The English sentence for the shell's stderr.
    public var description: String {
        let why = switch reason {
        case let .unknownField(name):
            "unknown field `\(name):` (fields: desc line tag kind amt date month checked pending not)"
        case let .emptyValue(field): "`\(field):` needs a value"
        case .badAmount: "an amount is a number such as 20 or 12.50, with >, >=, <, <= or a range 20..50"
        case .badPeriod: "a period is 2026, 2026-03, 2026-03-05, a range with .., or thismonth, lastmonth, thisyear, lastyear, today"
        case .daysInMonth: "month: takes budget months or years (2026-03, 2026); days go with date:"
        case .badKind: "kind: is expense, income or saving"
        case .badYesNo: "this field is yes or no"
        case .danglingOr: "`or` needs a condition on each side"
        case .danglingNot: "`not:` needs a condition after it"
        case .unclosedQuote: "a quote is opened and never closed"
        }
        return "column \(column): `\(word)`: \(why)"
    }
}
