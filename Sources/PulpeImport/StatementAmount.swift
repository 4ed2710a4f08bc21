import Foundation

/// The one grammar of a statement's amounts (decision 97): read exactly, or the whole file refused
/// with the line and column of the amount that does not read — never a guess, never a Double.
///
/// An amount is an optional sign — `-`, `−` (U+2212) or `+` in front, or `-`/`−` behind
/// (`12.50-`) — an optional currency code (three capitals, before or after: `CHF 1'850.00`,
/// `-12.00 EUR`), and ASCII digits in runs separated by single marks: `.`, `,`, an apostrophe
/// (`'` or `’`) or a space (plain, no-break U+00A0, narrow no-break U+202F or thin U+2009).
///
/// A file has one **format**: a decimal mark (`.` or `,`) and at most one grouping mark (any mark
/// but the decimal one; `'` and `’` count as one, the spaces as one). Under it a grouped amount
/// has a first group of 1 to 3 digits not starting with 0 and then groups of exactly 3; the
/// decimal mark, at most once, comes last with one digit or more after it. The format is decided
/// by all the file's amounts together:
///
/// 1. Read in file order, each amount keeps the formats it reads under. One that reads under none
///    is refused: `notAnAmount` when no format at all reads it (`1.85x`, `12,3,4`, `-`, `1..5`),
///    `otherMarks` when only formats the amounts above it excluded do (`12.50` below
///    `1.850,00`: a file never mixes its marks).
/// 2. The formats left read every amount the same, but for one shape: a lone `.` or `,` with
///    1–3 digits before it and exactly three after (`1.850`, `2,300`), which is 1.85 under one
///    format and 1850 under another. When the other amounts do not settle it (a `12.50` makes
///    `.` the decimal mark: `1.850` is then 1.85; a `1.850,00` makes it the grouping: 1850), that
///    mark is read as **grouping**: a statement's amounts carry two decimals (CHF, EUR), a group
///    three digits — `1.850` is 1850, `2,300` is 2300.
/// 3. When that cannot be — a lone `.` and a lone `,` each with three digits after it and nothing
///    else to decide (`1.850` and `2,300`: one of them has to be the decimal mark, and which is
///    not written) — the file is refused as `ambiguous` at the first amount written with the
///    second mark.
///
/// Column names and the bank's name are not read for the format: no export we know names its
/// marks, and the amounts themselves are the evidence (decision 97). CAMT.053 has its own,
/// stricter convention: `iso20022(_:)`.
public enum StatementAmount {
    /// The locale every number is read in (a `.` decimal point): made once, not per amount.
    static let posix = Locale(identifier: "en_US_POSIX")

    /// A separator between digit runs, as a class: the two apostrophes are one mark, the spaces one.
    public enum Mark: Hashable, Sendable, CaseIterable {
        case dot, comma, apostrophe, space

        init?(_ scalar: Unicode.Scalar) {
            switch scalar {
            case ".": self = .dot
            case ",": self = .comma
            case "'", "\u{2019}": self = .apostrophe
            case " ", "\u{00A0}", "\u{202F}", "\u{2009}": self = .space
            default: return nil
            }
        }
    }

    /// How a file writes its amounts.
    public struct Format: Hashable, Sendable {
        public var decimal: Mark
        public var grouping: Mark?

        /// Every format, the ungrouped ones first: `.` or `,` as the decimal mark, any other mark
        /// (or none) as the grouping.
        static let all: [Format] = [Mark.dot, .comma].flatMap { decimal in
            [Format(decimal: decimal, grouping: nil)]
                + Mark.allCases.filter { $0 != decimal }.map { Format(decimal: decimal, grouping: $0) }
        }
    }

    /// Why an amount refuses its file.
    public enum Refusal: Hashable, Sendable, CustomStringConvertible {
        /// No format reads it.
        case notAnAmount
        /// Read only with other marks than the amounts above it.
        case otherMarks
        /// `.` and `,` each alone before three digits: which is the decimal mark is not written.
        case ambiguous
        /// Its currency code is not the one its row's currency column says.
        case otherCurrency(String)
        /// Not an `xs:decimal` as ISO 20022 restricts it (CAMT.053).
        case notISO20022

