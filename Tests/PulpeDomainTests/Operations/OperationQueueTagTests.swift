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
}
