import Foundation

/// `GET /budgets/export` read with every month's transactions decoded straight from the body's
/// bytes (`BudgetDetailsWire.transaction`, a month's rules), and the rest — the envelope, each
/// budget and its prévisions, a few hundred kilobytes — by `JSONDecoder` from a copy of the body
/// where each `transactions` array is `[]`.
///
/// Why: the whole 24 MB export of a 10-year account through `JSONDecoder` was 60 % of the
/// client's CPU in a re-sync (`perf`, decision 81). As for a month, whatever the byte reader is not
/// sure of makes `split` answer nil and the caller decodes the whole body with `JSONDecoder`
/// (`AccountExportSplitTests` holds both paths to the same result).
public enum AccountExportSplit {
    /// The body with every month's transactions taken out, and those transactions, month by month
    /// in the order of `data.budgets` (a month without the key: none); nil when not read here.
    public static func split(_ body: Data) -> (remainder: Data, transactions: [[Transaction]])? {
        body.withUnsafeBytes { raw -> (remainder: Data, transactions: [[Transaction]])? in
            guard raw.baseAddress != nil else { return nil }
            var reader = JSONByteReader(raw)
            var ranges: [Range<Int>] = []
            var months: [[Transaction]] = []
            do {
                try BudgetDetailsWire.member("data", of: &reader) { data in
                    try BudgetDetailsWire.member("budgets", of: &data) { budgets in
                        guard try budgets.beginArray() else { return }
                        repeat {
                            let (range, transactions) = try month(&budgets)
                            if let range { ranges.append(range) }
                            months.append(transactions)
                        } while try budgets.nextElement()
                    }
                }
                try reader.end()
            } catch {
                return nil
            }
            var remainder = Data(capacity: raw.count - ranges.reduce(0) { $0 + $1.count } + 2 * ranges.count)
            var copied = 0
            for range in ranges {
                remainder.append(contentsOf: raw[copied..<range.lowerBound])
                remainder.append(contentsOf: [UInt8(ascii: "["), UInt8(ascii: "]")])
                copied = range.upperBound
            }
            remainder.append(contentsOf: raw[copied...])
            return (remainder, months)
        }
    }

    /// One month object: where its `transactions` array lies (nil without one), and its rows.
    private static func month(_ reader: inout JSONByteReader) throws -> (Range<Int>?, [Transaction]) {
        var rows = BudgetDetailsWire.Rows(held: BudgetDetailsWire.HeldRows([]))
        var found: (Range<Int>, [Transaction])?
        guard try reader.beginObject() else { return (nil, []) }
        repeat {
            let key = try reader.key()
            if reader.key(key, is: "transactions") {
                // Given twice: `JSONDecoder`'s to settle.
                guard found == nil else { throw JSONByteReader.Unsupported() }
                let start = reader.index
                let transactions = try BudgetDetailsWire.transactions(&reader, &rows)
                found = (start..<reader.index, transactions)
            } else {
                try reader.skipValue()
            }
        } while try reader.nextMember()
        return (found?.0, found?.1 ?? [])
    }
}
