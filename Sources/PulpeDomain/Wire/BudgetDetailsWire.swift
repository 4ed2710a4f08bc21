import Foundation

/// `GET /budgets/:id/details` read with its transactions decoded straight from the body's bytes
/// (`JSONByteReader`), and the rest (the envelope, the budget, its lines: a few kilobytes) by
/// `JSONDecoder` as before, from a copy of the body where the transactions array is `[]`.
///
/// Every rule is `Transaction.init(from:)`'s: the same keys, the same optional and default
/// values, `PulpeDate.parse` for timestamps, the exact decimal text for amounts. Whatever it does
/// not read with certainty makes `split` answer nil, and the caller decodes the whole body with
/// `JSONDecoder`: the same month, or the same error (`BudgetDetailsWireTests` holds both paths to
/// the same result). The month's budget id and prévision ids are shared across rows
/// (`InternedStrings`), as the cache reader does; and a row's id and name are the very strings
/// of the copy of the month already held when their bytes are the same (`HeldRows`), so a refresh
/// does not hold two sets of them at once.
public enum BudgetDetailsWire {
    /// The body without its transactions (`"transactions":[]`), and those transactions; nil when
    /// the body is not read here. `held`: the copy of this month already in memory, in its order.
    public static func split(_ body: Data, reusing held: [Transaction] = []) -> (remainder: Data, transactions: [Transaction])? {
        body.withUnsafeBytes { raw -> (remainder: Data, transactions: [Transaction])? in
            guard raw.baseAddress != nil else { return nil }
            var reader = JSONByteReader(raw)
            var rows = Rows(held: HeldRows(held))
            guard let (range, transactions) = try? envelope(&reader, &rows) else { return nil }
            var remainder = Data(capacity: raw.count - range.count + 2)
            remainder.append(contentsOf: raw[..<range.lowerBound])
            remainder.append(contentsOf: [UInt8(ascii: "["), UInt8(ascii: "]")])
            remainder.append(contentsOf: raw[range.upperBound...])
            return (remainder, transactions)
        }
    }

    /// `{…"data":{…"transactions":[…]…}…}`: where the array lies, and what it holds.
    private static func envelope(_ reader: inout JSONByteReader, _ rows: inout Rows) throws -> (Range<Int>, [Transaction]) {
        let found = try member("data", of: &reader) { data in
            try member("transactions", of: &data) { array in
                let start = array.index
                let transactions = try Self.transactions(&array, &rows)
                return (start..<array.index, transactions)
            }
        }
        try reader.end()
        return found
    }

    /// The object's member `name`, read by `read`; every other member is stepped over. A missing
    /// member, or one given twice (`JSONDecoder`'s to settle), is not read here.
    static func member<T>(_ name: StaticString, of reader: inout JSONByteReader,
                                  _ read: (inout JSONByteReader) throws -> T) throws -> T {
        var found: T?
        guard try reader.beginObject() else { throw JSONByteReader.Unsupported() }
        repeat {
            let key = try reader.key()
            if reader.key(key, is: name) {
                guard found == nil else { throw JSONByteReader.Unsupported() }
                found = try read(&reader)
            } else {
                try reader.skipValue()
            }
        } while try reader.nextMember()
        guard let found else { throw JSONByteReader.Unsupported() }
        return found
    }

    static func transactions(_ reader: inout JSONByteReader, _ rows: inout Rows) throws -> [Transaction] {
        var transactions: [Transaction] = []
        transactions.reserveCapacity(rows.held.rows.count)
        guard try reader.beginArray() else { return transactions }
        repeat {
            transactions.append(try transaction(&reader, &rows))
        } while try reader.nextElement()
        return transactions
    }

    /// What rows share: the ids many of them repeat (the previous row's first, no lookup, then
    /// every one seen), and the copy already held.
    struct Rows {
        var held: HeldRows
        var budgetIds = InternedStrings()
        var lineIds = InternedStrings()
        var lastBudgetId: String?
        var lastLineId: String?
    }

    /// The month's copy already held, walked alongside the answer: rows come in the same order,
    /// give or take the few added or removed since, so the next row is looked for where the
    /// previous one was found, or one step either side.
    struct HeldRows {
        let rows: [Transaction]
        var next = 0

        init(_ rows: [Transaction]) {
            self.rows = rows
        }

        /// The held row whose id has these bytes, near where the last one was.
        mutating func match(_ id: Range<Int>, in reader: JSONByteReader) -> Transaction? {
            guard !rows.isEmpty else { return nil }
            for index in [next, next + 1, next - 1] where rows.indices.contains(index) {
                if reader.bytes(id, equal: rows[index].id) {
                    next = index + 1
                    return rows[index]
                }
            }
            next += 1
            return nil
        }
    }

