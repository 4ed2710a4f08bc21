import Foundation
import PulpeDomain

/// « Already in Pulpe » and the suggestions, against the account replica (every month kept).
public enum ImportMatcher {
    /// `account`: whose replica it is, and whose the ids are (decision 95).
    public static func match(_ operations: [BankOperation], replica: [BudgetDetails], account: ImportAccount,
                             timeZone: LocalZone) -> [ImportCandidate] {
        var byId: [String: Transaction] = [:]
        // (day, amount) → the hand-entered transactions not yet matched, oldest first.
        var byDayAndAmount: [DayAmount: [Transaction]] = [:]
        var lineNames: [String: String] = [:]
        var lastLineOfLabel: [String: (Date, String)] = [:]
        // The zone's offset by quarter of an hour (every zone changes offset on such a boundary):
        // one `localtime_r` for the many rows dated at the same noon.
        var offsets: [Int: Int] = [:]
        func day(_ date: Date) -> CalendarDay {
            let quarter = Int((date.timeIntervalSince1970 / 900).rounded(.down))
            let offset = offsets[quarter] ?? {
                let seconds = timeZone.secondsFromGMT(for: date)
                offsets[quarter] = seconds
                return seconds
            }()
            return CalendarDay(date, secondsFromGMT: offset)
        }
        // Sized once: growing them re-hashed every row several times (a fifth of the match).
        let rows = replica.reduce(0) { $0 + $1.transactions.count }
        byId.reserveCapacity(rows)
        byDayAndAmount.reserveCapacity(rows)
        for month in replica {
            for line in month.budgetLines { lineNames[line.id] = line.name }
            for transaction in month.transactions {
                // Ids come lower case from the server: no copy unless one is not.
                let id = transaction.id.utf8.contains { $0 >= 0x41 && $0 <= 0x5A } ? transaction.id.lowercased() : transaction.id
                byId[id] = transaction
                byDayAndAmount[DayAmount(day: day(transaction.transactionDate), amount: transaction.amount), default: []].append(transaction)
            }
        }
        // A replica repeats its names (« Migros », « Coop »…): each normalised once (folding is
        // the matcher's dearest step, 60 000 times otherwise).
        var labels: [String: String] = [:]
        for month in replica {
            for transaction in month.transactions {
                guard let lineId = transaction.budgetLineId, let lineName = lineNames[lineId] else { continue }
                let label = labels[transaction.name] ?? {
                    let folded = normalized(transaction.name)
                    labels[transaction.name] = folded
                    return folded
                }()
                if lastLineOfLabel[label].map({ $0.0 < transaction.transactionDate }) ?? true {
                    lastLineOfLabel[label] = (transaction.transactionDate, lineName)
                }
            }
        }
        var ranks: [String: Int] = [:]
        var taken = Set<String>()
        return operations.map { operation in
            let identity = identityKey(operation, rank: &ranks)
            let clientId = ImportId.uuid(for: account.scoped(identity))
            var status = ImportCandidate.Status.new
            // An import made before the ids were scoped holds the statement's id alone.
            if let imported = byId[clientId] ?? byId[ImportId.uuid(for: identity)] {
                status = .alreadyInPulpe(transactionId: imported.id, name: imported.name)
                taken.insert(imported.id)
            } else if let entered = byDayAndAmount[DayAmount(day: operation.date, amount: operation.amount)]?.first(where: { candidate in
                !taken.contains(candidate.id) && candidate.kind.isOutflow == (operation.kind == .expense)
                    && sameName(candidate.name, operation.name)
            }) {
                status = .alreadyInPulpe(transactionId: entered.id, name: entered.name)
                taken.insert(entered.id)
            }
            return ImportCandidate(operation: operation, clientId: clientId, status: status,
                                   suggestedLine: lastLineOfLabel[normalized(operation.name)]?.1)
        }
    }

    /// The bank's reference when it has one, else day, amount, name and the rank among equals:
    /// what names the operation in the statement (`ImportAccount.scoped` makes it the account's).
    static func identityKey(_ operation: BankOperation, rank ranks: inout [String: Int]) -> String {
        if let reference = operation.reference, !reference.isEmpty { return "ref|\(operation.account)|\(reference)" }
        let base = "op|\(operation.account)|\(operation.date)|\(operation.signedAmount)|\(normalized(operation.name))"
        let rank = ranks[base, default: 0]
        ranks[base] = rank + 1
        return "\(base)|\(rank)"
    }

    /// A hand-entered twin is looked up by its day and amount (hashed as values, not as text).
    struct DayAmount: Hashable {
        var day: CalendarDay
        var amount: Decimal
    }

    /// Case, accents, punctuation and runs of spaces aside.
    public static func normalized(_ name: String) -> String {
        let folded = name.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
        return String(folded.map { $0.isLetter || $0.isNumber ? $0 : " " }).split(separator: " ").joined(separator: " ")
    }

    /// One name holds the other (a bank writes « COOP-1234 GENEVE », the user « Coop »).
    static func sameName(_ left: String, _ right: String) -> Bool {
        let a = normalized(left)
        let b = normalized(right)
        guard !a.isEmpty, !b.isEmpty else { return false }
        return a == b || a.contains(b) || b.contains(a)
    }
}

extension TransactionKind {
    var isOutflow: Bool { self != .income }
}
