#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import PulpeDomain

/// How to bring a month's stored transaction rows to a new list with few writes: one check
/// toggled is one row rewritten, one expense added is one row inserted — not 100 000 rows deleted
/// and written again (decision 62: the goal, a cache save after one change in ≤ 20 ms).
///
/// A row's place is its `position` (a `Double`, in the existing INTEGER column: SQLite keeps
/// non-integral values as REAL and orders them with the integers). Rows that keep their relative
/// order keep their position; a row inserted between two gets one between theirs. Pure: the store
/// applies it in one transaction.
struct MonthRowsPlan: Equatable {
    /// Positions whose rows go (removed, or moved elsewhere).
    var deletes: [Double]
    /// New rows, and kept rows whose content changed: `new[index]` written at `position`.
    var writes: [Write]
    /// Every new row's position, in order (what the store remembers for the next save).
    var positions: [Double]

    struct Write: Equatable {
        var position: Double
        var index: Int
    }

    /// Nothing to write: the rows are already these.
    var isEmpty: Bool { deletes.isEmpty && writes.isEmpty }

    /// Beyond this many writes a full rewrite is as fast, and simpler to trust.
    static func writeLimit(rows: Int) -> Int { max(64, rows / 4) }

    /// The plan from `old` (stored at `oldPositions`, in order) to `new`; nil when a full rewrite
    /// is the better way (ids repeated, too much moved, positions squeezed past a `Double`'s precision).
    ///
    /// The rows both lists start and end with (by id) keep their place at the cost of one pass —
    /// a check, an edit, an expense added or removed touch nothing else; only what lies between is
    /// matched by id.
    static func make(old: [Transaction], oldPositions: [Double], new: [Transaction]) -> MonthRowsPlan? {
        guard old.count == oldPositions.count else { return nil }
        // Looked at in place: reading a row out of an array copies it (a retain and a release for each of
        // its strings), and that was most of a 100 000-row save.
        return old.withUnsafeBufferPointer { old in
            new.withUnsafeBufferPointer { new in make(old: old, oldPositions: oldPositions, new: new) }
        }
    }

    /// Whether two rows hold the same values.
    static func same(_ old: UnsafePointer<Transaction>, _ new: UnsafePointer<Transaction>, fieldBytes: [Range<Int>]) -> Bool {
        bytesEqual(old, new, fieldBytes) || old.pointee == new.pointee
    }

    /// Whether two rows' fields hold the same bytes — then they are the same values. Most rows a save
    /// compares hold the very strings the store last wrote or read (the app's copy-on-write arrays
    /// share them, and a refresh decodes into them: `BudgetDetailsWire`), so this answers for all
    /// but the changed rows without following a pointer. Only the fields' bytes are compared: the
    /// padding between them is whatever the memory held before. False says nothing: the same
    /// text may sit in another buffer.
    static func bytesEqual(_ old: UnsafePointer<Transaction>, _ new: UnsafePointer<Transaction>, _ fieldBytes: [Range<Int>]) -> Bool {
        let oldBytes = UnsafeRawPointer(old), newBytes = UnsafeRawPointer(new)
        for range in fieldBytes where memcmp(oldBytes + range.lowerBound, newBytes + range.lowerBound, range.count) != 0 {
            return false
        }
        return true
    }

    /// Every stored property of `Transaction`, with its size: `fieldBytes` is made of them. A field
    /// missing here would go uncompared — `RowComparisonTests.everyStoredPropertyOfATransactionIsCompared`
    /// checks the list against the type's.
    static var fields: [(PartialKeyPath<Transaction>, size: Int)] {
        [field(\.id), field(\.createdAt), field(\.updatedAt), field(\.budgetId), field(\.budgetLineId), field(\.amount),
         field(\.name), field(\.kind), field(\.transactionDate), field(\.tagIds), field(\.checkedAt)]
    }

    /// A stored property and its size, the size taken from the property's own type.
    private static func field<Value>(_ path: KeyPath<Transaction, Value>) -> (PartialKeyPath<Transaction>, size: Int) {
        (path, MemoryLayout<Value>.size)
    }

    /// The byte ranges of a `Transaction` its fields occupy, adjacent fields merged: three ranges today.
    static let fieldBytes: [Range<Int>] = {
        let ranges = fields.map { field, size in
            let offset = MemoryLayout<Transaction>.offset(of: field)!
            return offset..<offset + size
        }.sorted { $0.lowerBound < $1.lowerBound }
        var merged: [Range<Int>] = []
        for range in ranges {
            if let last = merged.last, last.upperBound == range.lowerBound {
                merged[merged.count - 1] = last.lowerBound..<range.upperBound
            } else {
                merged.append(range)
            }
        }
        return merged
    }()

