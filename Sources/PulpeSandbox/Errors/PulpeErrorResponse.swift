import Foundation
import Hummingbird
import PulpeDomain

/// Renders an `APIError` as the backend's global-filter envelope:
/// `{success:false, statusCode, timestamp, path, method, message, error, code, context:{requestId}, details?}`.
enum PulpeErrorResponse {
    static func response(for error: APIError, request: Request, requestId: String, now: Date) -> Response {
        let body = APIErrorBody(success: false, statusCode: error.status, timestamp: timestamp(now),
                                path: request.uri.string, method: request.method.rawValue, message: error.message,
                                error: error.errorName, code: error.code, requestId: requestId, details: error.details)
        var response = JSONResponse.encoded(body, status: error.status)
        if let retryAfter = error.retryAfterSeconds {
            response.headers[.retryAfter] = String(retryAfter)
        }
        return response
    }

    /// JavaScript's `toISOString()`: milliseconds and `Z`, which is what the backend's filter writes.
    static func timestamp(_ date: Date) -> String {
        let text = PulpeDate.format(date, fractionDigits: 3)
        return text.hasSuffix("+00:00") ? String(text.dropLast(6)) + "Z" : text
    }
}
