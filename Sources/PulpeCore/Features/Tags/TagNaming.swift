import Foundation
import PulpeDomain

/// A tag's name and id through the catalogue, a tag created offline by its provisional id.
public enum TagNaming {
    /// The catalogue's tag of that name (case aside, accents kept), lower case as the server wants
    /// them sent, else the provisional id of a tag to create.
    public static func id(of name: String, in catalogue: [Tag]) -> String {
        let key = TagRules.key(name)
        return catalogue.first { TagRules.key($0.name) == key }?.id.lowercased() ?? ProvisionalTag.id(for: name)
    }

    /// The catalogue's tag of that name, case aside, accents kept (a leading # allowed).
    public static func tag(named name: String, in catalogue: [Tag]) -> Tag? {
        let bare = name.trimmingCharacters(in: .whitespaces)
        let key = TagRules.key(bare.hasPrefix("#") ? String(bare.dropFirst()) : bare)
        return catalogue.first { TagRules.key($0.name) == key }
    }

    /// The name an id stands for; nil for an id the catalogue does not know (a tag deleted elsewhere).
    public static func name(ofId id: String, in catalogue: [Tag]) -> String? {
        ProvisionalTag.name(ofId: id) ?? catalogue.first { $0.id.lowercased() == id.lowercased() }?.name
    }
}
