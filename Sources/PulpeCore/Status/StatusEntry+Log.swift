import PulpeDomain

extension StatusEntry {
    /// The status history as the log keeps it: the kind, counts and the failure's case, never the
    /// sentence on screen (« Pointé : Migros — 45.00 CHF »), which names and amounts (decision 100).
    public var logDescription: String {
        switch kind {
        case .checkingService: "checkingService"
        case .connecting: "connecting"
        case .unlocking: "unlocking"
        case .loadingMonth: "loadingMonth"
        case .loadingYear: "loadingYear"
        case let .syncing(done, total): "syncing \(done)/\(total)"
        case .syncingAccount: "syncingAccount"
        case let .accountSynced(months, _): "accountSynced months=\(months)"
        case .cached: "cached"
        case .updated: "updated"
        case let .offline(pending, _): "offline pending=\(pending)"
        case let .gesture(news): "gesture " + news.logDescription
        case let .refused(_, reason): "refused reason=" + LogToken.caseName(reason)
        case let .error(failure, retry):
            "error failure=" + LogToken.caseName(failure) + (retry.map { " retry=" + LogToken.caseName($0) } ?? "")
        }
    }
}

extension GestureNews {
    /// The gesture's kind and counts: `checked`, `item(postpone)`, `refused(unknown)`,
    /// `planned months=3`; its name, amount and template stay on screen.
    var logDescription: String {
        var text =
            switch kind {
            case let .item(write): "item(\(write.rawValue))"
            case let .refused(refusal): "refused(\(LogToken.caseName(refusal)))"
            default: LogToken.caseName(kind)
            }
        if let transactionKind { text += " kind=" + transactionKind.rawValue }
        if months > 0 { text += " months=\(months)" }
        if freedTransactions > 0 { text += " freed=\(freedTransactions)" }
        return text
    }
}
