import Foundation
import PulpeCore
import PulpeDomain
import Testing

/// The status history goes to the log as kinds and counts: never the name, the amount, the
/// template or the server's words the screen shows (decision 100).
@Suite struct StatusLogTests {
    @Test func gesturesAreLoggedByKindAlone() {
        var planned = GestureNews(.planned, name: "Zyxwv 2027-01")
        planned.template = "Zyxwv Modèle"
        planned.months = 3
        let cases: [(StatusEntry.Kind, String)] = [
            (.gesture(GestureNews(.checked, name: "Zyxwv Migros", amount: Decimal(string: "987.65"), transactionKind: .expense)),
             "gesture checked kind=expense"),
            (.gesture(GestureNews(.item(.postpone), name: "Zyxwv Loyer", amount: 1800, transactionKind: .expense)),
             "gesture item(postpone) kind=expense"),
            (.gesture(GestureNews(.refused(.nothingToChange(name: "Zyxwv Café")))), "gesture refused(nothingToChange)"),
            (.gesture(planned), "gesture planned months=3"),
            (.refused(name: "Zyxwv Café", reason: .dependsOn(label: "Zyxwv Loyer")), "refused reason=dependsOn"),
            (.refused(name: "Zyxwv Café", reason: .server("Le nom « Zyxwv Café » existe déjà")), "refused reason=server"),
            (.error(.unreachable, retry: nil), "error failure=unreachable"),
            (.offline(pending: 2), "offline pending=2"),
            (.syncing(done: 1, total: 3), "syncing 1/3"),
            (.accountSynced(months: 16, at: Date(timeIntervalSince1970: 0)), "accountSynced months=16"),
        ]
        for (kind, expected) in cases {
            #expect(StatusEntry(kind).logDescription == expected)
        }
    }
}
