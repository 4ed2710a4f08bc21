import Foundation

/// The account as a beancount file (decision 81): the ledger mapping (`ExportMonth`) with beancount's
/// names — `Assets:Pulpe`, `Expenses:…`, `Income:…`, and savings as `Assets:Savings:…`, since
/// beancount has no fifth root. Flag `*` for what counts in the « Pointé », `!` otherwise; `id:`,
/// `prevision:` and `month:` as metadata. Every account is opened on the file's first day, as
/// `bean-check` wants an account open before it is used. No budget goals: beancount has none.
enum BeancountExport {
    static let assets = "Assets:Pulpe"

    static func render(_ months: [ExportMonth], currency: Currency) -> String {
        let code = currency.code
        var accounts = ExportAccountNames(account)
        var out = "; Pulpe export: every month of the account, oldest first (beancount)\n"
        out += "option \"operating_currency\" \"\(code)\"\n"
        var opened = Set<String>()
        var firstDay: CalendarDay?
        for month in months {
            for entry in month.entries {
                opened.insert(accounts(entry.kind, entry.prevision))
                if firstDay.map({ entry.day < $0 }) ?? true { firstDay = entry.day }
            }
        }
        if let firstDay {
            opened.insert(assets)
            out += "\n"
            for name in opened.sorted() { out += "\(firstDay) open \(name)\n" }
        }
        for month in months {
            let tag = month.month.description
            for entry in month.entries { write(entry, month: tag, code: code, accounts: &accounts, to: &out) }
        }
        return out
    }

    static func account(_ kind: TransactionKind, _ prevision: String?) -> String {
        let family: String
        switch kind {
        case .income: family = "Income:"
        case .expense: family = "Expenses:"
        case .saving: family = "Assets:Savings:"
        }
        return family + ExportNames.beancountSegment(prevision ?? ExportNames.free)
    }

    private static func write(_ entry: ExportEntry, month: String, code: String, accounts: inout ExportAccountNames,
                              to out: inout String) {
        out += "\n"
        out += entry.day.description
        out += entry.status == .cleared ? " * " : " ! "
        out += ExportNames.beancountString(entry.name) + " \"\"\n"
        out += entry.origin == .transaction ? "  id: " : "  prevision: "
        out += ExportNames.beancountString(entry.id) + "\n  month: \"" + month + "\"\n"
        let other = accounts(entry.kind, entry.prevision)
        let amount = ExportNames.amount(entry.amount) + " " + code, negated = ExportNames.amount(-entry.amount) + " " + code
        if entry.kind == .income {
            out += "  " + assets + "  " + amount + "\n  " + other + "  " + negated + "\n"
        } else {
            out += "  " + other + "  " + amount + "\n  " + assets + "  " + negated + "\n"
        }
    }
}
