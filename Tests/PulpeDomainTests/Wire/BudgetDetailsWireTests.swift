import Foundation
import PropertyBased
import Testing
@testable import PulpeDomain

/// A month's transactions read straight from the body's bytes must be exactly what `JSONDecoder`
/// reads from the whole body (values, amounts' text, defaults), and whatever the reader is not
/// sure of is left to `JSONDecoder` (`split` answers nil).
@Suite("BudgetDetailsWire: the month's transactions read from the bytes, as JSONDecoder reads them")
struct BudgetDetailsWireTests {
    static let budget = #"""
        {"id":"b1","createdAt":"2026-01-15T07:00:00.000000+00:00","updatedAt":"2026-01-15T07:00:00+00:00",
         "userId":"u1","month":3,"year":2026,"description":"","templateId":"t1","rollover":12.5}
        """#
    static let line = #"""
        {"id":"l1","budgetId":"b1","templateLineId":null,"savingsGoalId":null,"name":"Épicerie","amount":400,
         "kind":"expense","recurrence":"fixed","isManuallyAdjusted":false,"checkedAt":null,
         "createdAt":"2026-01-15T07:00:00+00:00","updatedAt":"2026-01-15T07:00:00+00:00"}
        """#

    static func body(_ transactions: String) -> Data {
        Data(#"{"success":true,"data":{"budget":\#(budget),"transactions":\#(transactions),"budgetLines":[\#(line)]}}"#.utf8)
    }

    /// What the client decoded before: the whole body through `JSONDecoder`.
    static func whole(_ body: Data) -> BudgetDetails? {
        try? PulpeJSON.decode(SuccessEnvelope<BudgetDetails>.self, from: body).data
    }

    /// The wire reader's month: its transactions, and the rest decoded from the remainder.
    static func read(_ body: Data) -> BudgetDetails? {
        guard let split = BudgetDetailsWire.split(body), let rest = whole(split.remainder) else { return nil }
        #expect(rest.transactions.isEmpty)
        return BudgetDetails(budget: rest.budget, transactions: split.transactions, budgetLines: rest.budgetLines)
    }

    /// The body fed to a `MonthBodyStream` in pieces of `chunk` bytes.
    static func streamed(_ body: Data, chunk: Int, reusing held: [Transaction] = []) -> MonthBodyStream.Outcome {
        var stream = MonthBodyStream(reusing: held)
        body.withUnsafeBytes { raw in
            var start = 0
            while start < raw.count {
                let end = min(raw.count, start + chunk)
                stream.feed(UnsafeRawBufferPointer(rebasing: raw[start..<end]))
                start = end
            }
        }
        return stream.finish()
    }

    /// The streamed month, when the stream split it and the rest decodes.
    static func streamedMonth(_ body: Data, chunk: Int) -> BudgetDetails? {
        guard case let .split(remainder, transactions) = streamed(body, chunk: chunk), let rest = whole(remainder) else { return nil }
        return BudgetDetails(budget: rest.budget, transactions: transactions, budgetLines: rest.budgetLines)
    }

    static func expectSameMonth(_ body: Data, sourceLocation: SourceLocation = #_sourceLocation) {
        let decoded = whole(body)
        let read = read(body)
        // Streamed in any pieces, the same bytes are left and the same rows read.
        if let split = BudgetDetailsWire.split(body) {
            for chunk in [1, 2, 3, 7, 61, 4_096, Int.max] {
                #expect(streamed(body, chunk: chunk) == .split(remainder: split.remainder, transactions: split.transactions),
                        "in pieces of \(chunk)", sourceLocation: sourceLocation)
            }
        }
        #expect(decoded != nil, "JSONDecoder reads it", sourceLocation: sourceLocation)
        #expect(read == decoded, sourceLocation: sourceLocation)
        #expect(read?.transactions.map(\.amount.description) == decoded?.transactions.map(\.amount.description),
                sourceLocation: sourceLocation)
    }

    /// A seed of the fuzz corpus: the sandbox's real answer, after its first line.
    static func seed(_ name: String) throws -> Data {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../../fuzz/corpus/response/\(name)").standardizedFileURL
        let seed = try Data(contentsOf: file)
        return Data(seed[(seed.firstIndex(of: 0x0A)! + 1)...])
    }

    @Test("The sandbox's real answers read the same: its month, and its transactions in a month")
    func sandboxAnswer() throws {
        let month = try Self.seed("budget-details-200-ok")
        #expect(BudgetDetailsWire.split(month) != nil)
        Self.expectSameMonth(month)
        // The seed month has no transactions: the one the sandbox created, twice in a month.
        let created = try #require(try JSONSerialization.jsonObject(with: Self.seed("transaction-201-created")) as? [String: Any])
        let rows = try JSONSerialization.data(withJSONObject: [try #require(created["data"]), created["data"]!])
        let body = Self.body(String(decoding: rows, as: UTF8.self))
        #expect(BudgetDetailsWire.split(body) != nil)
        Self.expectSameMonth(body)
        #expect((Self.whole(body)?.transactions.count ?? 0) > 0)
    }

    @Test("Escapes, raw UTF-8, nulls, absent keys, unknown members and white space read the same")
    func everyFormReadHere() {
        let transactions = #"""
            [ {"id":"t1","createdAt":"2026-02-01T10:00:00.123456+00:00","updatedAt":"2026-02-01T10:00:00+00:00",
               "budgetId":"b1","budgetLineId":"l1","amount":12.50,"name":"Caf\u00e9 \"du\" March\u00e9\n\ud83d\ude00 \\ \/ \t\b\f\r",
               "kind":"expense","transactionDate":"2026-02-01T00:00:00+00:00","tagIds":["x","y"],"checkedAt":"2026-02-02T08:00:00Z"},
              {"id":"t2","createdAt":"2026-02-01T10:00:00+00:00","updatedAt":"2026-02-01T10:00:00+00:00","budgetId":"b1",
               "budgetLineId":null,"amount":"7.05","name":"Épicerie — 🍎","kind":"income",
               "transactionDate":"2026-02-03T00:00:00+00:00","tagIds":null,"checkedAt":null,
               "extra":{"nested":[1,-2.5e3,true,false,null,{"k":"v\u0041"}],"e":1E+2},"more":[] } ,
              {"name":"sans ligne","kind":"saving","amount":0.1,"budgetId":"b1","id":"t3",
               "createdAt":"2026-02-01T10:00:00+00:00","updatedAt":"2026-02-01T10:00:00+00:00",
               "transactionDate":"2026-02-04T00:00:00+00:00"},
              {"id":"t4","createdAt":"2026-02-01T10:00:00+00:00","updatedAt":"2026-02-01T10:00:00+00:00","budgetId":"b1",
               "budgetLineId":"l1","amount":100,"name":"","kind":"expense","transactionDate":"2026-02-05T00:00:00+00:00",
               "tagIds":[]},
              {"id":"t5","createdAt":"2026-02-01T10:00:00+00:00","updatedAt":"2026-02-01T10:00:00+00:00","budgetId":"b1",
               "budgetLineId":"l\u0032","amount":-0,"name":"zéro","kind":"expense","transactionDate":"2026-02-05T00:00:00+00:00"}
            ]
            """#
        let body = Self.body(transactions)
        #expect(BudgetDetailsWire.split(body) != nil)
        Self.expectSameMonth(body)
        #expect(Self.read(body)?.transactions[4].budgetLineId == "l2")
        #expect(Self.read(Self.body("[]"))?.transactions == [])
    }

    @Test("Rows that repeat the budget id share one string")
    func repeatedIdsAreShared() throws {
        let row = #"{"id":"t","createdAt":"2026-02-01T10:00:00+00:00","updatedAt":"2026-02-01T10:00:00+00:00","budgetId":"b1-aaaaaaaa-bbbb-cccc-dddd","amount":1,"name":"n","kind":"expense","transactionDate":"2026-02-05T00:00:00+00:00"}"#
        let split = try #require(BudgetDetailsWire.split(Self.body("[\(row),\(row)]")))
        let first = split.transactions[0].budgetId, second = split.transactions[1].budgetId
        // The same heap storage: no second copy of a 36-character id per row.
        #expect(first.utf8.withContiguousStorageIfAvailable { $0.baseAddress }
            == second.utf8.withContiguousStorageIfAvailable { $0.baseAddress })
    }

    /// The address of a string's bytes: two strings with the same address share one heap copy.
    static func storage(_ text: String) -> UnsafePointer<UInt8>? {
        text.utf8.withContiguousStorageIfAvailable { $0.baseAddress } ?? nil
    }

    @Test("A row's id and name are the held copy's strings when their bytes are equal, a row added or removed or not")
    func heldStringsAreShared() throws {
        func row(_ id: String, _ name: String) -> String {
            #"{"id":"\#(id)","createdAt":"2026-02-01T10:00:00+00:00","updatedAt":"2026-02-01T10:00:00+00:00","budgetId":"b1","amount":1,"name":"\#(name)","kind":"expense","transactionDate":"2026-02-05T00:00:00+00:00"}"#
        }
        let ids = (1...4).map { "0b5f8b2a-7d2e-4c1a-8f7e-2a9b6c3d4e5\($0)" }
        let before = "[" + [row(ids[1], "Coop Pronto — gare"), row(ids[2], "Migros Bahnhofstrasse"), row(ids[3], "Kiosque — journaux")]
            .joined(separator: ",") + "]"
        let held = try #require(BudgetDetailsWire.split(Self.body(before))).transactions
        // One row added on top, one name changed, one row removed at the end.
        let after = Self.body("[" + [row(ids[0], "Boulangerie du coin"), row(ids[1], "Coop Pronto — gare"),
                                     row(ids[2], "Migros City")].joined(separator: ",") + "]")
        let shared = try #require(BudgetDetailsWire.split(after, reusing: held)).transactions
        #expect(shared == BudgetDetailsWire.split(after)?.transactions)
        #expect(Self.storage(shared[1].id) == Self.storage(held[0].id))
        #expect(Self.storage(shared[1].name) == Self.storage(held[0].name))
        #expect(Self.storage(shared[2].id) == Self.storage(held[1].id))
        #expect(shared[2].name == "Migros City")
        #expect(Self.storage(shared[0].id) != Self.storage(held[0].id))
        Self.expectSameMonth(after)
    }

    @Test("Whatever it is not sure of is left to JSONDecoder", arguments: [
        #"[{"id":"t","createdAt":"2026-02-01T10:00:00+00:00","updatedAt":"2026-02-01T10:00:00+00:00","budgetId":"b1","amount":1.5e2,"name":"n","kind":"expense","transactionDate":"2026-02-05T00:00:00+00:00"}]"#,
        #"[{"id":"t","createdAt":"2026-02-01T10:00:00+00:00","updatedAt":"2026-02-01T10:00:00+00:00","budgetId":"b1","amount":1,"name":"n","name":"m","kind":"expense","transactionDate":"2026-02-05T00:00:00+00:00"}]"#,
        #"[{"id":"t","createdAt":"2026-02-01T10:00:00+00:00","updatedAt":"2026-02-01T10:00:00+00:00","budgetId":"b1","amount":1,"n\u0061me":"n","kind":"expense","transactionDate":"2026-02-05T00:00:00+00:00"}]"#,
        #"[{"id":"t","createdAt":"2026-02-01T10:00:00+00:00","updatedAt":"2026-02-01T10:00:00+00:00","budgetId":"b1","amount":1,"name":"\ud800","kind":"expense","transactionDate":"2026-02-05T00:00:00+00:00"}]"#,
        #"[{"id":"t","createdAt":"2026-02-01T10:00:00+00:00","updatedAt":"2026-02-01T10:00:00+00:00","budgetId":"b1","amount":1,"name":"n","kind":"other","transactionDate":"2026-02-05T00:00:00+00:00"}]"#,
        #"[{"createdAt":"2026-02-01T10:00:00+00:00","updatedAt":"2026-02-01T10:00:00+00:00","budgetId":"b1","amount":1,"name":"n","kind":"expense","transactionDate":"2026-02-05T00:00:00+00:00"}]"#,
        #"[{"id":"t","createdAt":"hier","updatedAt":"2026-02-01T10:00:00+00:00","budgetId":"b1","amount":1,"name":"n","kind":"expense","transactionDate":"2026-02-05T00:00:00+00:00"}]"#,
        #"[{"id":"t","createdAt":"2026-02-01T10:00:00+00:00","updatedAt":"2026-02-01T10:00:00+00:00","budgetId":"b1","amount":null,"name":"n","kind":"expense","transactionDate":"2026-02-05T00:00:00+00:00"}]"#,
        #"[{"id":"t","createdAt":"2026-02-01T10:00:00+00:00","updatedAt":"2026-02-01T10:00:00+00:00","budgetId":"b1","amount":01,"name":"n","kind":"expense","transactionDate":"2026-02-05T00:00:00+00:00"}]"#,
        #"[{"id":"t","createdAt":"2026-02-01T10:00:00+00:00","updatedAt":"2026-02-01T10:00:00+00:00","budgetId":"b1","amount":1,"name":"a\#ttab","kind":"expense","transactionDate":"2026-02-05T00:00:00+00:00"}]"#,
        "null", "[1]", "[{}]", "[", "[{\"id\":\"t\",}]",
    ])
    func leftToJSONDecoder(transactions: String) {
        #expect(BudgetDetailsWire.split(Self.body(transactions)) == nil)
        for chunk in [1, 5, Int.max] {
            #expect(Self.streamedMonth(Self.body(transactions), chunk: chunk) == nil)
        }
    }

    @Test("Streamed, a body without the array is kept whole; one that gives up once rows were dropped is unusable")
    func streamOutcomes() {
        for body in [#"{"success":false,"error":"x","code":"ERR"}"#, #"{"data":{"budget":{},"transactions":null}}"#,
                     #"{"data":{"data":{"transactions":[1]}}}"#, #"{"transactions":[{}]}"#, ""] {
            #expect(Self.streamed(Data(body.utf8), chunk: 3) == .whole(Data(body.utf8)), "\(body)")
        }
        #expect(Self.streamed(Self.body("[{}]"), chunk: 4) == .unusable)
        #expect(Self.streamed(Self.body(#"[{"id":"t"} {"id":"u"}]"#), chunk: 4) == .unusable)
        #expect(Self.streamed(Data(#"{"data":{"transactions":[],"transactions":[]}}"#.utf8), chunk: 2) == .unusable)
        // Cut short inside the array.
        #expect(Self.streamed(Data(#"{"data":{"transactions":[{"id":"#.utf8), chunk: 2) == .unusable)
    }

    @Test("A body it cannot walk whole is left to JSONDecoder")
    func leftWhole() {
        let valid = String(decoding: Self.body("[]"), as: UTF8.self)
        for body in [valid + "x", #"{"success":true}"#, #"{"data":{"budget":{}}}"#, "[]", "",
                     #"{"data":{"transactions":[]},"data":{"transactions":[]}}"#] {
            #expect(BudgetDetailsWire.split(Data(body.utf8)) == nil, "\(body)")
        }
        var invalidUTF8 = Data(#"{"data":{"transactions":[{"name":""#.utf8)
        invalidUTF8.append(contentsOf: [0xC3, 0x28])
        invalidUTF8.append(contentsOf: Data(#""}]}}"#.utf8))
        #expect(BudgetDetailsWire.split(invalidUTF8) == nil)
    }

    /// Any name (control characters, quotes, backslashes, any scalar), any amount of up to 4
    /// decimals as a number or as a string, any optional field present, null or absent.
    @Test("Any month reads the same both ways")
    func anyMonth() async {
        let scalar = Gen.oneOf(Gen.int(in: 0...0x7F), Gen.int(in: 0xA0...0x2FFF), Gen.int(in: 0x1F300...0x1F64F))
            .map { Character(Unicode.Scalar(UInt32($0))!) }
        let name = scalar.array(of: 0...24).map { String($0) }
        let amount = zip(Gen.int(in: 0...999_999_999), Gen.int(in: 0...4), Gen.bool)
        let optional = Gen.int(in: 0...2) // present, null, absent
        let row = zip(name, amount, optional, optional, optional)
        await propertyCheck(count: 200, input: row.array(of: 0...12)) { rows in
            let encoder = JSONEncoder()
            let objects = rows.enumerated().map { index, row -> String in
                let (name, amount, line, tags, checked) = row
                let number = "\(Decimal(sign: .plus, exponent: -amount.1, significand: Decimal(amount.0)))"
                let nameJSON = String(decoding: try! encoder.encode(name), as: UTF8.self)
                var members = [
                    #""id":"t\#(index)""#, #""createdAt":"2026-02-01T10:00:00.5+00:00""#,
                    #""updatedAt":"2026-02-01T10:00:00+00:00""#, #""budgetId":"b1""#,
                    #""amount":\#(amount.2 ? "\"\(number)\"" : number)"#, #""name":\#(nameJSON)"#,
                    #""kind":"\#(["income", "expense", "saving"][index % 3])""#,
                    #""transactionDate":"2026-02-0\#(1 + index % 9)T00:00:00+00:00""#,
                ]
                members += [[#""budgetLineId":"l\#(index % 2)""#], [#""budgetLineId":null"#], []][line]
                members += [[#""tagIds":["a","b\u00e9"]"#], [#""tagIds":null"#], []][tags]
                members += [[#""checkedAt":"2026-02-03T08:00:00+00:00""#], [#""checkedAt":null"#], []][checked]
                return "{" + members.joined(separator: ",") + "}"
            }
            let body = Self.body("[" + objects.joined(separator: ", ") + "]")
            #expect(BudgetDetailsWire.split(body) != nil)
            Self.expectSameMonth(body)
        }
    }
}
