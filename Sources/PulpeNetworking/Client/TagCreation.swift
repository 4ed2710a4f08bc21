import PulpeDomain

/// What `POST /tags` did: made the tag, or found it already there (409, then `GET /tags`).
public enum TagCreation: Sendable, Hashable {
    case created(Tag)
    case alreadyExisted(Tag)

    public var tag: Tag {
        switch self {
        case let .created(tag), let .alreadyExisted(tag): tag
        }
    }
}
