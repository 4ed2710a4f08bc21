import PulpeCore

extension StatementError {
    /// The failure as the TUI words it.
    public var failure: StatementFailure {
        switch self {
        case .tooLarge: .tooLarge
        case .declaresDocumentType: .declaresDocumentType
        case let .malformed(_, line, column): .malformed(line: line, column: column)
        case let .notUTF8(line, column): .notUTF8(line: line, column: column)
        case .otherEncoding: .notUTF8(line: 1, column: 1)
        case .notAStatement: .notAStatement
        case let .incompleteEntry(element, line): .incompleteEntry(element: element, line: line)
        case .unknownColumns: .unknownColumns
        case let .unreadableRow(line, _): .unreadableRow(line: line)
        case let .unreadableAmount(text, line, column, _): .unreadableAmount(text, line: line, column: column)
        case .empty: .empty
        case .readerMissing: .readerMissing
        }
    }
}
