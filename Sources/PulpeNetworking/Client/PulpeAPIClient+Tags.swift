import Foundation
import PulpeDomain

/// Tags (`pulpe-api.md` §15.2).
extension PulpeAPIClient {
    /// `GET /api/v1/tags`: the catalogue, in code-point order of the names.
    public func tags() async throws(PulpeError) -> [Tag] {
        try await perform(APIRequest(.get, .api("tags"), access: .bearerAndClientKey)).enveloped([Tag].self)
    }

    /// `POST /api/v1/tags` → 201. No client id: never retried here; a name the account has (case
    /// and accents aside) answers 409 `ERR_TAG_ALREADY_EXISTS` — for a replay, the tag an earlier
    /// attempt created (`TagCreation.alreadyExisted`, found by name).
    public func createTag(name: String) async throws(PulpeError) -> TagCreation {
        let body = try APIRequest.jsonBody(["name": name])
        do throws(PulpeError) {
            return .created(try await perform(APIRequest(.post, .api("tags"), access: .bearerAndClientKey, body: body))
                .enveloped(Tag.self))
        } catch where error.context.code == Self.tagExists {
            let key = TagRules.key(name)
            guard let existing = try await tags().first(where: { TagRules.key($0.name) == key }) else { throw error }
            return .alreadyExisted(existing)
        }
    }

    /// `PATCH /api/v1/tags/:id {name}`.
    public func renameTag(id: String, to name: String) async throws(PulpeError) -> Tag {
        let body = try APIRequest.jsonBody(["name": name])
        return try await perform(APIRequest(.patch, .api("tags/\(APIRequest.segment(id))"), access: .bearerAndClientKey, body: body))
            .enveloped(Tag.self)
    }

    /// `DELETE /api/v1/tags/:id`: its links go from every item; an unknown id answers 200 too.
    public func deleteTag(id: String) async throws(PulpeError) {
        _ = try await perform(APIRequest(.delete, .api("tags/\(APIRequest.segment(id))"), access: .bearerAndClientKey))
    }

    /// `GET /api/v1/tags/:id/history?months=&endMonth=&endYear=`.
    public func tagHistory(id: String, months: Int, end: BudgetMonth) async throws(PulpeError) -> TagHistory {
        let query = [URLQueryItem(name: "months", value: String(months)), URLQueryItem(name: "endMonth", value: String(end.month)),
                     URLQueryItem(name: "endYear", value: String(end.year))]
        return try await perform(APIRequest(.get, .api("tags/\(APIRequest.segment(id))/history"), access: .bearerAndClientKey,
                                            query: query))
            .enveloped(TagHistory.self)
    }

    static let tagExists = "ERR_TAG_ALREADY_EXISTS"
}