        public var description: String {
            switch self {
            case .notAnAmount: "not an amount"
            case .otherMarks: "written with other decimal or grouping marks than the amounts above it"
            case .ambiguous: "'.' and ',' each stand alone before three digits: which one is the decimal mark is not written"
            case let .otherCurrency(code): "its currency is not the row's \(code)"
            case .notISO20022: "not an ISO 20022 amount (digits, at most one '.', 5 decimals, 18 digits)"
            }
        }
    }

    /// One amount as written, before the file's format is known: its sign, its currency code and
    /// its digit runs with the marks between them (`runs.count == marks.count + 1`).
    public struct Written: Hashable, Sendable {
        public var negative: Bool
        public var currency: String?
        var runs: [String]
        var marks: [Mark]

        /// Nil when no format could read `text` (`notAnAmount`).
        public init?(_ text: String) {
            var scalars = Substring(text).unicodeScalars[...]
            var sign: Bool?
            var code: String?
            func isLetter(_ scalar: Unicode.Scalar?) -> Bool { scalar.map { $0.properties.isAlphabetic } ?? false }
            func isCapital(_ scalar: Unicode.Scalar) -> Bool { ("A"..."Z").contains(scalar) }
            // The sign and the code, each once, in any order around the number.
            var changed = true
            while changed {
                changed = false
                while let first = scalars.first, first.properties.isWhitespace { scalars.removeFirst() }
                while let last = scalars.last, last.properties.isWhitespace { scalars.removeLast() }
                if code == nil, scalars.count >= 3, scalars.prefix(3).allSatisfy(isCapital),
                   !isLetter(scalars.dropFirst(3).first) {
                    code = String(String.UnicodeScalarView(scalars.prefix(3)))
                    scalars.removeFirst(3)
                    changed = true
                } else if code == nil, scalars.count >= 3, scalars.suffix(3).allSatisfy(isCapital),
                          !isLetter(scalars.dropLast(3).last) {
                    code = String(String.UnicodeScalarView(scalars.suffix(3)))
                    scalars.removeLast(3)
                    changed = true
                } else if sign == nil, let first = scalars.first, ["+", "-", "\u{2212}"].contains(first) {
                    sign = first != "+"
                    scalars.removeFirst()
                    changed = true
                } else if sign == nil, let last = scalars.last, ["-", "\u{2212}"].contains(last) {
                    sign = true
                    scalars.removeLast()
                    changed = true
                }
            }
            var runs: [String] = [""]
            var marks: [Mark] = []
            for scalar in scalars {
                if ("0"..."9").contains(scalar) {
                    runs[runs.count - 1].unicodeScalars.append(scalar)
                } else if let mark = Mark(scalar), !runs[runs.count - 1].isEmpty {
                    marks.append(mark)
                    runs.append("")
                } else {
                    return nil
                }
            }
            // Digits first and last, 18 of them at most (ISO 20022's total): exact in a Decimal.
            guard !runs[runs.count - 1].isEmpty, runs.reduce(0, { $0 + $1.count }) <= 18 else { return nil }
            self.negative = sign ?? false
            self.currency = code
            self.runs = runs
            self.marks = marks
            guard Format.all.contains(where: reads(in:)) else { return nil }
        }

        /// The amount under `format`, nil when it does not read so.
        public func value(in format: Format) -> Decimal? {
            guard reads(in: format) else { return nil }
            var integer = runs
            let fraction = marks.last == format.decimal ? integer.removeLast() : ""
            let digits = integer.joined() + (fraction.isEmpty ? "" : "." + fraction)
            guard let magnitude = Decimal(string: digits, locale: StatementAmount.posix) else { return nil }
            return negative ? -magnitude : magnitude
        }

        /// Whether it reads under `format` (counting only, no number made: each amount is tried
        /// under every format left): the marks before the decimal one are all the grouping mark,
        /// around groups of three after a first of 1–3 digits not starting with 0.
        func reads(in format: Format) -> Bool {
            let decimal = marks.last == format.decimal ? 1 : 0
            let groups = marks.count - decimal
            guard groups > 0 else { return true }
            return marks.prefix(groups).allSatisfy { $0 == format.grouping } && (1...3).contains(runs[0].count)
                && !runs[0].hasPrefix("0") && runs[1...groups].allSatisfy { $0.count == 3 }
        }