    /// One transaction object, by `Transaction.init(from:)`'s rules.
    static func transaction(_ reader: inout JSONByteReader, _ shared: inout Rows) throws -> Transaction {
        // The id and the name as text: their bytes, when unescaped (made into strings at the end,
        // shared with the held row when equal), or the string an escaped one reads as.
        var idText: Text?, nameText: Text?
        var budgetId: String?, kind: TransactionKind?, amount: Decimal?
        var createdAt: Date?, updatedAt: Date?, transactionDate: Date?, checkedAt: Date?
        var budgetLineId: String?
        var tagIds: [String] = []
        var seen: UInt16 = 0
        guard try reader.beginObject() else { throw JSONByteReader.Unsupported() }
        repeat {
            let key = try reader.key()
            guard let field = Field(key, in: reader) else {
                try reader.skipValue()
                continue
            }
            guard seen & field.bit == 0 else { throw JSONByteReader.Unsupported() }
            seen |= field.bit
            switch field {
            case .id: idText = try text(&reader)
            case .createdAt: createdAt = try timestamp(&reader)
            case .updatedAt: updatedAt = try timestamp(&reader)
            case .transactionDate: transactionDate = try timestamp(&reader)
            case .checkedAt: checkedAt = reader.null() ? nil : try timestamp(&reader)
            case .budgetId:
                let value = try repeated(&reader, last: shared.lastBudgetId, table: &shared.budgetIds)
                shared.lastBudgetId = value
                budgetId = value
            case .budgetLineId:
                if !reader.null() {
                    let value = try repeated(&reader, last: shared.lastLineId, table: &shared.lineIds)
                    shared.lastLineId = value
                    budgetLineId = value
                }
            case .amount: amount = try self.amount(&reader)
            case .name: nameText = try text(&reader)
            case .kind:
                guard let value = TransactionKind(rawValue: try reader.string()) else { throw JSONByteReader.Unsupported() }
                kind = value
            case .tagIds:
                if !reader.null(), try reader.beginArray() {
                    repeat { tagIds.append(try reader.string()) } while try reader.nextElement()
                }
            }
        } while try reader.nextMember()
        guard let idText, let createdAt, let updatedAt, let budgetId, let amount, let nameText, let kind,
              let transactionDate else {
            throw JSONByteReader.Unsupported()
        }
        var held: Transaction?
        if case let .bytes(range) = idText { held = shared.held.match(range, in: reader) }
        let id = try idText.string(in: reader, sameAs: held?.id)
        let name = try nameText.string(in: reader, sameAs: held?.name)
        return Transaction(id: id, createdAt: createdAt, updatedAt: updatedAt, budgetId: budgetId, budgetLineId: budgetLineId,
                           amount: amount, name: name, kind: kind, transactionDate: transactionDate, tagIds: tagIds,
                           checkedAt: checkedAt)
    }

    /// A string member read as its bytes when it has no escape, as a string otherwise.
    private enum Text {
        case bytes(Range<Int>)
        case string(String)

        /// The text, as `same` when the bytes are equal to it (no new string).
        func string(in reader: JSONByteReader, sameAs same: String?) throws -> String {
            switch self {
            case let .string(text): return text
            case let .bytes(range):
                if let same, reader.bytes(range, equal: same) { return same }
                return try reader.text(range)
            }
        }
    }

    private static func text(_ reader: inout JSONByteReader) throws -> Text {
        guard reader.atString() else { throw JSONByteReader.Unsupported() }
        let start = reader.index
        if let range = try? reader.rawString() { return .bytes(range) }
        reader.rewind(to: start)
        return .string(try reader.string())
    }

    /// `Transaction.CodingKeys`, by their bytes.
    private enum Field: Int {
        case id, createdAt, updatedAt, budgetId, budgetLineId, amount, name, kind, transactionDate, tagIds, checkedAt

        /// Its bit in the set of fields a row has given (a repeated key is `JSONDecoder`'s to settle).
        var bit: UInt16 { 1 << UInt16(rawValue) }

        init?(_ key: Range<Int>, in reader: JSONByteReader) {
            switch key.count {
            case 2 where reader.key(key, is: "id"): self = .id
            case 4 where reader.key(key, is: "name"): self = .name
            case 4 where reader.key(key, is: "kind"): self = .kind
            case 6 where reader.key(key, is: "amount"): self = .amount
            case 6 where reader.key(key, is: "tagIds"): self = .tagIds
            case 8 where reader.key(key, is: "budgetId"): self = .budgetId
            case 9 where reader.key(key, is: "createdAt"): self = .createdAt
            case 9 where reader.key(key, is: "updatedAt"): self = .updatedAt
            case 9 where reader.key(key, is: "checkedAt"): self = .checkedAt
            case 12 where reader.key(key, is: "budgetLineId"): self = .budgetLineId
            case 15 where reader.key(key, is: "transactionDate"): self = .transactionDate
            default: return nil
            }
        }
    }

    /// A timestamp string, as `decodeTimestamp` reads it.
    private static func timestamp(_ reader: inout JSONByteReader) throws -> Date {
        guard let date = PulpeDate.parse(try reader.string()) else { throw JSONByteReader.Unsupported() }
        return date
    }

    /// A JSON number from its exact text, or a numeric string, as `decodeAmount` reads it.
    private static func amount(_ reader: inout JSONByteReader) throws -> Decimal {
        let value = reader.atString() ? DecimalText.parse(try reader.string()) : Decimal(string: try reader.plainNumber())
        guard let value else { throw JSONByteReader.Unsupported() }
        return value
    }

    /// An id many rows share: the previous row's string when the bytes are the same, else the
    /// table's copy.
    private static func repeated(_ reader: inout JSONByteReader, last: String?, table: inout InternedStrings) throws -> String {
        let text = try text(&reader)
        if let last, case let .bytes(range) = text, reader.bytes(range, equal: last) { return last }
        return table.intern(try text.string(in: reader, sameAs: nil))
    }
}
