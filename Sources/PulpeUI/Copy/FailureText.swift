import PulpeCore
import PulpeDomain

/// Every failure as the user hears it: French, tutoiement, one short sentence with what to do.
/// The only place these words live (the core and the services hold `Failure` values).
extension Failure {
    public var text: String {
        switch self {
        case .unreachable: "Connexion impossible — vérifie ta connexion internet"
        case .proxyRefused: "Le proxy refuse la connexion — vérifie le réglage proxy (pulpe config)"
        case .offline: "Hors ligne — vérifie ta connexion"
        case .timeout: "Le serveur met trop de temps à répondre — réessaie"
        case .maintenance: "Pulpe est en maintenance — réessaie dans quelques instants"
        case .invalidCredentials: "Email ou mot de passe incorrect — on réessaie ?"
        case .wrongPin: "Code incorrect — réessaie"
        case .keyChanged: "Ton code d'accès a été modifié — saisis ton nouveau code"
        case .rateLimited: "Trop de tentatives — patiente quelques minutes"
        case .sessionExpired: "Ta session a expiré — reconnecte-toi"
        case .pinRequired: "Entre ton code pour déverrouiller tes données"
        case .clientKeyInvalid: "Ta clé de chiffrement est invalide — entre à nouveau ton code"
        case .accountBlocked: "Ton compte est en cours de suppression — contacte le support"
        case .ipBlocked: "Accès refusé depuis ce réseau"
        case .accessDenied: "Accès refusé"
        case .authKeyRejected: "Le serveur de connexion refuse l'application — vérifie ta configuration"
        case .notFound: "Élément introuvable — il a peut-être été supprimé"
        case .budgetAlreadyExists: "Un budget existe déjà pour ce mois"
        case .transactionAlreadyExists: "Cette transaction est déjà enregistrée"
        case .conflict: "Conflit avec une modification récente — actualise et réessaie"
        case .rejected: "Données refusées par le serveur — vérifie ta saisie"
        case .serverError: "Le serveur a rencontré un problème — réessaie dans un instant"
        case .unreadable: "Les données reçues sont illisibles — réessaie"
        case .invalidServerAddress: "L'adresse du serveur est invalide — vérifie ta configuration"
        case .insecureServerAddress: "Connexion non chiffrée refusée — utilise une adresse https://"
        case .untrustedKeyParameters: "Paramètres de chiffrement inhabituels — connexion refusée par prudence"
        case .cancelled: "Opération annulée"
        case .localStorage: "Fichier d'attente inaccessible — vérifie le disque"
        }
    }
}

extension FormProblem {
    /// The line under a form.
    public var text: String {
        switch self {
        case .emailMissing: "Ajoute ton email"
        case .emailInvalid: "Cet email n'a pas l'air valide"
        case .passwordMissing: "Ajoute ton mot de passe"
        case .savedSessionUnreadable: "Session enregistrée illisible — reconnecte-toi"
        case let .failed(failure): failure.text
        }
    }
}

extension MaintenanceFeedback {
    /// The line under the maintenance text after a manual retry.
    public var text: String {
        switch self {
        case .stillInMaintenance: "Toujours en maintenance — réessaie dans un instant"
        case .connectionTrouble: "Connexion difficile — réessaie dans un instant"
        }
    }
}

extension PinNotice {
    /// Why the PIN screen is back, said above the digits.
    public var text: String {
        switch self {
        case .keyChanged: Failure.keyChanged.text
        case .locked: "Verrouillé — saisis ton code"
        }
    }
}
