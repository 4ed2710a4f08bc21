import Foundation

/// The account as an hledger journal (decision 81). Per transaction one entry: cleared (`*`) when
/// checked, tagged `id:` and `month:` (the budget's month, which the pay day can put in another
/// calendar month than the date), posting to `expenses:`, `income:` or `savings:` and the
/// prévision's name, balanced by `assets:pulpe`. Each checked prévision adds the cleared entry
/// `ExportMonth` computes, so `hledger bal --cleared tag:month=YYYY-MM assets:pulpe` is the month's
/// « Pointé ». The prévisions are budget goals too (one periodic transaction per month, bounded to
/// its calendar month: hledger wants a period that starts on the 1st), for `hledger bal --budget`.
enum LedgerExport {
    static let assets = "assets:pulpe"

    static func render(_ months: [ExportMonth], currency: Currency) -> String {
        let code = currency.code
        var accounts = ExportAccountNames(account)
        var out = "; Pulpe export: every month of the account, oldest first (hledger journal)\n"
        out += "commodity 1000.00 \(code)\n"
        // Declared accounts let `hledger check -s` (strict) pass too.
        var declared = Set<String>()
        for month in months {
            for entry in month.entries { declared.insert(accounts(entry.kind, entry.prevision)) }
            for line in month.lines { declared.insert(accounts(line.kind, line.name)) }
        }
        if !declared.isEmpty {
            declared.insert(assets)
            out += "\n"
            for name in declared.sorted() { out += "account \(name)\n" }
        }
        for month in months {
            if !month.lines.isEmpty { writeGoals(month, code: code, accounts: &accounts, to: &out) }
            let tag = month.month.description
            for entry in month.entries { write(entry, month: tag, code: code, accounts: &accounts, to: &out) }
        }
        return out
    }

    /// The account of a posting: the family from the kind, then the prévision (`hors prévision` when free).
    static func account(_ kind: TransactionKind, _ prevision: String?) -> String {
        let family: String
        switch kind {
        case .income: family = "income:"
        case .expense: family = "expenses:"
        case .saving: family = "savings:"
        }
        return family + ExportNames.ledgerSegment(prevision ?? ExportNames.free)
    }

    /// The month's prévisions as one periodic transaction: what `bal --budget` compares with.
    private static func writeGoals(_ month: ExportMonth, code: String, accounts: inout ExportAccountNames, to out: inout String) {
        let start = month.month.firstDay, end = month.month.next.firstDay
        out += "\n~ monthly from \(start) to \(end)  prévisions \(month.month)\n"
        out += "    ; month:\(month.month)\n"
        for line in month.lines {
            let amount = line.kind == .income ? -line.amount : line.amount
            out += "    \(accounts(line.kind, line.name))  \(ExportNames.amount(amount)) \(code)\n"
        }
        out += "    \(assets)\n"
    }

    private static func write(_ entry: ExportEntry, month: String, code: String, accounts: inout ExportAccountNames,
                              to out: inout String) {
        out += "\n"
        out += entry.day.description
        switch entry.status {
        case .cleared: out += " *"
        case .pending: out += " !"
        case .unmarked: break
        }
        let description = ExportNames.ledgerDescription(entry.name)
        if let first = description.unicodeScalars.first {
            // hledger reads a leading `(…)` as a code and a leading `*` or `!` as a status: an empty code first keeps them text.
            if first == "(" || first == "*" || first == "!" { out += " ()" }
            out += " "
            out += description
        }
        out += entry.origin == .transaction ? "\n    ; id:" : "\n    ; prevision:"
        out += ExportNames.ledgerTagValue(entry.id)
        out += ", month:" + month + "\n"
        let other = accounts(entry.kind, entry.prevision)
        let amount = ExportNames.amount(entry.amount) + " " + code, negated = ExportNames.amount(-entry.amount) + " " + code
        if entry.kind == .income {
            out += "    " + assets + "  " + amount + "\n    " + other + "  " + negated + "\n"
        } else {
            out += "    " + other + "  " + amount + "\n    " + assets + "  " + negated + "\n"
        }
    }
}
