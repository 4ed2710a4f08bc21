#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What `pulpe status` says, already worded: the full command fills it from the month it read,
/// and the launcher from the memo that command left (`StatusMemo`). One renderer for both, so the
/// fast answer is the slow one's bytes. Foundation-free: the launcher must start in a millisecond.
public struct StatusFigures: Sendable, Hashable {
    /// `YYYY-MM`.
    public var month: String
    /// The month's lowercase French name (« décembre »).
    public var monthName: String
    /// What is left, as the panel shows it (« 1’234.56 CHF »); nil: the month has no budget.
    public var amount: String?
    /// The same, rounded to the franc (« 1’235 CHF »).
    public var compact: String?
    /// What is left as an exact decimal string (`--json`).
    public var remaining: String?
    /// The ISO 4217 code.
    public var currency: String
    /// How many items wait in the outbox.
    public var pending: Int
    /// When the figures were fetched from the server (Unix seconds).
    public var fetchedAt: Double?
    /// True when the server could not be asked in time and the cache answered.
    public var isStale: Bool

    public init(month: String, monthName: String, amount: String?, compact: String?, remaining: String?,
                currency: String, pending: Int, fetchedAt: Double?, isStale: Bool) {
        self.month = month
        self.monthName = monthName
        self.amount = amount
        self.compact = compact
        self.remaining = remaining
        self.currency = currency
        self.pending = pending
        self.fetchedAt = fetchedAt
        self.isStale = isStale
    }

    /// The line for a prompt: « Disponible décembre : 1’234.56 CHF », or `format` with its
    /// placeholders filled. `now` (Unix seconds) gives `{age}`.
    public func line(format: String?, now: Double) -> String {
        let amount = amount ?? "—"
        let compact = compact ?? "—"
        let age = fetchedAt.map { max(0, Int((now - $0) / 60)) }
        if let format {
            return format.replacing("{amount}", with: amount)
                .replacing("{compact}", with: compact)
                .replacing("{month}", with: monthName)
                .replacing("{pending}", with: "\(pending)")
                .replacing("{age}", with: age.map(String.init) ?? "")
        }
        var line = "Disponible \(monthName) : \(amount)"
        if pending > 0 { line += " · \(pending) en attente" }
        if isStale, let age { line += " · il y a \(age) min" }
        return line
    }

    /// `--json`: one object, keys sorted, amounts as exact decimal strings, `fetchedAt` in ISO 8601.
    /// Its strings need no escaping: a currency code, `YYYY-MM`, a decimal, a date (`isPlain`).
    public var json: String {
        let fetched = fetchedAt.map { "\"\(Self.iso8601($0))\"" } ?? "null"
        let remaining = remaining.map { "\"\($0)\"" } ?? "null"
        return "{\"currency\":\"\(currency)\",\"fetchedAt\":\(fetched),\"month\":\"\(month)\","
            + "\"pending\":\(pending),\"remaining\":\(remaining),\"stale\":\(isStale)}"
    }

    /// What `json` writes unescaped has the shape it must: a currency code of capitals, `YYYY-MM`,
    /// a decimal (digits, one point, a leading minus). A memo that says otherwise is not used.
    public var isPlain: Bool {
        let digits = Set("0123456789")
        let monthParts = month.split(separator: "-", omittingEmptySubsequences: false)
        let decimal = remaining.map { text in
            let body = text.hasPrefix("-") ? text.dropFirst() : Substring(text)
            return !body.isEmpty && body.allSatisfy { digits.contains($0) || $0 == "." } && body.filter { $0 == "." }.count <= 1
        } ?? true
        return !currency.isEmpty && currency.allSatisfy { $0.isASCII && $0.isUppercase } && monthParts.count == 2
            && monthParts[0].count == 4 && monthParts[1].count == 2 && monthParts.allSatisfy { $0.allSatisfy(digits.contains) }
            && decimal
    }

    /// `2026-12-01T08:30:00Z`, the whole seconds of `seconds` in UTC.
    static func iso8601(_ seconds: Double) -> String {
        BrokenDownTime.utcInstant(seconds)
    }
}
