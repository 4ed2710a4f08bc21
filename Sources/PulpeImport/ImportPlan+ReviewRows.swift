import PulpeCore

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
