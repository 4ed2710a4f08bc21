import Foundation
import PulpeDomain

/// Strict readers for the small bodies: budget creation, key validation, demo session.
enum SmallBodies {
    /// `POST /budgets` → `{month, year, description?, templateId}`.
    static func newBudget(_ object: [String: JSONValue]) throws -> NewBudget {
        var reader = BodyReader(object, allowedKeys: ["month", "year", "description", "templateId"])
        let month = reader.integer("month", required: true, range: 1...12)
        let year = reader.integer("year", required: true, range: 2000...2100)
        let description = reader.string("description", required: false, maxLength: 500)
        let templateId = reader.uuid("templateId", required: true)
        guard reader.issues.isEmpty, let month = month.value, let year = year.value, let templateId = templateId.value else {
            throw APIError.validation(reader.issues)
        }
        return NewBudget(month: month, year: year, description: description.value, templateId: templateId)
    }

    /// `POST /budgets/generate` → `{templateId, startMonth, startYear, count 1…36 (default 12)}`.
    static func generateBudgets(_ object: [String: JSONValue]) throws -> (templateId: String, month: BudgetMonth, count: Int) {
        var reader = BodyReader(object, allowedKeys: ["templateId", "startMonth", "startYear", "count"])
        let templateId = reader.uuid("templateId", required: true)
        let month = reader.integer("startMonth", required: true, range: 1...12)
        let year = reader.integer("startYear", required: true, range: 2000...2200)
        let count = reader.integer("count", required: false, range: 1...36)
        guard reader.issues.isEmpty, let templateId = templateId.value, let month = month.value, let year = year.value else {
            throw APIError.validation(reader.issues)
        }
        return (templateId, BudgetMonth(year: year, month: month), count.value ?? 12)
    }

    /// `POST /encryption/validate-key` → the key text (its hex shape is checked by the route, which
    /// answers `ERR_AUTH_CLIENT_KEY_INVALID` rather than a schema error, like the backend).
    static func clientKey(_ object: [String: JSONValue]) throws -> String {
        var reader = BodyReader(object, allowedKeys: ["clientKey"])
        let key = reader.string("clientKey", required: true)
        guard reader.issues.isEmpty, let key = key.value else { throw APIError.validation(reader.issues) }
        return key
    }

    /// `POST /encryption/change-pin` → `{oldClientKey, newClientKey}` (strict, like the backend's
    /// `encryptionChangePinRequestSchema`); the keys' hex shape is checked by the route.
    static func changePin(_ object: [String: JSONValue]) throws -> (old: String, new: String) {
        var reader = BodyReader(object, allowedKeys: ["oldClientKey", "newClientKey"])
        let old = reader.string("oldClientKey", required: true)
        let new = reader.string("newClientKey", required: true)
        guard reader.issues.isEmpty, let old = old.value, let new = new.value else { throw APIError.validation(reader.issues) }
        return (old, new)
    }

    /// `POST /demo/session` → `{turnstileToken}` (empty allowed: the sandbox has no captcha).
    static func demoSession(_ object: [String: JSONValue]) throws {
        var reader = BodyReader(object, allowedKeys: ["turnstileToken"])
        _ = reader.string("turnstileToken", required: false)
        guard reader.issues.isEmpty else { throw APIError.validation(reader.issues) }
    }
}
