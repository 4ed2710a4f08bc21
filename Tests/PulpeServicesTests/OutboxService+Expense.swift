import Foundation
import PulpeCore
import PulpeDomain
import PulpeServices

extension OutboxService {
    /// The quick-add's store, as the core asks for it: the intent resolved under a fresh client id
    /// and its created transaction stored like every other write (`store(change:)`).
    func store(_ draft: ExpenseDraft, timeZone: LocalZone = .utc) async -> Result<PendingExpense, StoreFailure> {
        let id = UUID().uuidString.lowercased()
        let context = WriteContext(month: draft.month, content: .noBudget, timeZone: timeZone)
        guard case let .success(resolved) = WriteResolver.resolve(.addExpense(id: id, draft), in: context),
              let change = resolved.done.first else { return .failure(.diskUnavailable) }
        return await store(change: change).map { _ in PendingExpense(id: id, draft: draft, state: .pending) }
    }
}
