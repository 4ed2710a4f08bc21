import Foundation
import PulpeCore
import PulpeDomain

/// `pulpe search TEXT` without a terminal: every cached month searched (accents and case aside),
/// merged with the server's `GET /transactions/search` when the gate is open — whose text search
/// may answer nothing on the real server (docs/contract.md §14.5), so the cache always counts.
/// What waits in the outbox is searched too, as the months show it.
public struct ShellSearch: Sendable {
    public struct Found: Sendable, Hashable {
        public var hits: [SearchHit]
        /// The server was asked and answered (else: the cache alone, « résultats du cache »).
        public var askedServer: Bool
        /// The hits only the cache had (for `source` in JSON).
        public var fromCache: Set<String>
    }

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
        var cached: [SearchHit] = []
        for month in await services.budgets.cachedMonths() where years.isEmpty || years.contains(month.year) {
            guard case let .budget(details)? = await services.budgets.cachedMonth(month)?.value else { continue }
            var overlay = PendingOverlay()
            overlay.update(month: month, details: details, outbox: outbox, recentlySent: [])
            cached += SearchHit.hits(query, in: overlay.merged ?? details, month: month)
        }
        var server: [SearchHit]?
        let check = await withTimeout(ShellQuickAdd.checkTimeout) { await services.availability.checkService() } ?? .unreachable
        if check == .available {
            if let session = await withTimeout(timeout, { await services.sessions.restoreSession() }) ?? nil {
                guard session.isUnlocked || session.needsNoPin else { return .locked }
                server = await withTimeout(timeout) { await services.budgets.search(query, years: years) } ?? nil
            }
        } else if !saved.needsNoPin, cached.isEmpty {
            return .locked
        }
        let serverIds = Set((server ?? []).map(\.id))
        let hits = SearchHit.merged(server ?? [], cached)
        return .found(Found(hits: hits, askedServer: server != nil,
                            fromCache: Set(hits.map(\.id).filter { !serverIds.contains($0) })))
    }
}
