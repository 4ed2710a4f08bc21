/// Where the PIN-derived client key is kept between runs (decisions 36, 103): the login session's
/// kernel keyring, or the key agent's memory. Never a file.
public enum KeptKeyPlace: String, Sendable, Hashable {
    case keyring
    case agent

    /// Where, in the user's words (`pulpe unlock`, `pulpe config`).
    public var userText: String {
        switch self {
        case .keyring: "dans le trousseau de la session"
        case .agent: "en mémoire par l'agent de clés (jamais dans un fichier)"
        }
    }
}
