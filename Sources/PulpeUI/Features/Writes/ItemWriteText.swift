import PulpeCore
import PulpeDomain
import PulpeTerminal

/// Each item write's key, verb and words, in one place (decision 93): its row of the key table (the
/// help lists it, the footer and input read it), its shell verb (the shell makes the command of
/// it), its toast, and why it leaves an item as it is — in the TUI's words and the shell's
/// English gloss. A new `ItemWrite` is a case in each switch.
extension ItemWrite {
    /// Its binding on the month panel (`KeyTable` lists these with the home scope's keys).
    public var binding: KeyBinding {
        switch self {
        case .reset: KeyBinding([.char("R")], .gesture(.item(self)), "Rétablir (modèle)", scope: .home, inFooter: false)
        case .postpone: KeyBinding([.char(">")], .gesture(.item(self)), "Reporter au mois suivant", scope: .home, inFooter: false)
        case .fit: KeyBinding([.char("=")], .gesture(.item(self)), "Ajuster au réel", scope: .home, inFooter: false)
        }
    }

    /// Its shell verb and help (the shell's words are English).
    public var verb: ItemVerbText {
        switch self {
        case .reset: ItemVerbText(name: "reset", underLine: true, abstract: "Reset a prévision to its template's amount.")
        case .postpone:
            ItemVerbText(name: "postpone", underLine: false, abstract: "Move a transaction or a one-off prévision to next month.",
                         discussion: "Next month's budget must exist (pulpe budget create YYYY-MM).",
                         argument: "A transaction or prévision: id, unique id prefix (6+ characters), or exact name.")
        case .fit:
            ItemVerbText(name: "fit", underLine: true, abstract: "Set a prévision's amount to what its transactions add up to.",
                         discussion: "Refused (65) for a prévision without transactions.")
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

/// An item write's shell verb: `pulpe NAME TARGET`, or `pulpe line NAME NAME` for a prévision's.
public struct ItemVerbText: Hashable, Sendable {
    public var name: String
    /// Under `pulpe line` (a prévision's write), else a verb of its own.
    public var underLine: Bool
    public var abstract: String
    /// What the shell's help says after the common part about targets (empty: nothing more).
    public var discussion: String
    /// The argument's help (default: « The prévision. »).
    public var argument: String

    public init(name: String, underLine: Bool, abstract: String, discussion: String = "", argument: String = "The prévision.") {
        self.name = name
        self.underLine = underLine
        self.abstract = abstract
        self.discussion = discussion
        self.argument = argument
    }
}
