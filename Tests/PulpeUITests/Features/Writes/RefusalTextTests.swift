import PulpeDomain
import PulpeUI
import Testing

/// The words a refusal is shown in are the words earlier versions stored for it, so an outbox
/// written before the reasons were typed reads back as the same reason and shows the same text.
struct RefusalTextTests {
    @Test(arguments: [RefusalReason.gone, .budgetGone, .lineGone, .unreadable, .dependsOn(label: "Café")]
        + PostponeRefusal.allCases.map(RefusalReason.postpone))
    func aReasonsWordsReadBackAsThatReason(reason: RefusalReason) {
        #expect(RefusalReason(stored: reason.text) == reason)
    }

    @Test func theServersWordsAreShownAsItSaidThem() {
        #expect(RefusalReason.server("Budget not found").text == "Budget not found")
        #expect(RefusalReason.postpone(.allocated).text == "liée à une prévision")
    }
}
