import ArgumentParser
import Foundation
import PulpeCore
import PulpeDomain
import PulpeServices
import PulpeUI

/// `--kind`, in French like the form.
enum KindOption: String, ExpressibleByArgument, CaseIterable {
    case depense, revenu, epargne

    var transactionKind: TransactionKind {
        switch self {
        case .depense: .expense
        case .revenu: .income
        case .epargne: .saving
        }
    }
}
