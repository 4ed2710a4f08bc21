import Foundation
import PulpeDomain

/// Why a statement file gives nothing, as data (the view words it).
public enum StatementFailure: Error, Hashable, Sendable {
    case unreadableFile
    case tooLarge
    case declaresDocumentType
    case malformed(line: Int, column: Int)
    /// Not UTF-8 (or declared in another encoding): where.
    case notUTF8(line: Int, column: Int)
    case notAStatement
    /// A CAMT.053 entry without a mandatory element (`Amt`, `CdtDbtInd`, `BookgDt`): where.
    case incompleteEntry(element: String, line: Int)
    case unknownColumns
    case unreadableRow(line: Int)
    /// An amount that does not read as the file's others (its text, line and column): the
    /// whole file is refused.
    case unreadableAmount(String, line: Int, column: Int)
    case empty
    /// The XML library the CAMT.053 reader opens is not installed.
    case readerMissing
    /// Nobody signed in, or the account was never kept here.
    case noAccount
}
