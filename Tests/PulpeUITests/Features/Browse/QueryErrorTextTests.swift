import PulpeDomain
import Testing
@testable import PulpeUI

/// A query that does not read, in the `/` filter (issue 61): the French sentence says the column
/// and how the word is written, for each reason.
struct QueryErrorTextTests {
    @Test func theSentenceSaysWhereAndHow() {
        #expect(QueryErrorText.sentence(QueryError(.badAmount, column: 5, word: "amt:>abc"))
                == "Requête illisible, colonne 5 : un montant s’écrit 20, 12.50, >20, <=5 ou 20..50")
        #expect(QueryErrorText.sentence(QueryError(.unknownField("foo"), column: 1, word: "foo:x"))
                == "Requête illisible, colonne 1 : « foo: » n’est pas un champ (desc line tag kind amt date month checked pending)")
    }

    @Test func theMonthsFilterCarriesTheErrorOfWhatItCouldNotRead() {
        let context = QueryContext(today: CalendarDay(year: 2026, month: 12, day: 7)!, payDay: 25, month: BudgetMonth(year: 2026, month: 12))
        let filter = TransactionFilter("migros amt:>abc", context: context)
        #expect(filter.ledger == nil && filter.ledgerError == QueryError(.badAmount, column: 8, word: "amt:>abc"))
        #expect(TransactionFilter("amt:>20", context: context).ledger != nil)
        #expect(TransactionFilter("amt:>20").ledger == nil, "without a context, the older rules")
    }
}
