import Foundation
import PulpeCore
import PulpeDomain

/// `pulpe search TEXT` without a terminal: every cached month searched (accents and case aside),
/// merged with the server's `GET /transactions/search` when the gate is open — whose text search
/// may answer nothing on the real server (docs/contract.md §14.5), so the cache always counts.
/// What waits in the outbox is searched too, as the months show it.
public struct ShellSearch: Sendable {
    /// What was found, and where (`BudgetService.searchAcrossMonths`, shared with the TUI's `S`).
    public typealias Found = SearchResults

    public enum Outcome: Sendable, Hashable {
        case found(Found)
        case notSignedIn
        case locked
    }

    let services: ServiceSet

    public init(services: ServiceSet) {
        self.services = services
    }

    public func run(_ query: String, years: [Int], timeout: Duration) async -> Outcome {
        guard let saved = await services.sessions.offlineSession() else { return .notSignedIn }
        let outbox = await services.outbox.snapshot()
        var askServer = false
        let check = await withTimeout(ShellAccess.checkTimeout) { await services.availability.checkService() } ?? .unreachable
        if check == .available, let session = await withTimeout(timeout, { await services.sessions.restoreSession() }) ?? nil {
            guard session.isUnlocked || session.needsNoPin else { return .locked }
            askServer = true
        }
        // The months with something waiting are searched as `pulpe month` shows them; the rest in SQL.
        let overlaid = Set(outbox.items.map(\.draft.month) + outbox.changes.map(\.month))
        let found = await services.budgets.searchAcrossMonths(query, years: years, askServer: askServer, timeout: timeout,
                                                              overlaid: overlaid) { month, details in
            var overlay = PendingOverlay()
            overlay.update(month: month, details: details, outbox: outbox, recentlySent: [])
            return overlay.merged ?? details
        }
        if check != .available, !saved.needsNoPin, found.hits.isEmpty { return .locked }
        return .found(found)
    }
}
