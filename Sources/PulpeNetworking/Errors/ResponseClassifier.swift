import Foundation
import PulpeDomain

/// Turns a non-2xx HTTP answer into a `PulpeError` (docs/contract.md §2–§4).
///
/// The code decides when there is one (it is more precise than the status); the status decides
/// otherwise — which covers empty bodies (router 404s), HTML error pages from proxies, and codes
/// this client does not know yet.
package enum ResponseClassifier {
    package static func error(for response: HTTPResponseData, family: ErrorFamily, context base: ErrorContext,
                      now: Date) -> PulpeError {
        switch family {
        case .api: return apiError(response, context: base, now: now)
        case .authServer(let grant): return authError(response, grant: grant, context: base, now: now)
        }
    }

    // MARK: Backend

    static func apiError(_ response: HTTPResponseData, context base: ErrorContext, now: Date) -> PulpeError {
        let status = response.status
        let body = APIErrorBody.decode(from: response.body)
        var context = base
        context.status = status
        context.code = body?.code
        context.requestId = body?.requestId ?? response.headers["X-Request-Id"] ?? base.requestId
        context.serverMessage = (body?.messageText ?? nonJSONExcerpt(response.body)).map(ErrorContext.shorten)
        context.retryAfter = RetryAfter.parse(response.headers["Retry-After"], now: now)

        if APIErrorBody.isMaintenance(status: status, body: response.body) {
            return PulpeError(.maintenance, context: context)
        }
        let byCode = body?.errorCode.flatMap { code in kind(for: code, body: body) }
        return PulpeError(attachingRetryAfter(byCode ?? kind(forStatus: status, body: body), context), context: context)
    }

    /// The kind a backend code means; `nil` when the status should decide (`HTTP_*`, unknown codes).
    package static func kind(for code: APIErrorCode, body: APIErrorBody?) -> PulpeError.Kind? {
        switch code {
        case .authTokenMissing, .authTokenInvalid, .authUnauthorized: return .unauthorized
        case .authClientKeyMissing: return .forbidden(.clientKeyMissing)
        case .authClientKeyInvalid: return .forbidden(.clientKeyInvalid)
        case .encryptionKeyCheckFailed: return .wrongClientKey
        case .userAccountBlocked: return .forbidden(.accountBlocked)
        case .ipBlocked: return .forbidden(.ipBlocked)
        case .budgetNotFound, .transactionNotFound, .budgetLineNotFound: return .notFound
        case .budgetAlreadyExists: return .conflict(.budgetAlreadyExists)
        case .transactionAlreadyExists: return .conflict(.transactionAlreadyExists)
        case .transactionValidationFailed, .requiredDataMissing, .validationFailed, .zodValidationFailed:
            return .validation(reason: body?.messageText, fields: body?.validationErrors ?? [])
        case .rateLimitExceeded: return .rateLimited(retryAfter: nil)
        case .transactionCreateFailed, .internalServer, .unknownError: return .serverError
        case .maintenance, .http, .unknown: return nil
        }
    }

    static func kind(forStatus status: Int, body: APIErrorBody?) -> PulpeError.Kind {
        switch status {
        case 401: return .unauthorized
        case 403: return .forbidden(.other)
        case 404, 410: return .notFound
        case 408: return .timeout
        case 409: return .conflict(.other)
        case 429: return .rateLimited(retryAfter: nil)
        case 400 ..< 500: return .validation(reason: body?.messageText, fields: body?.validationErrors ?? [])
        default: return .serverError
        }
    }

    // MARK: Auth server

    static func authError(_ response: HTTPResponseData, grant: AuthGrant, context base: ErrorContext,
                          now: Date) -> PulpeError {
        let status = response.status
        let object = PulpeJSON.object(from: response.body)
        let body = object == nil ? nil : try? JSONDecoder().decode(AuthErrorBody.self, from: response.body)
        var context = base
        context.status = status
        context.code = body?.errorCode ?? body?.error
        context.requestId = response.headers["X-Request-Id"] ?? base.requestId
        context.serverMessage = (body?.messageText ?? object?["message"]?.stringValue ?? nonJSONExcerpt(response.body))
            .map(ErrorContext.shorten)
        context.retryAfter = RetryAfter.parse(response.headers["Retry-After"], now: now)

        if APIErrorBody.isMaintenance(status: status, body: response.body) {
            return PulpeError(.maintenance, context: context)
        }
        let kind: PulpeError.Kind
        switch status {
        case 400, 422:
            switch grant {
            case .password:
                kind = body?.isInvalidCredentials == true
                    ? .invalidCredentials
                    : .validation(reason: body?.messageText, fields: [])
            case .refreshToken:
                // Spent, unknown or revoked refresh token: this session is over.
                kind = .unauthorized
            }
        case 401, 403:
            // GoTrue answers bad credentials with 400; a 401/403 here comes from the gateway in
            // front of it refusing the project's `apikey`.
            kind = .forbidden(.authKeyRejected)
        case 429: kind = .rateLimited(retryAfter: nil)
        case 408: kind = .timeout
        case 404: kind = .notFound
        case 400 ..< 500: kind = .validation(reason: body?.messageText, fields: [])
        default: kind = .serverError
        }
        return PulpeError(attachingRetryAfter(kind, context), context: context)
    }

    /// A throttling answer carries the server's `Retry-After` in its kind, where the UI looks for it.
    package static func attachingRetryAfter(_ kind: PulpeError.Kind, _ context: ErrorContext) -> PulpeError.Kind {
        if case .rateLimited = kind { return .rateLimited(retryAfter: context.retryAfter) }
        return kind
    }

    /// The first line of a non-JSON body (an HTML error page), for logs.
    static func nonJSONExcerpt(_ body: Data) -> String? {
        guard !body.isEmpty, PulpeJSON.object(from: body) == nil else { return nil }
        let text = String(decoding: body.prefix(200), as: UTF8.self)
            .split(whereSeparator: \.isNewline).first.map(String.init)?
            .trimmingCharacters(in: .whitespaces)
        return text?.isEmpty == false ? text : nil
    }
}
