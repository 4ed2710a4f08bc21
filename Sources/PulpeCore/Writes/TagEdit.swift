import Foundation
import PulpeDomain

/// How an edit changes an item's tags, by name (the user types names; the resolver finds their
/// ids in the catalogue, or creates the tag first): the whole set (the forms), or names added and
/// removed (`pulpe edit --tag/--untag`). A PATCH replaces the set (§15.2), so both become the set.
public enum TagEdit: Hashable, Sendable {
    case set([String])
    case adjust(add: [String], remove: [String])

    /// The ids the item carries afterwards and the names of the tags to create first — or why not.
    /// `current`: the ids it carries now (a provisional one for a tag still waiting), read through
    /// `catalogue`; a name is its catalogue tag case aside, accents kept.
    func resolved(current: [String], catalogue: [Tag]) -> Result<(ids: [String], created: [String]), TagRules.Problem> {
        var names: [String] = []
        switch self {
        case let .set(wanted):
            names = wanted
        case let .adjust(add, remove):
            let removed = Set(remove.map(TagRules.key))
            names = current.compactMap { id in TagNaming.name(ofId: id, in: catalogue) }.filter { !removed.contains(TagRules.key($0)) }
            names += add
            for name in remove where TagRules.key(name).isEmpty { return .failure(.nameMissing) }
        }
        var ids: [String] = []
        var created: [String] = []
        var seen = Set<String>()
        for name in names {
            switch TagRules.name(name) {
            case let .failure(problem): return .failure(problem)
            case let .success(trimmed):
                guard seen.insert(TagRules.key(trimmed)).inserted else { continue }
                let id = TagNaming.id(of: trimmed, in: catalogue)
                if ProvisionalTag.name(ofId: id) != nil, !current.contains(id) { created.append(trimmed) }
                ids.append(id)
            }
        }
        guard ids.count <= TagRules.maxPerItem else { return .failure(.tooMany) }
        return .success((ids, created))
    }
}

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
