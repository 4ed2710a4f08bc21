import PulpeCore

extension StatementError {
    /// The failure as the TUI words it.
    public var failure: StatementFailure {
        switch self {
        case .tooLarge: .tooLarge
        case .declaresDocumentType: .declaresDocumentType
        case let .malformed(_, line, column): .malformed(line: line, column: column)
        case .notAStatement: .notAStatement
        case let .incompleteEntry(_, line): .incompleteEntry(line: line)
        case .unknownColumns: .unknownColumns
        case let .unreadableRow(line, _): .unreadableRow(line: line)
        case .empty: .empty
        }
    }
}
