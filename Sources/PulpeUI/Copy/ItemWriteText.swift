import PulpeCore
import PulpeDomain
import PulpeTerminal

/// Each item write's key and words, in one place (issue 44): its row of the key table (the help
/// lists it, the footer and input read it), its toast, and why it leaves an item as it is — in
/// the TUI's words and the shell's English gloss. A new `ItemWrite` is a case in each switch.
extension ItemWrite {
    /// Its binding on the month panel (`KeyTable` lists these with the home scope's keys).
    public var binding: KeyBinding {
        switch self {
        case .reset: KeyBinding([.char("R")], .gesture(.item(self)), "Rétablir (modèle)", scope: .home, inFooter: false)
        case .postpone: KeyBinding([.char(">")], .gesture(.item(self)), "Reporter au mois suivant", scope: .home, inFooter: false)
        case .fit: KeyBinding([.char("=")], .gesture(.item(self)), "Ajuster au réel", scope: .home, inFooter: false)
        }
    }

    /// The toast once stored; `what` is the item's name with its amount (« Migros — 45.00 CHF »).
    func toast(name: String, what: String) -> String {
        switch self {
        case .reset: "Rétabli selon le modèle : \(name)"
        case .postpone: "Reporté au mois suivant : \(what) · u annuler"
        case .fit: "Ajusté au réel : \(what) · u annuler"
        }
    }

    /// Why the item stays as it is (« Migros reste dans ce mois : déjà pointée »).
    public func stays(_ name: String, _ obstacle: ItemObstacle) -> String {
        switch self {
        case .reset, .postpone: "\(name) reste dans ce mois : \(obstacle.text)"
        case .fit: "\(name) garde son montant : \(obstacle.text)"
        }
    }

    /// The shell's English gloss of a refusal (« — cannot be postponed, nothing stored »).
    public var refusedInEnglish: String {
        switch self {
        case .reset: "cannot be reset"
        case .postpone: "cannot be postponed"
        case .fit: "nothing to fit it to"
        }
    }
}

extension ItemObstacle {
    /// Why, in a few words.
    public var text: String {
        switch self {
        case .checked: "déjà pointée"
        case .allocated: "liée à une prévision"
        case .fixed: "prévision fixe (elle revient chaque mois)"
        case let .hasTransactions(count): count == 1 ? "elle a une transaction" : "elle a \(count) transactions"
        case .noTransactions: "aucune transaction ne lui est liée"
        }
    }
}
