import Foundation
import PulpeDomain
import Testing
@testable import PulpeStore

/// The save's row comparison (`MonthRowsPlan.same`, `bytesEqual`): equal field bytes are equal
/// rows whatever the padding holds, a changed field is never taken for equal, and the same text in
/// another buffer still compares equal field by field.
@Suite struct RowComparisonTests {
    private static let row = Fixtures.transaction(7, budgetId: "budget-2026-11")

    /// The fields' byte ranges as the declared stored properties lay out — in order, each at its
    /// type's alignment — from `Mirror`, independently of `MonthRowsPlan.fields`; adjacent ones merged.
    private static func declaredFieldBytes() -> [Range<Int>] {
        func layout<Value>(_ value: Value) -> (size: Int, alignment: Int) { (MemoryLayout<Value>.size, MemoryLayout<Value>.alignment) }
        var merged: [Range<Int>] = []
        var offset = 0
        for child in Mirror(reflecting: row).children {
            let (size, alignment) = layout(child.value)
            offset = (offset + alignment - 1) / alignment * alignment
            if let last = merged.last, last.upperBound == offset {
                merged[merged.count - 1] = last.lowerBound..<offset + size
            } else {
                merged.append(offset..<offset + size)
            }
            offset += size
        }
        return merged
    }

    /// Two copies of `row` whose padding (the bytes no declared field takes) holds different garbage,
    /// as a copy into memory used before leaves it.
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
        let declared = declaredFieldBytes()
        for offset in 0..<size where !declared.contains(where: { $0.contains(offset) }) {
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
        #expect(MonthRowsPlan.fieldBytes == Self.declaredFieldBytes(), "the bytes the declared fields take, no more, no less")
        #expect(Self.declaredFieldBytes().last?.upperBound == MemoryLayout<Transaction>.size)
    }

    @Test func garbageInThePaddingDoesNotMakeEqualRowsDiffer() {
        Self.withTwoCopies { first, second in
            // The copies' bytes do differ (else this test would prove nothing): in the padding only.
            #expect(memcmp(first, second, MemoryLayout<Transaction>.size) != 0)
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
            ("createdAt", { $0.createdAt += 1 }),
            ("budgetId", { $0.budgetId += "-other" }),
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

    /// A month decoded again (another buffer for every long string): equal rows, so nothing to write.
    @Test func aDeepCopyOfTheMonthPlansNoWrite() throws {
        let rows = (0..<50).map { index in
            var row = Fixtures.transaction(index, budgetId: "budget-2026-11-with-a-long-identifier")
            row.name = "Migros Lausanne-Flon, courses de la semaine \(index)"
            row.id = "00000000-0000-4000-8000-\(String(repeating: "0", count: 10))\(index + 10)"
            return row
        }
        let copy = rows.map { row in
            var copy = row
            copy.id = String(decoding: Array(row.id.utf8), as: UTF8.self)
            copy.name = String(decoding: Array(row.name.utf8), as: UTF8.self)
            copy.budgetId = String(decoding: Array(row.budgetId.utf8), as: UTF8.self)
            return copy
        }
        let plan = try #require(MonthRowsPlan.make(old: rows, oldPositions: rows.indices.map(Double.init), new: copy))
        #expect(plan.isEmpty)
        #expect(plan.positions == rows.indices.map(Double.init))
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
