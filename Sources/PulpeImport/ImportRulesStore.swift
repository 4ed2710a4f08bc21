import Foundation
import PulpeCore

/// `import-rules.json` read (the shell's `pulpe import rules` and the TUI's review both apply it).
public enum ImportRulesStore {
    /// The file in `configDirectory`.
    public static func url(in configDirectory: URL) -> URL { configDirectory.appendingPathComponent("import-rules.json") }

    /// Writes the rules whole and atomically.
    public static func save(_ rules: [ImportRule], to url: URL) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try encoder.encode(rules).write(to: url, options: .atomic)
    }

    /// `rules` with each choice as a rule (replacing one of the same pattern).
    public static func remembering(_ choices: [ImportChoice], in rules: [ImportRule]) -> [ImportRule] {
        var kept = rules
        for choice in choices where !ImportMatcher.normalized(choice.pattern).isEmpty {
            let key = ImportMatcher.normalized(choice.pattern)
            kept.removeAll { ImportMatcher.normalized($0.pattern) == key }
            kept.append(ImportRule(pattern: choice.pattern, name: choice.name, line: choice.line, tags: choice.tags))
        }
        return kept
    }

    /// The rules; none when the file is missing; throws when it does not read.
    public static func load(from url: URL) throws -> [ImportRule] {
        guard let data = try? Data(contentsOf: url) else { return [] }
        return try JSONDecoder().decode([ImportRule].self, from: data)
    }
}

extension ImportPlan {
    /// The plan as the review screen shows it.
    public var reviewRows: [ImportReviewRow] {
        entries.map { entry in
            let operation = entry.candidate.operation
            let status: ImportReviewRow.Status = switch entry.skip {
            case nil: .new
            case let .alreadyInPulpe(name)?: .already(name)
            case let .otherCurrency(code)?: .otherCurrency(code)
            case let .noBudget(month)?: .noBudget(month)
            case .waiting?: .waiting
            case let .rule(pattern)?: .rule(pattern)
            }
            return ImportReviewRow(clientId: entry.candidate.clientId, date: operation.date, name: entry.draft?.name ?? operation.name,
                                   amount: operation.amount, kind: entry.draft?.kind ?? operation.kind, status: status, line: entry.line,
                                   draft: entry.draft, lineChoices: entry.lineChoices, label: operation.name, tags: entry.tags)
        }
    }
}

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
