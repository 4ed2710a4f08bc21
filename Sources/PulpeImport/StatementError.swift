/// Why a statement file gives nothing: said with where, and nothing is stored.
public enum StatementError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Over the size limit (bytes).
    case tooLarge(limit: Int)
    /// A document type declaration: refused (no DTD, no entity, no external entity in a statement).
    case declaresDocumentType
    /// Not XML that parses: the parser's words, at a line and column.
    case malformed(String, line: Int, column: Int)
    /// Bytes that are not UTF-8 (a statement is UTF-8): where the first one is.
    case notUTF8(line: Int, column: Int)
    /// An XML declaration naming another encoding than UTF-8.
    case otherEncoding(String)
    /// XML, but not a `BkToCstmrStmt` (camt.053) message.
    case notAStatement(String)
    /// An entry without a mandatory element (`Amt`, `CdtDbtInd`, `BookgDt`): at a line.
    case incompleteEntry(String, line: Int)
    /// A CSV whose columns could not be told apart: give `--columns`.
    case unknownColumns(header: [String])
    /// A CSV row that does not read (its line, what failed).
    case unreadableRow(line: Int, String)
    /// An amount that does not read (`StatementAmount`): its text (40 characters at most), line
    /// and column (a CSV's field, counted from 1; an XML file's character), and why.
    case unreadableAmount(String, line: Int, column: Int, StatementAmount.Refusal)
    case empty
    /// libxml2 (`libxml2.so.2`), which reads CAMT.053, is not on the machine.
    case readerMissing

    public var description: String {
        switch self {
        case let .tooLarge(limit): "the file is over \(limit / 1_000_000) MB"
        case .declaresDocumentType: "the file declares a document type (DTD): refused, a bank statement never needs one"
        case let .malformed(reason, line, column): "not well-formed XML at line \(line), column \(column): \(reason)"
        case let .notUTF8(line, column): "the bytes are not UTF-8 at line \(line), column \(column): a statement is UTF-8"
        case let .otherEncoding(name): "the file declares the encoding \(name): a statement is UTF-8"
        case let .notAStatement(root): "not a CAMT.053 statement (BkToCstmrStmt): the document is \(root)"
        case let .incompleteEntry(what, line): "the entry near line \(line) has no \(what): the file is malformed"
        case let .unknownColumns(header): "the CSV columns were not recognised (\(header.joined(separator: ", "))): give --columns"
        case let .unreadableRow(line, reason): "CSV line \(line): \(reason)"
        case let .unreadableAmount(text, line, column, why): "the amount « \(text) » at line \(line), column \(column): \(why)"
        case .empty: "the file is empty"
        case .readerMissing: "libxml2 (libxml2.so.2) cannot be opened: install the package libxml2 to read CAMT.053"
        }
    }
}
