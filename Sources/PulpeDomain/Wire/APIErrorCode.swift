import Foundation

/// The error codes a client reacts to (§3). Anything else is kept as `unknown`, so a new backend code
/// never breaks decoding; `HTTP_<status>` (framework errors) becomes `http(status)`.
public enum APIErrorCode: Sendable, Hashable {
    case authTokenMissing
    case authTokenInvalid
    case authUnauthorized
    case authClientKeyMissing
    case authClientKeyInvalid
    case encryptionKeyCheckFailed
    case userAccountBlocked
    case budgetNotFound
    case budgetAlreadyExists
    case transactionNotFound
    case transactionValidationFailed
    case transactionAlreadyExists
    case transactionCreateFailed
    case budgetLineNotFound
    case requiredDataMissing
    case validationFailed
    case zodValidationFailed
    case rateLimitExceeded
    case internalServer
    /// `ERR_UNKNOWN` (the backend's own catch-all, not a code this client does not know).
    case unknownError
    /// `MAINTENANCE`, from the maintenance middleware (§4).
    case maintenance
    /// `IP_BLOCKED`, from the IP-blocking middleware.
    case ipBlocked
    /// `HTTP_<status>`: a framework error (bad UUID → 400, unknown route → 404, throttling → 429).
    case http(Int)
    /// Any other code, verbatim.
    case unknown(String)

    private static let table: [(APIErrorCode, String)] = [
        (.authTokenMissing, "ERR_AUTH_TOKEN_MISSING"),
        (.authTokenInvalid, "ERR_AUTH_TOKEN_INVALID"),
        (.authUnauthorized, "ERR_AUTH_UNAUTHORIZED"),
        (.authClientKeyMissing, "ERR_AUTH_CLIENT_KEY_MISSING"),
        (.authClientKeyInvalid, "ERR_AUTH_CLIENT_KEY_INVALID"),
        (.encryptionKeyCheckFailed, "ERR_ENCRYPTION_KEY_CHECK_FAILED"),
        (.userAccountBlocked, "ERR_USER_ACCOUNT_BLOCKED"),
        (.budgetNotFound, "ERR_BUDGET_NOT_FOUND"),
        (.budgetAlreadyExists, "ERR_BUDGET_ALREADY_EXISTS"),
        (.transactionNotFound, "ERR_TRANSACTION_NOT_FOUND"),
        (.transactionValidationFailed, "ERR_TRANSACTION_VALIDATION_FAILED"),
        (.transactionAlreadyExists, "ERR_TRANSACTION_ALREADY_EXISTS"),
        (.transactionCreateFailed, "ERR_TRANSACTION_CREATE_FAILED"),
        (.budgetLineNotFound, "ERR_BUDGET_LINE_NOT_FOUND"),
        (.requiredDataMissing, "ERR_REQUIRED_DATA_MISSING"),
        (.validationFailed, "ERR_VALIDATION_FAILED"),
        (.zodValidationFailed, "ERR_ZOD_VALIDATION_FAILED"),
        (.rateLimitExceeded, "ERR_RATE_LIMIT_EXCEEDED"),
        (.internalServer, "ERR_INTERNAL_SERVER"),
        (.unknownError, "ERR_UNKNOWN"),
        (.maintenance, "MAINTENANCE"),
        (.ipBlocked, "IP_BLOCKED"),
    ]

    /// Maps a wire code to a case (exact, case-sensitive match).
    public init(rawValue: String) {
        if let match = APIErrorCode.table.first(where: { $0.1 == rawValue }) {
            self = match.0
        } else if rawValue.hasPrefix("HTTP_"), let status = Int(rawValue.dropFirst(5)), (100...599).contains(status) {
            self = .http(status)
        } else {
            self = .unknown(rawValue)
        }
    }

    /// The wire spelling.
    public var rawValue: String {
        switch self {
        case .http(let status): return "HTTP_\(status)"
        case .unknown(let raw): return raw
        default: return APIErrorCode.table.first(where: { $0.0 == self })?.1 ?? ""
        }
    }

    /// The HTTP status the backend pairs with this code (for the sandbox); `nil` for `unknown`.
    public var httpStatus: Int? {
        switch self {
        case .authTokenMissing, .authTokenInvalid, .authUnauthorized: return 401
        case .authClientKeyMissing, .userAccountBlocked, .ipBlocked: return 403
        case .authClientKeyInvalid, .encryptionKeyCheckFailed, .transactionValidationFailed,
             .requiredDataMissing, .validationFailed, .zodValidationFailed: return 400
        case .budgetNotFound, .transactionNotFound, .budgetLineNotFound: return 404
        case .budgetAlreadyExists, .transactionAlreadyExists: return 409
        case .rateLimitExceeded: return 429
        case .transactionCreateFailed, .internalServer, .unknownError: return 500
        case .maintenance: return 503
        case .http(let status): return status
        case .unknown: return nil
        }
    }

    /// A bearer problem: refresh the session once, then log in again.
    public var isAuthenticationFailure: Bool {
        switch self {
        case .authTokenMissing, .authTokenInvalid, .authUnauthorized: return true
        default: return false
        }
    }

    /// The server throttled the request.
    public var isRateLimited: Bool {
        self == .rateLimitExceeded || self == .http(429)
    }

    /// The body was rejected as invalid (resending the same body will fail again).
    public var isValidationFailure: Bool {
        switch self {
        case .transactionValidationFailed, .requiredDataMissing, .validationFailed, .zodValidationFailed, .http(400):
            return true
        default:
            return false
        }
    }
}

extension APIErrorCode: Codable {
    public init(from decoder: any Decoder) throws {
        self.init(rawValue: try decoder.singleValueContainer().decode(String.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
