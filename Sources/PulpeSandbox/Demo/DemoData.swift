import Foundation
import GRDB
import PulpeDomain

/// Everything the demo account holds besides the account itself.
struct DemoData: Sendable {
    var template: BudgetTemplate
    var templateLines: [TemplateLine]
    var budgets: [Budget]
    var lines: [BudgetLine]
    var transactions: [Transaction]
}
