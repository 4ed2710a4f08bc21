import Foundation
import Testing
@testable import PulpeDomain

@Suite("Exact Decimal decoding")
struct DecimalDecodingTests {
    struct Box: Codable { var a: Decimal }

    @Test("JSON numbers decode to the exact Decimal of their literal", arguments: [
        "0.1", "0.2", "0.3", "1234.56", "999999999.99", "-250", "-0.07", "0.01", "1000000", "4500", "2.675",
        "0.30000000000000004", "123456789012345678.12", "1e2", "1.5E-3",
    ])
    func exact(literal: String) throws {
        let box = try decode(Box.self, #"{"a":\#(literal)}"#)
        #expect(box.a == dec(literal))
    }

    @Test func pointOneIsNotDoublePointOne() throws {
        let box = try decode(Box.self, #"{"a":0.1}"#)
        #expect(box.a == dec("0.1"))
        #expect("\(box.a)" == "0.1")
        #expect(box.a * 3 == dec("0.3"))
    }

    @Test func sumOfDecodedAmountsIsExact() throws {
        let list = try decode([Decimal].self, "[0.1, 0.2, 1234.56, 0.07]")
        #expect(list.reduce(0, +) == dec("1234.93"))
        #expect(dec("0.1") + dec("0.2") == dec("0.3"))
    }

    @Test func encodingWritesTheShortestExactText() throws {
        #expect(try encodeText(Box(a: dec("0.1"))) == #"{"a":0.1}"#)
        #expect(try encodeText(Box(a: dec("999999999.99"))) == #"{"a":999999999.99}"#)
        #expect(try encodeText(Box(a: dec("12.50"))) == #"{"a":12.5}"#)
    }

    @Test func amountsInModelsAcceptNumericStringsToo() throws {
        let summary = try decode(BudgetSummary.self, #"{"id":"b","remaining":"1234.56"}"#)
        #expect(summary.remaining == dec("1234.56"))
        #expect(throws: (any Error).self) { try decode(BudgetSummary.self, #"{"id":"b","remaining":"12abc"}"#) }
    }

    @Test func strictDecimalText() {
        #expect(DecimalText.parse("12.5") == dec("12.5"))
        #expect(DecimalText.parse("-0.5") == dec("-0.5"))
        #expect(DecimalText.parse("1e3") == dec("1000"))
        #expect(DecimalText.parse("12abc") == nil)
        #expect(DecimalText.parse("") == nil)
        #expect(DecimalText.parse(".") == nil)
        #expect(DecimalText.parse("1e") == nil)
        #expect(DecimalText.parse("1-2") == nil)
    }
}
