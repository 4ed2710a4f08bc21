import PulpeDomain

/// `GET /budgets/export` compared with the last complete read (`ExportDigest`).
public enum AccountExportRead: Sendable {
    /// The same account as then: nothing decoded.
    case unchanged(digest: String)
    /// Decoded; `digest` nil only without libcrypto.
    case read(AccountExportData, digest: String?)
}
