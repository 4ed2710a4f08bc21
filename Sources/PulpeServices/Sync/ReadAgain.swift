import PulpeDomain

/// What a sent operation changed beyond its own item, for the replica to read again.
enum ReadAgain: Sendable, Equatable {
    case nothing
    /// The templates (and their lines); with the budgets a propagation rewrote, by id — nil when
    /// unknown (a replay found the batch already landed: every month from the current one on).
    /// `created`: the lines a batch created, with the server's ids (nil: not known — read again).
    case templates(rewroteBudgets: [String]?, created: [TemplatePreview.Line]? = nil)
    /// The settings as the server answered them (a new pay day moves every period).
    case settings(UserSettings)
    /// Months a write made or changed elsewhere than its own (a spread's).
    case months([BudgetMonth])
}
