import PulpeDomain

public enum BudgetEvent: Hashable, Sendable {
    /// The answer to `GET /users/settings` (or the cached copy).
    case settingsLoaded(SettingsOutcome, at: AppTime)
    case monthLoaded(BudgetMonth, FetchOutcome<MonthContent>, at: AppTime)
    case yearLoaded(Int, FetchOutcome<[BudgetSummary]>, at: AppTime)
    /// What a search found, for the query it was asked with.
    case searchFinished(String, SearchResults, at: AppTime)
    /// The templates with their lines, the default first; nil when the server did not answer.
    case templatesLoaded([TemplatePreview]?, at: AppTime)
    /// The whole account read and kept, or why not (what was kept before stays).
    case accountSynced(ReplicaOutcome, at: AppTime)
    /// The replica's months, oldest first, and its last complete read (nil: never complete).
    case accountRead([BudgetDetails], ReplicaStatus?, at: AppTime)
    /// The account's tags (nil: none known — never read, and the server did not answer).
    case tagsLoaded([Tag]?, at: AppTime)
    /// The account's savings goals (nil: none known).
    case savingsGoalsLoaded([SavingsGoal]?, at: AppTime)
    /// A statement's operations planned for review, or why the file gives none.
    case statementRead(String, Result<[ImportReviewRow], StatementFailure>, at: AppTime)
    /// The account's import rules (nil: no account known here — never signed in, or locked).
    case importRulesLoaded([ImportRule]?, at: AppTime)
    /// Whether the rules were kept.
    case importRulesSaved(Bool, at: AppTime)
    /// A tag's history, and whether the server said it (else the replica's months did).
    case tagHistoryLoaded(TagHistory, fromServer: Bool, at: AppTime)
    /// The period whose « Bilan du mois » was last shown (nil: never recorded).
    case recapSeenLoaded(BudgetMonth?, at: AppTime)

    var time: AppTime? {
        switch self {
        case let .settingsLoaded(_, at), let .monthLoaded(_, _, at), let .yearLoaded(_, _, at), let .searchFinished(_, _, at),
             let .templatesLoaded(_, at), let .accountSynced(_, at), let .accountRead(_, _, at), let .tagsLoaded(_, at),
             let .tagHistoryLoaded(_, _, at), let .savingsGoalsLoaded(_, at), let .statementRead(_, _, at),
             let .importRulesLoaded(_, at), let .importRulesSaved(_, at), let .recapSeenLoaded(_, at): at
        }
    }
}
