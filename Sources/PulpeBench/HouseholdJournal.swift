import Foundation
import PulpeTestSupport

/// The demo household's transactions as an hledger journal, so hledger-ui reads the same data the
/// sandbox serves pulpe: same count, dates, names and amounts, one posting per Pulpe kind.
enum HouseholdJournal {
    static func text(_ transactions: [SandboxTransaction]) -> String {
        var out = "; The pulpe-server demo household, exported by pulpe-bench for the side-by-side run.\n\n"
        for transaction in transactions.sorted(by: { $0.transactionDate < $1.transactionDate }) {
            let day = String(transaction.transactionDate.prefix(10))
            let account = switch transaction.kind {
            case "income": "revenus:salaire"
            case "saving": "epargne:compte"
            default: "depenses:courant"
            }
            let name = transaction.name.replacingOccurrences(of: "\n", with: " ")
            // Income comes into the bank; expenses and savings leave it.
            let signed = transaction.kind == "income" ? "-" + transaction.amount : transaction.amount
            out += "\(day) \(name)\n    \(account)  CHF \(signed)\n    actifs:banque\n\n"
        }
        return out
    }
}
