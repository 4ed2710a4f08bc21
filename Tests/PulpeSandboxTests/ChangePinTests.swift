import Foundation
import PulpeCrypto
import PulpeDomain
import PulpeSandbox
import Testing

/// A PIN changed on another device (decision 43): `POST /encryption/change-pin` as the official apps
/// call it, and the sandbox's own `POST /__sandbox/pin` the tests use. Either way the old key
/// becomes « well-formed but wrong »: reads answer zeros, writes and validate-key refuse it.
@Suite("Changing the PIN makes every old key stale", .timeLimit(.minutes(1)))
struct ChangePinTests {
    static let newKey = String(repeating: "fedcba9876543210", count: 4)

    @Test("change-pin: the old key is refused and reads zeros, the new one works")
    func changePinRoute() async throws {
        try await TestSandbox.with { sandbox in
            let user = try await sandbox.signedInUser()
            let seed = sandbox.server.seeding
            let budget = try await seed.createBudget(userId: user.id, month: 11, year: 2026)
            _ = try await seed.addTransaction(budgetId: budget, name: "Coop", amount: 42, kind: .expense)
            let path = "/api/v1/encryption/change-pin"
            let wrongOld = try await sandbox.client.post(path, object: ["oldClientKey": TestSandbox.wrongKey,
                                                                        "newClientKey": Self.newKey],
                                                         headers: user.bearerOnly)
            expectEnvelope(wrongOld, status: 400, code: "ERR_ENCRYPTION_KEY_CHECK_FAILED", method: "POST", path: path)
            let unknownKey = try await sandbox.client.post(path, object: ["oldClientKey": user.clientKey,
                                                                          "newClientKey": Self.newKey, "pin": "1"],
                                                           headers: user.bearerOnly)
            #expect(unknownKey.status == 400, "strict body: \(unknownKey.text)")
            let changed = try await sandbox.client.post(path, object: ["oldClientKey": user.clientKey, "newClientKey": Self.newKey],
                                                        headers: user.bearerOnly)
            #expect(changed.status == 200, "\(changed.text)")
            #expect(changed.object["keyCheck"] != nil && changed.object["recoveryKey"] != nil)

            let oldValidation = try await sandbox.client.post("/api/v1/encryption/validate-key",
                                                              object: ["clientKey": user.clientKey], headers: user.bearerOnly)
            #expect(oldValidation.status == 400)
            let newValidation = try await sandbox.client.post("/api/v1/encryption/validate-key",
                                                              object: ["clientKey": Self.newKey], headers: user.bearerOnly)
            #expect(newValidation.status == 204)
            let stale = try await sandbox.client.get("/api/v1/budgets/\(budget)/details", headers: user.headers)
            #expect(stale.status == 200)
            #expect(WrongKeyTests.amounts(in: .object(stale.object)).allSatisfy { $0 == 0 }, "the old key reads zeros: \(stale.text)")
            var fresh = user.headers
            fresh["X-Client-Key"] = Self.newKey
            let details = try await sandbox.client.get("/api/v1/budgets/\(budget)/details", headers: fresh)
            #expect(WrongKeyTests.amounts(in: .object(details.object)).contains(42))
        }
    }

    @Test("/__sandbox/pin: the key derived from the new PIN with the user's salt is the one expected")
    func adminPinRoute() async throws {
        try await TestSandbox.with { sandbox in
            let user = try await sandbox.signedInUser()
            let salt = try await sandbox.client.get("/api/v1/encryption/salt", headers: user.bearerOnly)
            let saltHex = try #require(salt.object["salt"]?.stringValue)
            let iterations = try #require(salt.object["kdfIterations"]?.numberValue.map { NSDecimalNumber(decimal: $0).intValue })
            let changed = try await sandbox.client.post("/__sandbox/pin", object: ["email": user.email, "pin": "5678"])
            #expect(changed.status == 200, "\(changed.text)")
            let newKey = try ClientKey.derive(pin: "5678", saltHex: saltHex, iterations: iterations)
            let validation = try await sandbox.client.post("/api/v1/encryption/validate-key",
                                                           object: ["clientKey": newKey], headers: user.bearerOnly)
            #expect(validation.status == 204)
            let old = try await sandbox.client.post("/api/v1/encryption/validate-key",
                                                    object: ["clientKey": user.clientKey], headers: user.bearerOnly)
            #expect(old.status == 400)
            let unknown = try await sandbox.client.post("/__sandbox/pin", object: ["email": "nobody@example.ch", "pin": "5678"])
            #expect(unknown.status == 404)
            let notAPin = try await sandbox.client.post("/__sandbox/pin", object: ["email": user.email, "pin": "56"])
            #expect(notAPin.status == 400)
        }
    }
}
