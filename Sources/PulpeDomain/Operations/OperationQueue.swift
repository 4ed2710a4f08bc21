/// Coalescing before anything is sent (decision 46): what the queue becomes when the user adds an
/// operation. Pure; each rule is tested on its own.
/// - An edit, check or delete of an item whose create still waits is folded into that create (a
///   delete drops both, and everything else queued for the item).
/// - Consecutive patches of one item merge, field by field, the newer winning.
/// - Repeated check presses collapse to the last intent.
/// - A delete drops the item's queued patches and checks (the delete is what the user meant) —
///   but not those ahead of a queued write that relies on the item (an expense created on the
///   prévision: its kind is the one the prévision has once they are sent).
/// - An operation on an item the server refused to create is blocked with it.
/// Nothing is folded into an operation in flight: the new one queues behind it.
public enum OperationQueue {
    public static func adding(_ operation: WriteOperation, id: String, to queue: [QueuedOperation]) -> [QueuedOperation] {
        var queue = queue
        let target = operation.target
        let sameTarget = queue.indices.filter { queue[$0].operation.target == target }

        // On an item whose create the server refused: refused with it.
        if let refusedCreate = sameTarget.first(where: { queue[$0].operation.isCreate && isRefused(queue[$0].state) }),
           !operation.isCreate {
            queue.append(QueuedOperation(id: id, operation: operation, state: .blocked(by: queue[refusedCreate].id)))
            return queue
        }
        // On an item whose create still waits: folded into it.
        if let createIndex = sameTarget.first(where: { queue[$0].operation.isCreate && queue[$0].isFoldable }) {
            if operation.isDelete {
                // Never sent, never shown: the create, and everything queued for the item, go.
                var kept = queue.filter { $0.operation.target != target || !$0.isFoldable }
                // A prévision that never left: the expenses queued on it stay, free — as the server
                // keeps a deleted prévision's transactions (§14.3) — instead of being sent onto a
                // prévision that never existed (404, refused).
                if case let .budgetLine(lineId) = target {
                    for index in kept.indices where kept[index].isFoldable {
                        guard case var .createTransaction(new) = kept[index].operation, new.budgetLineId == lineId else { continue }
                        new.budgetLineId = nil
                        kept[index].operation = .createTransaction(new)
                    }
                }
                return kept
            }
            if let folded = fold(operation, into: queue[createIndex].operation) {
                queue[createIndex].operation = folded
                return queue
            }
        }
        // After the newest queued operation of the item, when both wait: merged.
        if let lastIndex = sameTarget.last, queue[lastIndex].isFoldable {
            switch (queue[lastIndex].operation, operation) {
            case let (.patchTransaction(id, earlier), .patchTransaction(_, later)):
                queue[lastIndex].operation = .patchTransaction(id: id, earlier.merged(with: later))
                return queue
            case let (.patchBudgetLine(id, earlier), .patchBudgetLine(_, later)):
                queue[lastIndex].operation = .patchBudgetLine(id: id, earlier.merged(with: later))
                return queue
            case let (.updateSettings(earlier), .updateSettings(later)):
                queue[lastIndex].operation = .updateSettings(earlier.merged(with: later))
                return queue
            default:
                break
            }
        }
        // Check presses: the last intent is the one that counts.
        switch operation {
        case .setTransactionChecked, .setBudgetLineChecked:
            queue.removeAll { $0.isFoldable && $0.operation.target == target && isCheck($0.operation) }
        case .deleteTransaction, .deleteBudgetLine:
            // An expense queued on the prévision is sent before the delete, onto the prévision as
            // the patches ahead of it leave it: dropping a kind change there would send the expense
            // to a prévision of the other kind (refused, found by the operation fault injection).
            let lastRelying = queue.lastIndex { $0.operation.needs == target }
            queue = queue.indices.filter { index in
                let item = queue[index]
                let replaced = item.isFoldable && item.operation.target == target && !item.operation.isCreate
                return !replaced || lastRelying.map { index < $0 } == true
            }.map { queue[$0] }
        default:
            break
        }
        queue.append(QueuedOperation(id: id, operation: operation))
        return queue
    }

    /// Whether `queued` may be sent now: what it needs (its item's create, its prévision's create)
    /// is not waiting ahead of it.
    public static func isReady(_ queued: QueuedOperation, in queue: [QueuedOperation]) -> Bool {
        guard let index = queue.firstIndex(of: queued) else { return false }
        let ahead = queue[..<index]
        let target = queued.operation.target
        if ahead.contains(where: { $0.operation.target == target }) { return false }
        if let needed = queued.operation.needs, ahead.contains(where: { $0.operation.target == needed && $0.operation.isCreate }) {
            return false
        }
        return true
    }

    /// A create with a later edit folded in: the create carries the intended fields.
    static func fold(_ operation: WriteOperation, into create: WriteOperation) -> WriteOperation? {
        switch (create, operation) {
        case (.createTag, .createTag):
            return create   // the same tag, asked again before it left: made once

        case let (.createTransaction(new), .patchTransaction(_, patch)):
            var new = new
            if let name = patch.name { new.name = name }
            if let amount = patch.amount { new.amount = amount }
            if let kind = patch.kind { new.kind = kind }
            if let date = patch.transactionDate { new.transactionDate = date }
            if let tags = patch.tagIds { new.tagIds = tags }
            return .createTransaction(new)
        case let (.createTransaction(new), .setTransactionChecked(_, checked, at)):
            var new = new
            new.checkedAt = checked ? (new.checkedAt ?? at) : nil
            return .createTransaction(new)
        case let (.createBudgetLine(new), .patchBudgetLine(_, patch)):
            // Every field the patch can carry (§15.5): a kind or recurrence left out here was a
            // change lost without a word (found by the fault injection once it drew them).
            var new = new
            if let name = patch.name { new.name = name }
            if let amount = patch.amount { new.amount = amount }
            if let kind = patch.kind { new.kind = kind }
            if let recurrence = patch.recurrence { new.recurrence = recurrence }
            if let tags = patch.tagIds { new.tagIds = tags }
            if let goal = patch.goal { new.savingsGoalId = goal.goalId }
            if new.kind != .saving { new.savingsGoalId = nil }
            return .createBudgetLine(new)
        case let (.createBudgetLine(new), .setBudgetLineChecked(_, checked, false, at)):
            var new = new
            new.checkedAt = checked ? (new.checkedAt ?? at) : nil
            return .createBudgetLine(new)
        default:
            return nil
        }
    }

    static func isCheck(_ operation: WriteOperation) -> Bool {
        switch operation {
        case .setTransactionChecked, .setBudgetLineChecked: true
        default: false
        }
    }

    static func isRefused(_ state: QueuedOperation.State) -> Bool {
        switch state {
        case .refused, .blocked: true
        case .pending, .inFlight: false
        }
    }
}
