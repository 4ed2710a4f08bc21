import PulpeCore
import PulpeDomain
import Testing
@testable import PulpeUI

/// The quick-add form's French, one sentence per problem (decision 28: the core keeps the types).
@Suite struct QuickAddTextTests {
    @Test func everyProblemSaysWhatToDo() {
        let december = BudgetMonth(year: 2026, month: 12)
        let expected: [(QuickAddProblem, String)] = [
            (.amount(.missing), "Ajoute un montant"),
            (.amount(.invalid), "Montant invalide — ex. 12.50"),
            (.amount(.notPositive), "Le montant doit être positif"),
            (.amount(.tooLarge), "1 000 000 CHF au maximum"),
            (.descriptionMissing, "Ajoute une description"),
            (.descriptionTooLong, "100 caractères au maximum"),
            (.noBudget(december), "Pas de budget pour décembre 2026"),
            (.budgetsUnknown(BudgetMonth(year: 2027, month: 1)), "Budgets 2027 pas encore chargés — réessaie"),
            (.notStored(.diskUnavailable), "Dépense non enregistrée — vérifie le disque"),
            (.notStored(.notSignedIn), "Connecte-toi pour ajouter une dépense"),
        ]
        for (problem, text) in expected {
            #expect(problem.text(currency: .chf) == text)
        }
        #expect(QuickAddProblem.amount(.tooLarge).text(currency: .eur) == "1 000 000 EUR au maximum")
    }

    @Test func theFormsOtherWords() {
        #expect(QuickAddText.storing == "Enregistrement…")
        #expect(QuickAddText.discardQuestion == "Abandonner cette dépense ?")
        #expect(QuickAddText.sum(PanelFixtures.amount("20.5"), currency: .chf) == "= 20.50")
        #expect(QuickAddText.title(.income) == "Nouveau revenu")
        #expect(QuickAddText.relativeDay(PanelFixtures.today.adding(days: -1), today: PanelFixtures.today) == "hier")
    }
}
