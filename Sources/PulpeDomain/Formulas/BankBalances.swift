import Foundation

/// The balances typed, one per account (the TUI's field takes several separated by spaces or
/// `;`, the shell one per argument). §15.4: `-?\d{1,9}([.,]\d{1,2})?` each, a typographic minus
/// read as a minus; blank rows skipped; one unreadable row withholds the total.
public enum BankBalances {
    public enum Problem: Error, Hashable, Sendable {
        /// Nothing typed.
        case none
        /// The row (counted from 1 among those typed) and its text.
        case unreadable(row: Int, text: String)
    }

    /// The total of `rows`, or why there is none.
    public static func total(_ rows: [String]) -> Result<Decimal, Problem> {
        var total: Decimal = 0
        var read = 0
        for (index, raw) in rows.enumerated() {
            let text = raw.trimmingCharacters(in: .whitespaces)
            if text.isEmpty { continue }
            guard let value = balance(text) else { return .failure(.unreadable(row: index + 1, text: text)) }
            total += value
            read += 1
        }
        return read == 0 ? .failure(.none) : .success(total)
    }

    /// The rows of one typed line: split at spaces, tabs and `;`.
    public static func rows(_ line: String) -> [String] {
        line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == ";" }).map(String.init)
    }

    /// One balance: an optional minus (`-` or `−`), 1 to 9 digits, then `.` or `,` and 1 or 2 digits.
    public static func balance(_ text: String) -> Decimal? {
        var characters = Substring(text)
        var negative = false
        if let first = characters.first, first == "-" || first == "\u{2212}" {
            negative = true
            characters = characters.dropFirst()
        }
        let parts = characters.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let commaParts = characters.split(separator: ",", maxSplits: 1, omittingEmptySubsequences: false)
        let (whole, fraction): (Substring, Substring?) = parts.count == 2 ? (parts[0], parts[1])
            : commaParts.count == 2 ? (commaParts[0], commaParts[1]) : (characters, nil)
        let isDigits = { (part: Substring) in part.allSatisfy { $0.isASCII && $0.isNumber } }
        guard (1...9).contains(whole.count), isDigits(whole) else { return nil }
        if let fraction { guard (1...2).contains(fraction.count), isDigits(fraction) else { return nil } }
        guard let value = Decimal(string: String(whole) + (fraction.map { "." + $0 } ?? ""), locale: Locale(identifier: "en_US_POSIX"))
        else { return nil }
        return negative ? -value : value
    }
}
