import PulpeDomain
import Testing

/// A refusal is kept on disk as a token (decision 87), and the French words earlier versions
/// stored are read back as the reason they were.
struct RefusalReasonTests {
    static let every: [RefusalReason] = [
        .gone, .budgetGone, .lineGone, .dependsOn(label: "Café « du coin »"), .unreadable, .tagGone, .idTaken, .server("Budget not found"),
        .server(""), .server("gone"), .server("depends-on:x"), .server("id-taken-elsewhere"),
    ] + PostponeRefusal.allCases.map(RefusalReason.postpone)

    @Test(arguments: every)
    func aStoredReasonReadsBackAsItWas(reason: RefusalReason) {
        #expect(RefusalReason(stored: reason.stored) == reason)
    }

    @Test func theWordsEarlierVersionsStoredAreReadAsTheirReason() {
        #expect(RefusalReason(stored: "n'existe plus") == .gone)
        #expect(RefusalReason(stored: "Le budget de ce mois n’existe plus") == .budgetGone)
        #expect(RefusalReason(stored: "La prévision n’existe plus dans ce mois") == .lineGone)
        #expect(RefusalReason(stored: "illisible sur le disque") == .unreadable)
        #expect(RefusalReason(stored: "dépend de « Café », refusé") == .dependsOn(label: "Café"))
        #expect(RefusalReason(stored: "déjà pointée") == .postpone(.alreadyChecked))
        #expect(RefusalReason(stored: "le mois suivant n’a pas de budget — crée-le d’abord") == .postpone(.nextMonthMissing))
        #expect(RefusalReason(stored: "Amount cannot exceed 1000000") == .server("Amount cannot exceed 1000000"))
    }

    @Test func aPostponeRefusalIsNamedByTheServersCode() {
        #expect(PostponeRefusal(code: "ERR_BUDGET_LINE_ALREADY_CHECKED") == .alreadyChecked)
        #expect(PostponeRefusal(code: "ERR_TARGET_BUDGET_NOT_FOUND") == .nextMonthMissing)
        #expect(PostponeRefusal(code: "ERR_BUDGET_NOT_FOUND") == nil)
    }
}
