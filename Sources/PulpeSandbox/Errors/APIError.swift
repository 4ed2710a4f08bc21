import Foundation
import PulpeDomain

/// An error a route or middleware throws; `ErrorEnvelopeMiddleware` turns it into the backend's
/// global-filter body (`docs/contract.md` §2).
///
/// The three families mirror what the backend's filter distinguishes:
/// - business errors (`BusinessException`, an `ERR_*` code, a string message, optional `details`);
/// - schema errors (`ZodValidationException`, `ERR_ZOD_VALIDATION_FAILED`, an **object** message);
/// - framework errors (Nest's `HttpException`s, code `HTTP_<status>`).
struct APIError: Error, Sendable {
    var status: Int
    var code: String
    var message: APIErrorMessage
    /// The `error` member: the exception's class name or the HTTP reason.
    var errorName: String
    var details: JSONValue?
    /// Sent as `Retry-After` (throttling).
    var retryAfterSeconds: Int?

    /// A business error whose status is the one `APIErrorCode` pairs with the code.
    static func business(_ code: APIErrorCode, _ message: String, details: [String: JSONValue]? = nil) -> APIError {
        APIError(status: code.httpStatus ?? 500, code: code.rawValue, message: .text(message),
                 errorName: "BusinessException", details: details.map(JSONValue.object))
    }

    /// A business error with a code the domain does not model (e.g. `ERR_TEMPLATE_NOT_FOUND`).
    static func business(code: String, status: Int, _ message: String, details: [String: JSONValue]? = nil) -> APIError {
        APIError(status: status, code: code, message: .text(message), errorName: "BusinessException",
                 details: details.map(JSONValue.object))
    }

    /// A rejected body or query: 400 with `message = {statusCode, message, errors}`.
    static func validation(_ issues: [ZodIssue]) -> APIError {
        let message: JSONValue = .object([
            "statusCode": .number(400),
            "message": .string("Validation failed"),
            "errors": .array(issues.map(\.json)),
        ])
        return APIError(status: 400, code: APIErrorCode.zodValidationFailed.rawValue, message: .other(message),
                        errorName: "ZodValidationException")
    }

    /// A framework error: `HTTP_<status>`, `message = {message, error, statusCode}` as Nest builds it.
    static func framework(status: Int, reason: String, _ text: String) -> APIError {
        let message: JSONValue = .object([
            "message": .string(text), "error": .string(reason), "statusCode": .number(Decimal(status)),
        ])
        return APIError(status: status, code: APIErrorCode.http(status).rawValue, message: .other(message), errorName: reason)
    }

    // MARK: The errors the sandbox sends

    static let tokenMissing = business(.authTokenMissing, "Authentication token missing")
    static let tokenInvalid = business(.authTokenInvalid, "Invalid authentication token")
    static let tokenExpired = business(.authUnauthorized, "Unauthorized")
    static let clientKeyMissing = business(.authClientKeyMissing, "Client encryption key missing")
    static let clientKeyInvalid = business(.authClientKeyInvalid, "Client encryption key is invalid")
    static let keyCheckFailed = business(.encryptionKeyCheckFailed, "Client key verification failed")
    static let internalError = APIError(status: 500, code: APIErrorCode.internalServer.rawValue,
                                        message: .text("Internal server error"), errorName: "InternalServerErrorException")

    static func budgetNotFound(_ id: String) -> APIError {
        business(.budgetNotFound, "Budget with ID '\(id)' not found", details: ["id": .string(id)])
    }

    static func budgetAlreadyExists(month: Int, year: Int) -> APIError {
        business(.budgetAlreadyExists, "A budget already exists for month \(month)/\(year)",
                 details: ["month": .number(Decimal(month)), "year": .number(Decimal(year))])
    }

    static func transactionNotFound(_ id: String) -> APIError {
        business(.transactionNotFound, "Transaction with ID '\(id)' not found", details: ["id": .string(id)])
    }

    static func transactionAlreadyExists(_ id: String) -> APIError {
        business(.transactionAlreadyExists, "Transaction with ID '\(id)' already exists", details: ["id": .string(id)])
    }

    /// Fault injection's `created-500`: the row exists, the answer says it may (`docs/contract.md` §3);
    /// and a create into a budget that does not exist, as the real server answers it.
    static let transactionCreateFailed = business(.transactionCreateFailed, "Failed to create transaction")

    /// A budget line into a budget that does not exist (deleted elsewhere): the real server's 500.
    static let budgetLineCreateFailed = business(code: "ERR_BUDGET_LINE_CREATE_FAILED", status: 500,
                                                 "Failed to create budget line")

    static func transactionInvalid(_ reason: String) -> APIError {
        business(.transactionValidationFailed, "Transaction validation failed: \(reason)", details: ["reason": .string(reason)])
    }

    static func budgetLineNotFound(_ id: String) -> APIError {
        business(.budgetLineNotFound, "Budget line with ID '\(id)' not found", details: ["id": .string(id)])
    }

    static func requiredDataMissing(_ fields: [String]) -> APIError {
        business(.requiredDataMissing, "Required data missing: \(fields.joined(separator: ", "))",
                 details: ["fields": .array(fields.map(JSONValue.string))])
    }

    static func templateNotFound(_ id: String) -> APIError {
        business(code: "ERR_TEMPLATE_NOT_FOUND", status: 404, "Template with ID '\(id)' not found",
                 details: ["id": .string(id)])
    }

    static func routeNotFound(method: String, path: String) -> APIError {
        framework(status: 404, reason: "Not Found", "Cannot \(method) \(path)")
    }

    static let badUUID = framework(status: 400, reason: "Bad Request", "Validation failed (uuid is expected)")
    static let badJSON = framework(status: 400, reason: "Bad Request", "Unexpected token in JSON body")
    static let payloadTooLarge = framework(status: 413, reason: "Payload Too Large", "request entity too large")

    /// Nest's throttler: a plain-string message and `HTTP_429`.
    static func throttled(retryAfterSeconds: Int) -> APIError {
        APIError(status: 429, code: APIErrorCode.http(429).rawValue, message: .text("ThrottlerException: Too Many Requests"),
                 errorName: "ThrottlerException", retryAfterSeconds: retryAfterSeconds)
    }

    /// Fault injection's 503: an ordinary server error, deliberately *without* the `MAINTENANCE` code.
    static let injectedUnavailable = framework(status: 503, reason: "Service Unavailable", "Service Unavailable")

    /// Admin routes called from another machine.
    static let adminForbidden = framework(status: 403, reason: "Forbidden", "Sandbox admin routes answer loopback peers only")
}
