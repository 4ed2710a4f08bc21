import PulpeDomain

/// How to bring a month's stored transaction rows to a new list with few writes: one check
/// toggled is one row rewritten, one expense added is one row inserted — not 100 000 rows deleted
/// and written again (issue 26: « cache save after one change ≤ 20 ms »).
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
        let shared = min(old.count, new.count)
        var prefix = 0
        while prefix < shared, old[prefix].id == new[prefix].id { prefix += 1 }
        var suffix = 0
        while suffix < shared - prefix, old[old.count - 1 - suffix].id == new[new.count - 1 - suffix].id { suffix += 1 }

        var plan = MonthRowsPlan(deletes: [], writes: [], positions: [Double](repeating: 0, count: new.count))
        let limit = writeLimit(rows: new.count)
        // The ends: same id, same place; rewritten only if the content changed.
        for index in Array(0..<prefix) + Array(new.count - suffix..<new.count) {
            let oldAt = index < prefix ? index : index - new.count + old.count
            plan.positions[index] = oldPositions[oldAt]
            if old[oldAt] != new[index] {
                plan.writes.append(Write(position: oldPositions[oldAt], index: index))
                if plan.writes.count > limit { return nil }
            }
        }
        let lower = prefix > 0 ? oldPositions[prefix - 1] : -Double.infinity
        let upper = suffix > 0 ? oldPositions[old.count - suffix] : Double.infinity
        guard plan.placeMiddle(old: old, oldPositions: oldPositions, oldRange: prefix..<old.count - suffix,
                               new: new, newRange: prefix..<new.count - suffix, between: lower, and: upper) else { return nil }
        guard plan.writes.count + plan.deletes.count <= limit else { return nil }
        return plan
    }

    /// The rows between the common ends, matched by id: each found row whose stored position comes
    /// after the last kept one keeps it (greedily), the others get positions between their kept
    /// neighbours, and the old rows nobody kept are deleted. False when a full rewrite is better.
    private mutating func placeMiddle(old: [Transaction], oldPositions: [Double], oldRange: Range<Int>, new: [Transaction],
                                      newRange: Range<Int>, between lower: Double, and upper: Double) -> Bool {
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
                if old[oldAt] != new[index] { writes.append(Write(position: oldPositions[oldAt], index: index)) }
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
