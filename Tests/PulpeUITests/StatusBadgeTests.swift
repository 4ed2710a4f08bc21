import PulpeCore
import PulpeDomain
import PulpeTerminal
@testable import PulpeUI
import Testing
import Foundation
import PulpeTestSupport

/// The status line's right-hand badges: offline, and the pending-expenses slot.
@Suite struct StatusBadgeTests {
    @Test func offlineAndPendingBadges() {
        var state = AppState.at(home: .alice, columns: 80, rows: 24)
        state.isOffline = true
        let waiting = ExpenseDraft(amount: 4.5, name: "Café", kind: .expense, date: CalendarDay(year: 2026, month: 11, day: 21)!,
                                   checked: true, month: BudgetMonth(year: 2026, month: 11), budgetId: "b")
        state.writes.outbox = OutboxSnapshot(items: ["a", "b"].map { PendingExpense(id: $0, draft: waiting, state: .pending) })
        state.status.post(StatusEntry(.error(.unreachable, retry: .browse(.refresh))),
                          now: .zero)
        expectGolden("status-badges-80x24", state: state, context: Contexts.colour)
        var small = state
        small.terminalSize = Size(width: 60, height: 20)
        expectGolden("status-badges-60x20-ascii", state: small, context: Contexts.asciiNoColour)
    }
}
