import ArgumentParser
import Foundation
import PulpeCore
import PulpeDomain
import PulpeServices
import PulpeUI

/// How shell commands name an expense: « Café — 4.50 CHF (Novembre 2026) ».
enum ShellWords {
    static func expense(_ expense: PendingExpense) -> String {
        "\(expense.draft.name) — \(MoneyFormatter.format(expense.draft.amount, currency: .chf)) (\(FrenchMonths.title(expense.draft.month)))"
    }
}
