import PulpeCore

extension OutboxService {
    /// The outbox concern's commands, as `EffectRunner` hands them over. A store is committed to
    /// disk first; only then does a sync put it on the wire.
    public func run(_ command: OutboxCommand, now: @escaping @Sendable () -> AppTime,
                    send: @escaping @Sendable (OutboxEvent) -> Void) async {
        switch command {
        case .loadOutbox:
            send(.outboxChanged(await snapshot()))
        case let .storeChange(draft, thenSync):
            switch await store(change: draft) {
            case let .success(id):
                send(.changeStored(id: id))
                send(.outboxChanged(await snapshot()))
                if thenSync { await syncReporting(send) }
            case let .failure(failure):
                send(.changeNotStored(failure))
            }
        case let .retryChange(id, thenSync):
            _ = await retry(id: id)
            send(.outboxChanged(await snapshot()))
            if thenSync { await syncReporting(send) }
        case let .cancelChange(draft):
            _ = await cancel(change: draft)
            send(.outboxChanged(await snapshot()))
        case .syncOutbox:
            await syncReporting(send)
        case let .removePending(id):
            _ = await remove(id: id)
            send(.outboxChanged(await snapshot()))
        case let .replacePending(id, draft, thenSync):
            _ = await replace(id: id, with: draft)
            send(.outboxChanged(await snapshot()))
            if thenSync { await syncReporting(send) }
        }
    }

    /// Sends what the outbox holds, reporting progress and refusals, then the outbox as it ends.
    private func syncReporting(_ send: @escaping @Sendable (OutboxEvent) -> Void) async {
        let report = await sync { event in
            switch event {
            case let .sending(index, total): send(.syncProgress(done: index - 1, total: total))
            case let .refused(expense): send(.expenseRefused(expense))
            case let .changeRefused(change): send(.changeRefused(change))
            case let .sent(id): send(.expenseSent(id: id))
            case .deferred: break
            }
        }
        send(.outboxChanged(await snapshot()))
        send(.syncFinished(sent: report.sent.count, remaining: report.remaining, stoppedBy: report.stoppedBy))
    }
}