    private static func make(old: UnsafeBufferPointer<Transaction>, oldPositions: [Double],
                             new: UnsafeBufferPointer<Transaction>) -> MonthRowsPlan? {
        let fieldBytes = Self.fieldBytes
        let shared = min(old.count, new.count)
        var plan = MonthRowsPlan(deletes: [], writes: [], positions: [Double](repeating: 0, count: new.count))
        let limit = writeLimit(rows: new.count)
        // The ends, in one pass over each row (100 000 rows do not fit in the processor's cache, so a
        // second pass would read them all again): same id, same place; rewritten if the content changed.
        func keepsItsPlace(_ oldAt: Int, _ index: Int) -> Bool? {
            let old = old.baseAddress! + oldAt, new = new.baseAddress! + index
            if bytesEqual(old, new, fieldBytes) { return true }
            guard old.pointee.id == new.pointee.id else { return false }
            if old.pointee != new.pointee {
                plan.writes.append(Write(position: oldPositions[oldAt], index: index))
                if plan.writes.count > limit { return nil }
            }
            return true
        }
        var prefix = 0
        while prefix < shared {
            guard let kept = keepsItsPlace(prefix, prefix) else { return nil }
            if !kept { break }
            plan.positions[prefix] = oldPositions[prefix]
            prefix += 1
        }
        var suffix = 0
        while suffix < shared - prefix {
            let oldAt = old.count - 1 - suffix, index = new.count - 1 - suffix
            guard let kept = keepsItsPlace(oldAt, index) else { return nil }
            if !kept { break }
            plan.positions[index] = oldPositions[oldAt]
            suffix += 1
        }
        let lower = prefix > 0 ? oldPositions[prefix - 1] : -Double.infinity
        let upper = suffix > 0 ? oldPositions[old.count - suffix] : Double.infinity
        guard plan.placeMiddle(old: old, oldPositions: oldPositions, oldRange: prefix..<old.count - suffix,
                               new: new, newRange: prefix..<new.count - suffix, between: lower, and: upper,
                               fieldBytes: fieldBytes) else { return nil }
        guard plan.writes.count + plan.deletes.count <= limit else { return nil }
        return plan
    }

    /// The rows between the common ends, matched by id: each found row whose stored position comes
    /// after the last kept one keeps it (greedily), the others get positions between their kept
    /// neighbours, and the old rows nobody kept are deleted. False when a full rewrite is better.
    private mutating func placeMiddle(old: UnsafeBufferPointer<Transaction>, oldPositions: [Double], oldRange: Range<Int>,
                                      new: UnsafeBufferPointer<Transaction>,
                                      newRange: Range<Int>, between lower: Double, and upper: Double,
                                      fieldBytes: [Range<Int>]) -> Bool {
        if oldRange.isEmpty, newRange.isEmpty { return true }
        var oldIndex: [String: Int] = [:]
        oldIndex.reserveCapacity(oldRange.count)
        for index in oldRange where oldIndex.updateValue(index, forKey: old[index].id) != nil { return false }

        var kept = [Int?](repeating: nil, count: newRange.count)
        var seen = Set<String>()
        seen.reserveCapacity(newRange.count)
        var last = lower
        for index in newRange {
            guard seen.insert(new[index].id).inserted else { return false }
            if let oldAt = oldIndex[new[index].id], oldPositions[oldAt] > last {
                kept[index - newRange.lowerBound] = oldAt
                last = oldPositions[oldAt]
            }
        }

        var index = newRange.lowerBound
        var below = lower
        while index < newRange.upperBound {
            if let oldAt = kept[index - newRange.lowerBound] {
                positions[index] = oldPositions[oldAt]
                if !Self.same(old.baseAddress! + oldAt, new.baseAddress! + index, fieldBytes: fieldBytes) {
                    writes.append(Write(position: oldPositions[oldAt], index: index))
                }
                below = oldPositions[oldAt]
                index += 1
                continue
            }
            // A run of rows without a place, up to the next kept row (or the common end).
            var end = index
            while end < newRange.upperBound, kept[end - newRange.lowerBound] == nil { end += 1 }
            let above = end < newRange.upperBound ? oldPositions[kept[end - newRange.lowerBound]!] : upper
            guard let placed = Self.spread(end - index, above: below, below: above) else { return false }
            for (offset, position) in placed.enumerated() {
                positions[index + offset] = position
                writes.append(Write(position: position, index: index + offset))
            }
            index = end
        }
        let keptOld = Set(kept.compactMap { $0 })
        deletes += oldRange.filter { !keptOld.contains($0) }.map { oldPositions[$0] }
        return true
    }

    /// `count` positions strictly between `lower` and `upper` (either may be infinite), or nil
    /// when the gap is too narrow for a `Double` to tell them apart.
    private static func spread(_ count: Int, above lower: Double, below upper: Double) -> [Double]? {
        switch (lower.isFinite, upper.isFinite) {
        case (false, false): return (0..<count).map(Double.init)
        case (true, false): return (1...count).map { lower + Double($0) }
        case (false, true): return (1...count).map { upper - Double(count + 1 - $0) }
        case (true, true):
            let step = (upper - lower) / Double(count + 1)
            let placed = (1...count).map { lower + step * Double($0) }
            var previous = lower
            for position in placed + [upper] {
                guard position > previous else { return nil }
                previous = position
            }
            return placed
        }
    }
}
