import Foundation
import PulpeDomain

/// The error bodies on their own: the backend's filter and middleware shapes (`APIErrorBody`,
/// `MiddlewareErrorBody`) and the auth server's (`AuthErrorBody`).
enum ErrorBodyTarget {
    static let target = FuzzTarget(name: "error-body",
                                   feeds: "any bytes as `APIErrorBody`, `MiddlewareErrorBody` and `AuthErrorBody`",
                                   run: run)

    static func run(_ data: Data) throws(FuzzViolation) {
        let object = PulpeJSON.object(from: data)
        let body = APIErrorBody.decode(from: data)
        // Tolerant by promise: any JSON object reads, whatever its members hold.
        try check((body != nil) == (object != nil), "APIErrorBody.decode: object \(object != nil), body \(body != nil)")
        if let body {
            try RoundTrip.json(body, "APIErrorBody")
            try check(body.errorCode.map { APIErrorCode(rawValue: $0.rawValue) == $0 } ?? true,
                      "error code does not survive its own spelling: \(String(describing: body.code))")
            _ = (body.messageText, body.validationErrors.map(\.pathText), body.date)
            for status in [400, 401, 403, 404, 429, 500, 503] {
                try check(APIErrorBody.isMaintenance(status: status, body: data) == APIErrorBody.isMaintenance(status: status, body: body),
                          "the two maintenance rules disagree at \(status)")
            }
        }
        if let middleware = try? PulpeJSON.decode(MiddlewareErrorBody.self, from: data) {
            try RoundTrip.json(middleware, "MiddlewareErrorBody")
        }
        if let auth = try? JSONDecoder().decode(AuthErrorBody.self, from: data) {
            try RoundTrip.json(auth, "AuthErrorBody")
            _ = (auth.isInvalidCredentials, auth.messageText)
        }
    }
}
