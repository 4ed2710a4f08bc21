import Foundation
import PulpeDomain
import Testing
@testable import PulpeStore

/// The save's row comparison (`MonthRowsPlan.same`, `bytesEqual`): equal field bytes are equal
/// rows whatever the padding holds, a changed field is never taken for equal, and the same text in
/// another buffer still compares equal field by field.
@Suite struct RowComparisonTests {
    private static let row = Fixtures.transaction(7, budgetId: "budget-2026-11")

    /// Two copies of `row` in memory whose padding holds different garbage.
    private static func withTwoCopies(_ body: (UnsafePointer<Transaction>, UnsafePointer<Transaction>) -> Void) {
        let size = MemoryLayout<Transaction>.size
        let first = UnsafeMutablePointer<Transaction>.allocate(capacity: 1)
        let second = UnsafeMutablePointer<Transaction>.allocate(capacity: 1)
        defer {
            first.deinitialize(count: 1).deallocate()
            second.deinitialize(count: 1).deallocate()
        }
        first.initialize(to: row)
        second.initialize(to: row)
        let fieldBytes = MonthRowsPlan.fieldBytes
        for offset in 0..<size where !fieldBytes.contains(where: { $0.contains(offset) }) {
            (UnsafeMutableRawPointer(first) + offset).storeBytes(of: 0x00, as: UInt8.self)
            (UnsafeMutableRawPointer(second) + offset).storeBytes(of: 0xAB, as: UInt8.self)
        }
        body(first, second)
    }

    @Test func everyStoredPropertyOfATransactionIsCompared() {
        let properties = Mirror(reflecting: Self.row).children.count
        #expect(MonthRowsPlan.fields.count == properties, "a field of Transaction is missing from MonthRowsPlan.fields")
        let offsets = MonthRowsPlan.fields.map { MemoryLayout<Transaction>.offset(of: $0.0) }
        #expect(Set(offsets).count == properties && !offsets.contains(nil), "each field once, each stored")
        let covered = MonthRowsPlan.fieldBytes.reduce(0) { $0 + $1.count }
        #expect(covered == MonthRowsPlan.fields.reduce(0) { $0 + $1.size })
        #expect(covered <= MemoryLayout<Transaction>.size)
    }

    @Test func garbageInThePaddingDoesNotMakeEqualRowsDiffer() {
        Self.withTwoCopies { first, second in
            #expect(MonthRowsPlan.bytesEqual(first, second, MonthRowsPlan.fieldBytes))
            #expect(MonthRowsPlan.same(first, second, fieldBytes: MonthRowsPlan.fieldBytes))
        }
    }

    @Test func aChangedFieldIsNeverEqual() {
        let changes: [(String, (inout Transaction) -> Void)] = [
            ("id", { $0.id += "-other" }),
            ("checkedAt", { $0.checkedAt = $0.checkedAt == nil ? Fixtures.fetched : nil }),
            ("amount", { $0.amount += Fixtures.amount("0.01") }),
            ("name", { $0.name += " bis" }),
            ("budgetLineId", { $0.budgetLineId = $0.budgetLineId == nil ? "line-2" : nil }),
            ("kind", { $0.kind = $0.kind == .income ? .expense : .income }),
            ("transactionDate", { $0.transactionDate += 1 }),
            ("tagIds", { $0.tagIds.append("tag-1") }),
            ("updatedAt", { $0.updatedAt += 1 }),
        ]
        for (field, change) in changes {
            var rows = [Self.row, Self.row]
            change(&rows[1])
            rows.withUnsafeBufferPointer { rows in
                let fieldBytes = MonthRowsPlan.fieldBytes
                #expect(!MonthRowsPlan.same(rows.baseAddress!, rows.baseAddress! + 1, fieldBytes: fieldBytes), "\(field)")
                #expect(!MonthRowsPlan.bytesEqual(rows.baseAddress!, rows.baseAddress! + 1, fieldBytes), "\(field)")
            }
        }
    }

    @Test func theSameTextInAnotherBufferIsStillEqual() {
        var copy = Self.row
        copy.name = String(decoding: Array("Migros Lausanne-Flon, courses".utf8), as: UTF8.self)
        var original = Self.row
        original.name = "Migros Lausanne-Flon, courses"
        [original, copy].withUnsafeBufferPointer { rows in
            let fieldBytes = MonthRowsPlan.fieldBytes
            #expect(!MonthRowsPlan.bytesEqual(rows.baseAddress!, rows.baseAddress! + 1, fieldBytes), "two string buffers")
            #expect(MonthRowsPlan.same(rows.baseAddress!, rows.baseAddress! + 1, fieldBytes: fieldBytes))
        }
    }
}
