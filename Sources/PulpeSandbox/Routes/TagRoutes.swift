import Foundation
import Hummingbird
import PulpeDomain

/// Tags (§15.2): the catalogue, a create with no client id (a replay answers 409
/// `ERR_TAG_ALREADY_EXISTS`), a rename, a delete that unlinks, and a tag's history.
struct TagRoutes {
    let services: SandboxServices

    func register(on router: Router<SandboxContext>) {
        let auth = Authenticator(services: services)

        router.get("/api/v1/tags") { request, _ in
            let caller = try await auth.authenticate(request)
            return JSONResponse.success(try await services.read { db in try TagStore.tags(userId: caller.user.id, in: db) })
        }

        router.get("/api/v1/tags/:id") { request, context in
            let caller = try await auth.authenticate(request)
            let id = try context.tagId()
            guard let tag = try await services.read({ db in try TagStore.tag(id: id, userId: caller.user.id, in: db) }) else {
                throw TagWrites.notFound(id)
            }
            return JSONResponse.success(tag)
        }

        router.post("/api/v1/tags") { request, _ in
            let caller = try await auth.authenticate(request)
            let name = try Self.name(try await RequestBodyReader.object(of: request, limit: services.maxBodyBytes), required: true)
            let now = services.now
            let tag = try await services.write { db in try TagWrites.create(name: name ?? "", userId: caller.user.id, now: now, in: db) }
            return JSONResponse.success(tag, status: 201)
        }

        router.patch("/api/v1/tags/:id") { request, context in
            let caller = try await auth.authenticate(request)
            let id = try context.tagId()
            let name = try Self.name(try await RequestBodyReader.object(of: request, limit: services.maxBodyBytes), required: false)
            let now = services.now
            let tag = try await services.write { db in try TagWrites.rename(id: id, to: name, userId: caller.user.id, now: now, in: db) }
            return JSONResponse.success(tag)
        }

        router.delete("/api/v1/tags/:id") { request, context in
            let caller = try await auth.authenticate(request)
            let id = try context.tagId()
            let now = services.now
            try await services.write { db in try TagWrites.delete(id: id, userId: caller.user.id, now: now, in: db) }
            return JSONResponse.encoded(MessageEnvelope(message: "Tag deleted successfully"))
        }

        router.get("/api/v1/tags/:id/history") { request, context in
            let caller = try await auth.authenticate(request)
            let id = try context.tagId()
            let query = request.uri.queryParameters
            guard let months = query.get("months").flatMap({ Int($0) }), TagHistory.windows.contains(months),
                  let endMonth = query.get("endMonth").flatMap({ Int($0) }), (1...12).contains(endMonth),
                  let endYear = query.get("endYear").flatMap({ Int($0) }), (2000...2100).contains(endYear) else {
                throw APIError.validation([.custom("months must be 3, 6, 12 or 24; endMonth 1..12; endYear a year", path: ["months"])])
            }
            let end = BudgetMonth(year: endYear, month: endMonth)
            let history = try await services.read { db in
                try TagWrites.history(id: id, months: months, end: end, userId: caller.user.id, in: db)
            }
            return JSONResponse.success(history)
        }
    }

    /// `{name}` strict, trimmed, 1…30.
    static func name(_ object: [String: JSONValue], required: Bool) throws -> String? {
        var reader = BodyReader(object, allowedKeys: ["name"])
        let name = reader.string("name", required: required, trimmed: true, maxLength: TagRules.maxNameLength)
        if let text = name.value, text.isEmpty {
            reader.fail(.tooSmall(origin: "string", minimum: 1, inclusive: true, path: ["name"]))
        }
        guard reader.issues.isEmpty else { throw APIError.validation(reader.issues) }
        return name.value
    }
}

extension SandboxContext {
    /// A tag's `:id`. Not UUID-checked by the server (garbage → 500 there); here a non-UUID is
    /// simply an unknown tag.
    func tagId() throws -> String {
        (parameters.get("id") ?? "").lowercased()
    }
}
