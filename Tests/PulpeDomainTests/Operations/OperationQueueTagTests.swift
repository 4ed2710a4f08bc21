import PulpeDomain
import Testing

/// A tag created offline (§15.2, §14.7 rule 8): asked twice before it left, stored once; what
/// uses it waits behind it.
struct OperationQueueTagTests {
    @Test func theSameTagAskedTwiceIsStoredOnceCaseAside() {
        var queue = OperationQueue.adding(.createTag(name: "Vacances"), id: "t1", to: [])
        queue = OperationQueue.adding(.createTag(name: "vacances"), id: "t2", to: queue)
        #expect(queue.map(\.id) == ["t1"])
    }

    @Test func anExpenseOnANewTagWaitsForIt() {
        let expense = WriteOperation.createTransaction(NewTransaction(id: "e1", budgetId: "b", name: "Train", amount: 30, kind: .expense,
                                                                      tagIds: [ProvisionalTag.id(for: "vacances")]))
        #expect(expense.needs == .tag(TagRules.key("Vacances")))
        let queue = OperationQueue.adding(expense, id: "e1", to: OperationQueue.adding(.createTag(name: "Vacances"), id: "t1", to: []))
        #expect(!OperationQueue.isReady(queue[1], in: queue), "behind its tag's create")
        #expect(OperationQueue.isReady(queue[0], in: queue))
        #expect(ProvisionalTag.name(ofId: ProvisionalTag.id(for: " Vacances ")) == "Vacances")
        #expect(ProvisionalTag.name(ofId: "0b6c…") == nil)
    }

    /// A patch or a prévision naming a new tag waits for it too; a later patch's tags fold into
    /// the create still waiting (the set replaces).
    @Test func editsOnANewTagWaitForItAndFoldIntoCreates() {
        let pending = ProvisionalTag.id(for: "Ski")
        #expect(WriteOperation.patchTransaction(id: "t", TransactionChanges(tagIds: [pending])).needs == .tag("ski"))
        #expect(WriteOperation.patchBudgetLine(id: "l", BudgetLineChanges(tagIds: ["g-1", pending])).needs == .tag("ski"))
        let line = NewBudgetLine(id: "l1", budgetId: "b", name: "Ski", amount: 300, kind: .expense, tagIds: [pending])
        #expect(WriteOperation.createBudgetLine(line).needs == .tag("ski"))
        #expect(WriteOperation.patchTransaction(id: "t", TransactionChanges(tagIds: ["g-1"])).needs == nil)

        var queue = OperationQueue.adding(.createBudgetLine(line), id: "l1", to: [])
        queue = OperationQueue.adding(.patchBudgetLine(id: "l1", BudgetLineChanges(tagIds: ["g-1"])), id: "p1", to: queue)
        #expect(queue.map(\.operation) == [.createBudgetLine(NewBudgetLine(id: "l1", budgetId: "b", name: "Ski", amount: 300,
                                                                           kind: .expense, tagIds: ["g-1"]))])
        #expect(WriteOperation.patchTransaction(id: "t", TransactionChanges(tagIds: [pending])).withTagIds(["g-9"])
            == .patchTransaction(id: "t", TransactionChanges(tagIds: ["g-9"])))
    }
}
