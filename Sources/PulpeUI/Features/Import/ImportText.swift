import PulpeCore
import PulpeDomain

/// The import screen's words (`I`).
enum ImportText {
    static let title = "Importer un relevé"
    static let pathLabel = "Fichier (CAMT.053 ou CSV) :"
    static let reading = "Lecture du relevé…"

    static func note(_ row: ImportReviewRow) -> String {
        switch row.status {
        case .new: row.line.map { "→ \($0), pointée" } ?? "nouvelle, libre"
        case let .already(name): "déjà dans Pulpe (\(name))"
        case let .otherCurrency(code): "\(code) : autre monnaie"
        case let .noBudget(month): "pas de budget \(FrenchMonths.ofTitle(month))"
        case .waiting: "déjà en attente"
        case let .rule(pattern): "ignorée (règle « \(pattern) »)"
        }
    }

    static func summary(kept: Int, of total: Int) -> String {
        "\(kept) à importer sur \(total)"
    }
}

extension StatementFailure {
    /// Why nothing can be imported, in the screen's words.
    var text: String {
        switch self {
        case .unreadableFile: "Fichier introuvable ou illisible — vérifie le chemin"
        case .tooLarge: "Fichier trop grand (20 Mo au plus)"
        case .declaresDocumentType: "Fichier refusé : il déclare un DTD (jamais le cas d’un relevé)"
        case let .malformed(line, column): "XML mal formé ligne \(line), colonne \(column)"
        case let .notUTF8(line, column): "Le fichier n’est pas en UTF-8 (ligne \(line), colonne \(column)) — un relevé l’est toujours"
        case .notAStatement: "Ce n’est pas un relevé CAMT.053"
        case let .incompleteEntry(element, line): "Relevé mal formé : écriture sans \(element) ligne \(line)"
        case .unknownColumns: "Colonnes du CSV non reconnues — utilise pulpe import --columns"
        case let .unreadableRow(line): "Ligne \(line) du CSV illisible"
        case let .unreadableAmount(text, line, column): "Montant illisible ligne \(line) : « \(text) » (colonne \(column))"
        case .empty: "Le fichier ne contient aucune opération"
        case .readerMissing: "Lecture du XML impossible : installe le paquet libxml2"
        case .noAccount: "Le compte n’est pas encore gardé ici — attends la fin de la synchronisation"
        }
    }
}
