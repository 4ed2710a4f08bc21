/// Why a write waits for the user instead of reaching the server (decision 87: typed where it is
/// decided — the sync, the outbox — and worded only in the UI's copy, `RefusalText`).
public enum RefusalReason: Hashable, Sendable {
    /// The item the write changes is no longer on the server (deleted elsewhere).
    case gone
    /// A create whose month's budget was deleted elsewhere (§14.7 rule 7).
    case budgetGone
    /// An expense put on a prévision that is no longer in its month.
    case lineGone
    /// It needed an item whose create the server refused (the label it was entered with).
    case dependsOn(label: String)
    /// Its row could not be read back from the disk.
    case unreadable
    /// A tag it carries was deleted elsewhere (404 `ERR_TAG_NOT_FOUND`, §15.2): kept for the user
    /// to drop the tag or delete it.
    case tagGone
    /// The server kept the item in its month (§15.3's 409s): already checked, linked to a
    /// prévision, a fixed prévision, a prévision with transactions, no budget next month.
    case postpone(PostponeRefusal)
    /// A create whose id another account holds on the server (409 on the create, 404 on reading
    /// it back; decision 95): never taken for « already sent ».
    case idTaken
    /// The server's own words: its validation reason or message, else its error code, else its
    /// HTTP status (« HTTP 422 »).
    case server(String)
}

extension RefusalReason {
    /// The form kept in the outbox's `refusal` column: a token, never words, so the copy can
    /// change without touching what is on disk.
    public var stored: String {
        switch self {
        case .gone: "gone"
        case .budgetGone: "budget-gone"
        case .lineGone: "line-gone"
        case let .dependsOn(label): "depends-on:" + label
        case .unreadable: "unreadable"
        case .tagGone: "tag-gone"
        case .idTaken: "id-taken"
        case let .postpone(refusal): "postpone:" + refusal.rawValue
        case let .server(words): "server:" + words
        }
    }

    /// Reads `stored` back. An outbox written before the reasons were typed holds the French
    /// words themselves: the ones pulpe wrote are recognised, anything else is the server's.
    public init(stored text: String) {
        if let reason = Self.tokens[text] ?? Self.legacyWords[text] {
            self = reason
        } else if let label = text.dropping(prefix: "depends-on:") {
            self = .dependsOn(label: label)
        } else if let name = text.dropping(prefix: "postpone:"), let refusal = PostponeRefusal(rawValue: name) {
            self = .postpone(refusal)
        } else if let words = text.dropping(prefix: "server:") {
            self = .server(words)
        } else if let label = text.dropping(prefix: "dépend de « ")?.dropping(suffix: " », refusé") {
            self = .dependsOn(label: label)
        } else {
            self = .server(text)
        }
    }

    private static let tokens: [String: RefusalReason] = [
        "gone": .gone, "budget-gone": .budgetGone, "line-gone": .lineGone, "unreadable": .unreadable, "tag-gone": .tagGone,
        "id-taken": .idTaken,
    ]

    /// The words earlier versions stored (decision 84's round and before).
    private static let legacyWords: [String: RefusalReason] = [
        "n'existe plus": .gone, "Le budget de ce mois n’existe plus": .budgetGone,
        "La prévision n’existe plus dans ce mois": .lineGone, "illisible sur le disque": .unreadable,
        "déjà pointée": .postpone(.alreadyChecked), "liée à une prévision": .postpone(.allocated),
        "prévision fixe (elle revient chaque mois)": .postpone(.notPostponable),
        "elle a des transactions": .postpone(.hasTransactions),
        "le mois suivant n’a pas de budget — crée-le d’abord": .postpone(.nextMonthMissing),
    ]
}

private extension String {
    func dropping(prefix: String) -> String? {
        hasPrefix(prefix) ? String(dropFirst(prefix.count)) : nil
    }

    func dropping(suffix: String) -> String? {
        hasSuffix(suffix) ? String(dropLast(suffix.count)) : nil
    }
}
