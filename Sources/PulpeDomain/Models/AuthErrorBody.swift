import Foundation

/// A GoTrue error answer. Older servers: `{"error":"invalid_grant","error_description":"…"}`;
/// newer ones add or use `code` / `error_code` / `msg` (and `code` may be a number there).
public struct AuthErrorBody: Sendable, Hashable {
    /// OAuth-style error, e.g. `invalid_grant`.
    public var error: String?
    /// `error_description`, e.g. `Invalid login credentials`.
    public var errorDescription: String?
    /// `code` when it is a string (e.g. `invalid_credentials`), else `error_code`.
    public var errorCode: String?
    /// The newer servers' message member.
    public var msg: String?

    public init(error: String? = nil, errorDescription: String? = nil, errorCode: String? = nil, msg: String? = nil) {
        self.error = error
        self.errorDescription = errorDescription
        self.errorCode = errorCode
        self.msg = msg
    }

    /// Wrong email or password (either spelling).
    public var isInvalidCredentials: Bool {
        error == "invalid_grant" || errorCode == "invalid_credentials"
    }

    /// The server's explanation, whichever member holds it.
    public var messageText: String? { errorDescription ?? msg ?? error }

    /// The body the sandbox answers for bad credentials (HTTP 400).
    public static let invalidCredentials = AuthErrorBody(error: "invalid_grant", errorDescription: "Invalid login credentials",
                                                         errorCode: "invalid_credentials")
}

extension AuthErrorBody: Codable {
    enum CodingKeys: String, CodingKey {
        case error, code, msg
        case errorDescription = "error_description"
        case errorCodeKey = "error_code"
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        error = try? c.decodeIfPresent(String.self, forKey: .error)
        errorDescription = try? c.decodeIfPresent(String.self, forKey: .errorDescription)
        msg = try? c.decodeIfPresent(String.self, forKey: .msg)
        let code = try? c.decodeIfPresent(String.self, forKey: .code)
        errorCode = code ?? (try? c.decodeIfPresent(String.self, forKey: .errorCodeKey))
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encodeIfPresent(error, forKey: .error)
        try c.encodeIfPresent(errorDescription, forKey: .errorDescription)
        try c.encodeIfPresent(errorCode, forKey: .code)
        try c.encodeIfPresent(msg, forKey: .msg)
    }
}
