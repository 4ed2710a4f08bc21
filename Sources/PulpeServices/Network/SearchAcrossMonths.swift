import PulpeCore
import PulpeDomain

extension BudgetService {
    /// A search across months, as the TUI's `S` and `pulpe search` both run it: every cached
    /// month searched (accents and case aside) — in SQL (`searchCache`), except the months
    /// `outbox` touches, read whole and searched as their panel shows them (what waits applied,
    /// `PendingOverlay`) — merged with `GET /transactions/search` when `askServer` and it answers
    /// within `timeout`: the real server's text search may answer nothing (docs/contract.md
    /// §14.5), so the cache always counts.
    public func searchAcrossMonths(_ query: String, years: [Int], askServer: Bool, timeout: Duration,
                                   outbox: OutboxSnapshot? = nil) async -> SearchResults {
        if QueryParser.usesGrammar(query), let answer = await ledgerSearch(query, years: years, outbox: outbox) { return answer }
        let overlaid = outbox?.touchedMonths ?? []
        // `#` words name tags (§15.2): the replica's catalogue names them here, and the server is
        // asked by their ids — its tag search works, unlike its text search.
        let filter = TransactionFilter(query)
        let catalogue = filter.namesTags ? await tagCatalogue(askServer: false) ?? [] : []
        let tagNames = Dictionary(catalogue.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
        // What the server itself sent before (the months nothing waits in): the server's search must find it too.
        let kept = await searchCache(query, years: years, excluding: overlaid, tagNames: tagNames)
        var cached = kept
        // What waits is found as the panel shows it, marked as waiting there (decision 94).
        var waiting: Set<String> = []
        for month in overlaid.sorted() where years.isEmpty || years.contains(month.year) {
            guard let outbox else { continue }
            let details = await cachedMonth(month)?.value.details
            let overlay = PendingOverlay(month: month, details: details, outbox: outbox)
            guard let shown = overlay.merged ?? details else { continue }
            let hits = SearchHit.hits(query, in: shown, month: month, tagNames: tagNames)
            waiting.formUnion(hits.map(\.id).filter { overlay.states[$0] != nil })
            cached += hits
        }
        var server: [SearchHit]?
        // Once the server's text search answered nothing where the replica found hits (as
        // deployed), it is not waited for again in this process: the replica answers, at once.
        let tagOnly = filter.namesTags && filter.textQuery.isEmpty
        let unusable = await serverSearchIsUnusable() && !tagOnly
        if filter.namesTags {
            // Every tag whose name holds the `#` word. The server ORs its tags, while each `#` word
            // must hold: with two or more, the replica alone answers.
            let ids = catalogue.filter { filter.namesAnyTag($0.name) }.map(\.id)
            if askServer, !unusable, !ids.isEmpty, filter.tagWordCount == 1 {
                server = await withTimeout(timeout) { await search(filter.textQuery, years: years, tagIds: ids) } ?? nil
            }
        } else if askServer, !unusable {
            server = await withTimeout(timeout) { await search(query, years: years, tagIds: []) } ?? nil
        }
        if server?.isEmpty == true, !kept.isEmpty, !tagOnly { await noteServerSearchUnusable() }
        let serverIds = Set((server ?? []).map(\.id))
        let hits = SearchHit.merged(server ?? [], cached)
        return SearchResults(hits: hits, askedServer: server != nil || (askServer && unusable),
                             fromCache: Set(hits.map(\.id).filter { !serverIds.contains($0) }), pending: waiting)
    }

    /// A query in the language (issue 61: `amt:>20 tag:vacances`, …), answered as `pulpe query`
    /// answers it: the replica with what waits applied, on this machine — the server's search knows
    /// no such query. Newest first. Nil when it does not read (then it is searched as plain text).
    func ledgerSearch(_ query: String, years: [Int], outbox: OutboxSnapshot?) async -> SearchResults? {
        var payDay: Int?
        var today = WallClock.system.today
        if let (settings, day) = await cachedSettings()?.kept { (payDay, today) = (settings.payDayOfMonth, day) }
        guard let ledger = try? QueryParser.parse(query, today: today, payDay: payDay) else { return nil }
        let account = AccountSnapshot(months: await cachedAccount(), outbox: outbox ?? OutboxSnapshot(),
                                      tags: await tagCatalogue(askServer: false) ?? [], payDay: payDay, today: today, currency: .chf,
                                      timeZone: .system)
        let kept = ledger.filter(account.rows).filter { years.isEmpty || years.contains($0.month.year) }
        let hits = kept.reversed().map { row in
            SearchHit(id: row.id, itemType: .transaction, name: row.name, amount: row.amount, kind: row.kind,
                      transactionDate: row.date.startDate(in: .system), budgetId: row.budgetId, year: row.month.year,
                      month: row.month.month, lineName: row.line)
        }
        return SearchResults(hits: hits, askedServer: true, fromCache: Set(hits.map(\.id)),
                             pending: Set(kept.filter(\.pending).map(\.id)))
    }
}