        /// The one shape two formats read differently: a lone `.` or `,` with 1–3 digits before it
        /// (not starting with 0) and three after — its mark, else nil.
        var ambiguousMark: Mark? {
            guard marks.count == 1, marks[0] == .dot || marks[0] == .comma, runs[1].count == 3,
                  (1...3).contains(runs[0].count), !runs[0].hasPrefix("0") else { return nil }
            return marks[0]
        }
    }

    /// An amount of a file, with where it is.
    public struct Cell: Hashable, Sendable {
        public var text: String
        public var line: Int
        public var column: Int

        public init(_ text: String, line: Int, column: Int) {
            self.text = text
            self.line = line
            self.column = column
        }
    }

    /// An amount read: its value (signed) and the currency code written with it, if any.
    public struct Read: Hashable, Sendable {
        public var value: Decimal
        public var currency: String?
    }

    /// Each amount of `cells` read under the file's one format (decided by `format(of:)`), or the
    /// amount that refuses the file.
    public static func read(_ cells: [Cell]) throws(StatementError) -> [Read] {
        var written: [Written] = []
        written.reserveCapacity(cells.count)
        for cell in cells {
            guard let amount = Written(cell.text) else { throw refusal(cell, .notAnAmount) }
            written.append(amount)
        }
        let format = try format(of: Array(zip(cells, written)))
        var values: [Read] = []
        values.reserveCapacity(cells.count)
        for (cell, amount) in zip(cells, written) {
            guard let value = amount.value(in: format) else { throw refusal(cell, .otherMarks) }
            values.append(Read(value: value, currency: amount.currency))
        }
        return values
    }

    /// The file's format from all its amounts (the rules above), or the amount that refuses it.
    /// No amount: any format.
    static func format(of amounts: [(Cell, Written)]) throws(StatementError) -> Format {
        var candidates = Format.all
        var ambiguous: [(cell: Cell, mark: Mark)] = []
        for (cell, written) in amounts {
            let fitting = candidates.filter(written.reads(in:))
            guard !fitting.isEmpty else { throw refusal(cell, .otherMarks) }
            candidates = fitting
            if let mark = written.ambiguousMark { ambiguous.append((cell, mark)) }
        }
        let marks = Set(ambiguous.map(\.mark))
        // Every lone `.`/`,` before three digits as grouping, when a format left allows it.
        if let grouping = candidates.first(where: { !marks.contains($0.decimal) }) { return grouping }
        // Otherwise the formats left agree when they all take the same decimal mark.
        if Set(candidates.map(\.decimal)).count == 1 { return candidates[0] }
        let second = ambiguous.first { $0.mark != ambiguous[0].mark }?.cell ?? ambiguous[0].cell
        throw refusal(second, .ambiguous)
    }

    static func refusal(_ cell: Cell, _ why: Refusal) -> StatementError {
        .unreadableAmount(String(cell.text.prefix(40)), line: cell.line, column: cell.column, why)
    }

    /// A CAMT.053 amount (`ActiveOrHistoricCurrencyAndAmount`): an `xs:decimal` of at most 18
    /// digits, 5 after the point, not negative — `1850.00`, `0.5`, `12`; nil for anything else
    /// (`12abc`, `1,850.00`, `-5`, `1e3`, empty), which `Decimal(string:)` would partly take.
    public static func iso20022(_ text: String) -> Decimal? {
        var body = Substring(text)
        if body.hasPrefix("+") { body.removeFirst() }
        let parts = body.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let integer = parts[0]
        let fraction = parts.count == 2 ? parts[1] : ""
        func digits(_ part: Substring) -> Bool { part.unicodeScalars.allSatisfy { ("0"..."9").contains($0) } }
        guard digits(integer), digits(fraction), !(integer.isEmpty && fraction.isEmpty), fraction.count <= 5,
              integer.count + fraction.count <= 18 else { return nil }
        return Decimal(string: (integer.isEmpty ? "0" : String(integer)) + (fraction.isEmpty ? "" : "." + fraction),
                       locale: StatementAmount.posix)
    }
}
