import Foundation
import Hummingbird
import PulpeDomain

/// « Piocher dans son épargne » (`docs/contract.md` §16.4): the pair made in one write, and its delete.
struct WithdrawalRoutes {
    let services: SandboxServices

    func register(on router: Router<SandboxContext>) {
        let auth = Authenticator(services: services)
        router.post("/api/v1/budget-lines/savings-withdrawal") { request, _ in
            let caller = try await auth.authenticate(request)
            try caller.requireWritableKey()
            let object = try await RequestBodyReader.object(of: request, limit: services.maxBodyBytes)
            var reader = BodyReader(object, allowedKeys: ["budgetId", "amount", "incomeName", "savingName", "groupId", "originalAmount",
                                                          "originalCurrency", "targetCurrency", "exchangeRate"])
            let budgetId = reader.uuid("budgetId", required: true)
            let amount = reader.number("amount", required: true, exclusiveMinimum: 0)
            let incomeName = reader.string("incomeName", required: true, trimmed: true, maxLength: 100)
            let savingName = reader.string("savingName", required: true, trimmed: true, maxLength: 100)
            let groupId = reader.uuid("groupId", required: false)
            for (key, name) in [("incomeName", incomeName.value), ("savingName", savingName.value)] where name?.isEmpty == true {
                reader.fail(.tooSmall(origin: "string", minimum: 1, inclusive: true, path: [key]))
            }
            guard reader.issues.isEmpty, let budgetId = budgetId.value, let amount = amount.value, let incomeName = incomeName.value,
                  let savingName = savingName.value else { throw APIError.validation(reader.issues) }
            let body = WithdrawalWrites.Body(budgetId: budgetId, amount: amount, incomeName: incomeName, savingName: savingName,
                                             groupId: groupId.value?.lowercased())
            let now = services.now
            let answer = try await services.write { db in try WithdrawalWrites.create(body, userId: caller.user.id, now: now, in: db) }
            return JSONResponse.success(answer, status: 201)
        }
        router.delete("/api/v1/budget-lines/savings-withdrawal/:groupId") { request, context in
            let caller = try await auth.authenticate(request)
            try caller.requireWritableKey()
            let groupId = try context.uuidParameter("groupId")
            let query = request.uri.queryParameters
            guard let scope = query.get("scope"), ["pair", "repayment"].contains(scope), query.count == 1 else {
                throw APIError.validation([.invalidValue(options: ["pair", "repayment"], path: ["scope"])])
            }
            let now = services.now
            try await services.write { db in
                try WithdrawalWrites.delete(groupId: groupId, repaymentOnly: scope == "repayment", userId: caller.user.id, now: now, in: db)
            }
            return JSONResponse.encoded(MessageEnvelope(message: "Savings withdrawal deleted successfully"))
        }
    }
}
