import Foundation
import PulpeCore
import PulpeDomain
import Testing
@testable import PulpeUI

/// Failures in the words Pulpe uses (tutoiement, what to do next).
@Suite struct FailureTextTests {
    @Test(arguments: [
        (Failure.invalidCredentials, "Email ou mot de passe incorrect — on réessaie ?"),
        (.wrongPin, "Code incorrect — réessaie"),
        (.maintenance, "Pulpe est en maintenance — réessaie dans quelques instants"),
        (.timeout, "Le serveur met trop de temps à répondre — réessaie"),
        (.sessionExpired, "Ta session a expiré — reconnecte-toi"),
        (.accountBlocked, "Ton compte est en cours de suppression — contacte le support"),
        (.pinRequired, "Entre ton code pour déverrouiller tes données"),
        (.budgetAlreadyExists, "Un budget existe déjà pour ce mois"),
        (.notFound, "Élément introuvable — il a peut-être été supprimé"),
        (.serverError, "Le serveur a rencontré un problème — réessaie dans un instant"),
        (.insecureServerAddress, "Connexion non chiffrée refusée — utilise une adresse https://"),
        (.unreachable, "Connexion impossible — vérifie ta connexion internet"),
        (.offline, "Hors ligne — vérifie ta connexion"),
    ])
    func frenchMessages(failure: Failure, message: String) {
        #expect(failure.text == message)
    }
}
