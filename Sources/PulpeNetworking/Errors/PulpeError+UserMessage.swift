import Foundation

extension PulpeError {
    /// The sentence shown to the user: French, tutoiement, Pulpe's tone (« … — réessaie »).
    public var userMessage: String {
        switch kind {
        case .offline:
            return "Connexion impossible — vérifie ta connexion internet"
        case .timeout:
            return "Le serveur met trop de temps à répondre — réessaie"
        case .cancelled:
            return "Opération annulée"
        case .invalidURL:
            return "L'adresse du serveur est invalide — vérifie ta configuration"
        case .insecureURL:
            return "Connexion non chiffrée refusée — utilise une adresse https://"
        case .unauthorized:
            return "Ta session a expiré — reconnecte-toi"
        case .forbidden(let reason):
            switch reason {
            case .accountBlocked: return "Ton compte est en cours de suppression — contacte le support"
            case .ipBlocked: return "Accès refusé depuis ce réseau"
            case .clientKeyMissing: return "Entre ton code pour déverrouiller tes données"
            case .clientKeyInvalid: return "Ta clé de chiffrement est invalide — entre à nouveau ton code"
            case .authKeyRejected: return "Le serveur de connexion refuse l'application — vérifie ta configuration"
            case .other: return "Accès refusé"
            }
        case .notFound:
            return "Élément introuvable — il a peut-être été supprimé"
        case .conflict(let reason):
            switch reason {
            case .budgetAlreadyExists: return "Un budget existe déjà pour ce mois"
            case .transactionAlreadyExists: return "Cette transaction est déjà enregistrée"
            case .other: return "Conflit avec une modification récente — actualise et réessaie"
            }
        case .rateLimited:
            return "Trop de tentatives — patiente quelques minutes"
        case .validation:
            return "Données refusées par le serveur — vérifie ta saisie"
        case .serverError:
            return "Le serveur a rencontré un problème — réessaie dans un instant"
        case .maintenance:
            return "Pulpe est en maintenance — réessaie dans quelques instants"
        case .wrongClientKey:
            return "Code incorrect — réessaie"
        case .invalidCredentials:
            return "Email ou mot de passe incorrect — on réessaie ?"
        case .untrustedKeyParameters:
            return "Paramètres de chiffrement inhabituels — connexion refusée par prudence"
        case .decoding:
            return "Les données reçues sont illisibles — réessaie"
        }
    }
}
