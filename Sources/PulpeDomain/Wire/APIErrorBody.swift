import Foundation

/// An error body from the backend (§2), tolerant of every shape the client meets:
/// the global exception filter (`success:false`, `statusCode`, `timestamp`, `path`, `method`,
/// `message`, `error`, `code`, `context.requestId`, `details`), the middleware bodies without a
/// `success` key (maintenance, `IP_BLOCKED`), and framework errors.
///
/// Decoding never fails on a JSON object: every member is optional and a member of an unexpected
/// type is dropped, because an unreadable error body must not hide the HTTP status behind it.
public struct APIErrorBody: Sendable, Hashable {
    /// `false` on the global filter's bodies; absent on middleware bodies.
    public var success: Bool?
    /// The HTTP status the server says it sent.
    public var statusCode: Int?
    /// The server's timestamp text, verbatim (see `date`).
    public var timestamp: String?
    /// The request path, e.g. `/api/v1/transactions`.
    public var path: String?
    /// The request method, e.g. `POST`.
    public var method: String?
    /// A string, or an object for validation failures.
    public var message: APIErrorMessage?
    /// The exception class name, e.g. `BusinessException`.
    public var error: String?
    /// The wire code, verbatim (see `errorCode`).
    public var code: String?
    /// `context.requestId`: log it with the failure.
    public var requestId: String?
    /// Free-form `details`, kept as raw JSON.
    public var details: JSONValue?

    public init(success: Bool? = nil, statusCode: Int? = nil, timestamp: String? = nil, path: String? = nil,
                method: String? = nil, message: APIErrorMessage? = nil, error: String? = nil, code: String? = nil,
                requestId: String? = nil, details: JSONValue? = nil) {
        self.success = success
        self.statusCode = statusCode
        self.timestamp = timestamp
        self.path = path
        self.method = method
        self.message = message
        self.error = error
        self.code = code
        self.requestId = requestId
        self.details = details
    }

    /// `code` as an `APIErrorCode`; `nil` when the body has no code.
    public var errorCode: APIErrorCode? { code.map(APIErrorCode.init(rawValue:)) }

    /// The best human-readable message: the string message, or the object's `message`, or the first
    /// validation error's message.
    public var messageText: String? { message?.text }

    /// The validation issues of an object message; empty otherwise.
    public var validationErrors: [ValidationIssue] { message?.issues ?? [] }

    /// `timestamp` parsed; `nil` when absent or malformed.
    public var date: Date? { timestamp.flatMap(PulpeDate.parse) }

    /// Reads an error body; `nil` when `data` is not a JSON object (HTML error page, empty body, …).
    public static func decode(from data: Data) -> APIErrorBody? {
        guard PulpeJSON.object(from: data) != nil else { return nil }
        return try? JSONDecoder().decode(APIErrorBody.self, from: data)
    }

    /// Whether a response means "the service is in maintenance" (§4): HTTP 503 **and** a JSON body whose
    /// `code` is `MAINTENANCE`, whatever else the body holds. A 503 without that code is an ordinary
    /// server error.
    public static func isMaintenance(status: Int, body: Data) -> Bool {
        guard status == 503, let object = PulpeJSON.object(from: body) else { return false }
        return object["code"]?.stringValue == APIErrorCode.maintenance.rawValue
    }

    /// Same rule for an already-decoded body.
    public static func isMaintenance(status: Int, body: APIErrorBody?) -> Bool {
        status == 503 && body?.code == APIErrorCode.maintenance.rawValue
    }
}

extension APIErrorBody: Codable {
    private enum CodingKeys: String, CodingKey {
        case success, statusCode, timestamp, path, method, message, error, code, context, details
    }

    private enum ContextKeys: String, CodingKey { case requestId }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        success = try? c.decodeIfPresent(Bool.self, forKey: .success)
        statusCode = try? c.decodeIfPresent(Int.self, forKey: .statusCode)
        timestamp = try? c.decodeIfPresent(String.self, forKey: .timestamp)
        path = try? c.decodeIfPresent(String.self, forKey: .path)
        method = try? c.decodeIfPresent(String.self, forKey: .method)
        message = try? c.decodeIfPresent(APIErrorMessage.self, forKey: .message)
        error = try? c.decodeIfPresent(String.self, forKey: .error)
        code = try? c.decodeIfPresent(String.self, forKey: .code)
        if let context = try? c.nestedContainer(keyedBy: ContextKeys.self, forKey: .context) {
            requestId = try? context.decodeIfPresent(String.self, forKey: .requestId)
        }
        details = try? c.decodeIfPresent(JSONValue.self, forKey: .details)
    }

    /// Writes only the members that are set (the sandbox builds both filter and middleware bodies).
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encodeIfPresent(success, forKey: .success)
        try c.encodeIfPresent(statusCode, forKey: .statusCode)
        try c.encodeIfPresent(timestamp, forKey: .timestamp)
        try c.encodeIfPresent(path, forKey: .path)
        try c.encodeIfPresent(method, forKey: .method)
        try c.encodeIfPresent(message, forKey: .message)
        try c.encodeIfPresent(error, forKey: .error)
        try c.encodeIfPresent(code, forKey: .code)
        if let requestId {
            var context = c.nestedContainer(keyedBy: ContextKeys.self, forKey: .context)
            try context.encode(requestId, forKey: .requestId)
        }
        try c.encodeIfPresent(details, forKey: .details)
    }
}
