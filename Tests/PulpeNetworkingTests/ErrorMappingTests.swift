import Foundation
@testable import PulpeNetworking
import PulpeDomain
import Testing

@Suite("Error mapping: every answer of pulpe-api.md §2–§4 → PulpeError")
struct ErrorMappingTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var status: Int
        var body: String
        var kind: PulpeError.Kind
        var headers: [String: String] = [:]
        var testDescription: String { "\(status) \(body.prefix(60))" }
    }

    static let backendCases: [Case] = [
        Case(status: 401, body: Fixture.errorJSON(status: 401, code: "ERR_AUTH_TOKEN_MISSING"), kind: .unauthorized),
        Case(status: 401, body: Fixture.errorJSON(status: 401, code: "ERR_AUTH_TOKEN_INVALID"), kind: .unauthorized),
        Case(status: 401, body: Fixture.errorJSON(status: 401, code: "ERR_AUTH_UNAUTHORIZED"), kind: .unauthorized),
        Case(status: 403, body: Fixture.errorJSON(status: 403, code: "ERR_AUTH_CLIENT_KEY_MISSING"),
             kind: .forbidden(.clientKeyMissing)),
        Case(status: 400, body: Fixture.errorJSON(status: 400, code: "ERR_AUTH_CLIENT_KEY_INVALID"),
             kind: .forbidden(.clientKeyInvalid)),
        Case(status: 400, body: Fixture.errorJSON(status: 400, code: "ERR_ENCRYPTION_KEY_CHECK_FAILED"), kind: .wrongClientKey),
        Case(status: 403, body: Fixture.errorJSON(status: 403, code: "ERR_USER_ACCOUNT_BLOCKED"), kind: .forbidden(.accountBlocked)),
        Case(status: 403, body: #"{"statusCode":403,"code":"IP_BLOCKED","message":"Access denied."}"#, kind: .forbidden(.ipBlocked)),
        Case(status: 403, body: "", kind: .forbidden(.other)),
        Case(status: 404, body: Fixture.errorJSON(status: 404, code: "ERR_BUDGET_NOT_FOUND"), kind: .notFound),
        Case(status: 404, body: Fixture.errorJSON(status: 404, code: "ERR_TRANSACTION_NOT_FOUND"), kind: .notFound),
        Case(status: 404, body: Fixture.errorJSON(status: 404, code: "ERR_BUDGET_LINE_NOT_FOUND"), kind: .notFound),
        Case(status: 404, body: Fixture.errorJSON(status: 404, code: "HTTP_404", message: "Cannot GET /api/v1/nope"), kind: .notFound),
        Case(status: 404, body: "", kind: .notFound),
        Case(status: 404, body: Fixture.errorJSON(status: 404, code: "ERR_TEMPLATE_NOT_FOUND"), kind: .notFound),
        Case(status: 409, body: Fixture.errorJSON(status: 409, code: "ERR_BUDGET_ALREADY_EXISTS"), kind: .conflict(.budgetAlreadyExists)),
        Case(status: 409, body: Fixture.errorJSON(status: 409, code: "ERR_TRANSACTION_ALREADY_EXISTS"),
             kind: .conflict(.transactionAlreadyExists)),
        Case(status: 409, body: "{}", kind: .conflict(.other)),
        Case(status: 400, body: Fixture.errorJSON(status: 400, code: "ERR_TRANSACTION_VALIDATION_FAILED",
                                                  message: "Transaction validation failed: Amount cannot exceed 1000000"),
             kind: .validation(reason: "Transaction validation failed: Amount cannot exceed 1000000", fields: [])),
        Case(status: 400, body: Fixture.errorJSON(status: 400, code: "ERR_REQUIRED_DATA_MISSING", message: "Required data missing: name"),
             kind: .validation(reason: "Required data missing: name", fields: [])),
        Case(status: 400, body: Fixture.errorJSON(status: 400, code: "ERR_VALIDATION_FAILED", message: "bad"),
             kind: .validation(reason: "bad", fields: [])),
        Case(status: 400, body: """
            {"success":false,"statusCode":400,"message":{"statusCode":400,"message":"Validation failed","errors":[\
            {"code":"unrecognized_keys","path":["category"],"message":"Unrecognized key: category"},\
            {"code":"too_big","path":["tagIds",3],"message":"Too big"}]},"error":"ZodValidationException",\
            "code":"ERR_ZOD_VALIDATION_FAILED","context":{"requestId":"r"}}
            """,
             kind: .validation(reason: "Validation failed", fields: [
                ValidationIssue(code: "unrecognized_keys", path: ["category"], message: "Unrecognized key: category"),
                ValidationIssue(code: "too_big", path: ["tagIds", "3"], message: "Too big"),
             ])),
        Case(status: 400, body: """
            {"success":false,"statusCode":400,"message":{"message":"Validation failed (uuid is expected)","error":"Bad Request",\
            "statusCode":400},"error":"Bad Request","code":"HTTP_400"}
            """,
             kind: .validation(reason: "Validation failed (uuid is expected)", fields: [])),
        Case(status: 429, body: Fixture.errorJSON(status: 429, code: "ERR_RATE_LIMIT_EXCEEDED"), kind: .rateLimited(retryAfter: nil)),
        Case(status: 429, body: Fixture.errorJSON(status: 429, code: "HTTP_429", message: "ThrottlerException: Too Many Requests"),
             kind: .rateLimited(retryAfter: .seconds(42)), headers: ["Retry-After": "42"]),
        Case(status: 429, body: "", kind: .rateLimited(retryAfter: nil)),
        Case(status: 500, body: Fixture.errorJSON(status: 500, code: "ERR_INTERNAL_SERVER"), kind: .serverError),
        Case(status: 500, body: Fixture.errorJSON(status: 500, code: "ERR_UNKNOWN"), kind: .serverError),
        Case(status: 500, body: Fixture.errorJSON(status: 500, code: "ERR_TRANSACTION_CREATE_FAILED"), kind: .serverError),
        Case(status: 503, body: Fixture.maintenanceJSON, kind: .maintenance),
        Case(status: 503, body: #"{"success":false,"statusCode":503,"code":"MAINTENANCE","message":{"x":1},"extra":[1,2]}"#,
             kind: .maintenance),
        Case(status: 503, body: Fixture.errorJSON(status: 503, code: "HTTP_503", message: "Service Unavailable"), kind: .serverError),
        Case(status: 503, body: "", kind: .serverError),
        Case(status: 500, body: #"{"code":"MAINTENANCE"}"#, kind: .serverError),
        Case(status: 502, body: "<html>\n<head><title>502 Bad Gateway</title></head></html>", kind: .serverError),
        Case(status: 408, body: "", kind: .timeout),
        Case(status: 418, body: "I'm a teapot", kind: .validation(reason: nil, fields: [])),
        Case(status: 401, body: "not json", kind: .unauthorized),
    ]

    @Test("Backend answers", arguments: backendCases)
    func backend(_ item: Case) {
        let response = HTTPResponseData(status: item.status, headers: HTTPHeaders(item.headers.map { ($0.key, $0.value) }),
                                        body: Data(item.body.utf8))
        let error = ResponseClassifier.error(for: response, family: .api,
                                             context: ErrorContext(method: "GET", path: "/api/v1/x", requestId: "sent-id"),
                                             now: Fixture.now)
        #expect(error.kind == item.kind)
        #expect(error.context.status == item.status)
    }

    @Test("The context keeps status, code, the server's request id and message")
    func context() {
        let response = HTTPResponseData.json(404, Fixture.errorJSON(status: 404, code: "ERR_BUDGET_NOT_FOUND",
                                                                    message: "Budget with ID 'x' not found", requestId: "from-body"),
                                             headers: ["X-Request-Id": "from-header"])
        let error = ResponseClassifier.error(for: response, family: .api,
                                             context: ErrorContext(method: "GET", path: "/api/v1/budgets/x", requestId: "sent"),
                                             now: Fixture.now)
        #expect(error.context == ErrorContext(method: "GET", path: "/api/v1/budgets/x", status: 404, code: "ERR_BUDGET_NOT_FOUND",
                                              requestId: "from-body", serverMessage: "Budget with ID 'x' not found"))
        #expect(error.diagnostic
            == "notFound: GET /api/v1/budgets/x -> 404 ERR_BUDGET_NOT_FOUND (request from-body)")

        let headerOnly = ResponseClassifier.error(for: HTTPResponseData(status: 404, headers: ["X-Request-Id": "from-header"]),
                                                  family: .api, context: ErrorContext(requestId: "sent"), now: Fixture.now)
        #expect(headerOnly.context.requestId == "from-header")
        let html = ResponseClassifier.error(for: .json(502, "<html>\n<body>Bad Gateway</body>"), family: .api,
                                            context: ErrorContext(), now: Fixture.now)
        #expect(html.context.serverMessage == "<html>")
    }

    struct AuthCase: Sendable, CustomTestStringConvertible {
        var grant: AuthGrant
        var status: Int
        var body: String
        var kind: PulpeError.Kind
        var testDescription: String { "\(grant) \(status) \(body.prefix(50))" }
    }

    static let authCases: [AuthCase] = [
        AuthCase(grant: .password, status: 400, body: #"{"error":"invalid_grant","error_description":"Invalid login credentials"}"#,
                 kind: .invalidCredentials),
        AuthCase(grant: .password, status: 400,
                 body: #"{"code":"invalid_credentials","error_code":"invalid_credentials","msg":"Invalid login credentials"}"#,
                 kind: .invalidCredentials),
        AuthCase(grant: .password, status: 400, body: #"{"error":"invalid_request","error_description":"missing email or phone","code":"validation_failed"}"#,
                 kind: .validation(reason: "missing email or phone", fields: [])),
        AuthCase(grant: .refreshToken, status: 400,
                 body: #"{"error":"invalid_grant","error_description":"Invalid Refresh Token: Already Used","code":"refresh_token_already_used"}"#,
                 kind: .unauthorized),
        AuthCase(grant: .password, status: 401, body: #"{"message":"Invalid API key","hint":"Double check"}"#,
                 kind: .forbidden(.authKeyRejected)),
        AuthCase(grant: .password, status: 429, body: #"{"code":"over_request_rate_limit","msg":"slow down"}"#,
                 kind: .rateLimited(retryAfter: nil)),
        AuthCase(grant: .refreshToken, status: 500, body: "", kind: .serverError),
        AuthCase(grant: .password, status: 503, body: Fixture.maintenanceJSON, kind: .maintenance),
    ]

    @Test("Auth server answers (GoTrue and its gateway)", arguments: authCases)
    func authServer(_ item: AuthCase) {
        let error = ResponseClassifier.error(for: .json(item.status, item.body), family: .authServer(item.grant),
                                             context: ErrorContext(method: "POST", path: "/auth/v1/token"), now: Fixture.now)
        #expect(error.kind == item.kind)
    }

    @Test("Transport vs transient vs other, for the startup check and the outbox")
    func classification() {
        #expect(PulpeError(.offline(.hostNotFound)).isTransport)
        #expect(PulpeError(.timeout).isTransport)
        #expect(!PulpeError(.timeout, context: ErrorContext(status: 408)).isTransport)
        #expect(!PulpeError(.maintenance).isTransport)
        #expect(!PulpeError(.serverError, context: ErrorContext(status: 500)).isTransport)
        #expect(!PulpeError(.cancelled).isTransport)
        #expect(!PulpeError(.decoding).isTransport)
        for kind: PulpeError.Kind in [.offline(.cannotConnect), .timeout, .serverError, .maintenance, .rateLimited(retryAfter: nil)] {
            #expect(PulpeError(kind).isTransient)
        }
        for kind: PulpeError.Kind in [.validation(reason: nil, fields: []), .unauthorized, .notFound, .wrongClientKey, .cancelled] {
            #expect(!PulpeError(kind).isTransient)
        }
        #expect(PulpeError(.wrongClientKey).requiresPIN)
        #expect(PulpeError(.unauthorized).requiresLogin)
    }

    @Test("URLError codes measured on Linux map to transport kinds", arguments: [
        (-999, TransportFailure.Kind.cancelled), (-1001, .timedOut), (-1003, .hostNotFound), (-1004, .cannotConnect),
        (-1005, .connectionLost), (-1011, .connectionLost), (-1009, .notConnectedToInternet), (-1202, .secureConnectionFailed),
        (-1002, .other),
    ])
    func urlErrors(code: Int, kind: TransportFailure.Kind) {
        // Built as NSError (how URLSession reports on every platform; `URLError.Code(rawValue:)` is
        // failable on Linux only, so it would not compile everywhere).
        let failure = TransportFailure.from(NSError(domain: NSURLErrorDomain, code: code))
        #expect(failure.kind == kind)
        #expect(failure.code == code)
    }

    @Test("A URLError value maps the same way")
    func urlErrorValue() {
        let failure = TransportFailure.from(URLError(.cannotConnectToHost))
        #expect(failure.kind == .cannotConnect)
        #expect(failure.code == -1004)
    }

    @Test("Transport failures become offline, timeout or cancelled")
    func transportToError() {
        #expect(PulpeError(transport: TransportFailure(.cannotConnect, code: -1004), context: ErrorContext()).kind
            == .offline(.cannotConnect))
        #expect(PulpeError(transport: TransportFailure(.timedOut, code: -1001), context: ErrorContext()).kind == .timeout)
        #expect(PulpeError(transport: TransportFailure(.cancelled, code: -999), context: ErrorContext()).kind == .cancelled)
        #expect(PulpeError.wrap(CancellationError()).kind == .cancelled)
        let lost = PulpeError(transport: TransportFailure(.connectionLost, code: -1011, message: "Empty reply from server"),
                              context: ErrorContext(method: "GET", path: "/api/v1/budgets", requestId: "abc"))
        #expect(lost.diagnostic == #"offline(connectionLost): GET /api/v1/budgets (URLError -1011) (request abc) "Empty reply from server""#)
    }
}
