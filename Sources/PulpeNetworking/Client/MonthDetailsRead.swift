import PulpeDomain

/// `GET /budgets/:id/details` asked with the ETag of the copy held.
public enum MonthDetailsRead: Sendable {
    /// 304: the copy held is the server's.
    case notModified
    /// The month, and its ETag when the server gave one.
    case details(BudgetDetails, etag: String?)
}
