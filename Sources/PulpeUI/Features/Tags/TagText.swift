import PulpeDomain

/// A tag rule broken, as the forms and the shell say it.
extension TagRules.Problem {
    public var text: String {
        switch self {
        case .nameMissing: "Ajoute un nom de tag"
        case .nameTooLong: "30 caractères au plus pour un tag"
        case .nameHasControl: "Caractère de contrôle dans le nom du tag : retire-le"
        case .tooMany: "10 tags au plus"
        }
    }
}
