import Foundation

/// The bodies the backend's middlewares send before any route runs — no `success` key (§2, §4).
///
/// Clients read them with `APIErrorBody`; this type exists so the sandbox can send them byte for byte.
public struct MiddlewareErrorBody: Sendable, Hashable, Codable {
    /// The HTTP status, repeated in the body.
    public var statusCode: Int
    /// `MAINTENANCE` or `IP_BLOCKED`.
    public var code: String
    /// The human sentence, sent as is.
    public var message: String

    public init(statusCode: Int, code: String, message: String) {
        self.statusCode = statusCode
        self.code = code
        self.message = message
    }

    /// The maintenance text, with its em dash (U+2014).
    public static let maintenanceMessage = "Application en maintenance \u{2014} réessaie plus tard"

    /// HTTP 503 `{"statusCode":503,"code":"MAINTENANCE","message":"Application en maintenance — réessaie plus tard"}`.
    public static let maintenance = MiddlewareErrorBody(statusCode: 503, code: "MAINTENANCE", message: maintenanceMessage)

    /// HTTP 403 `{"statusCode":403,"code":"IP_BLOCKED","message":"Access denied."}`.
    public static let ipBlocked = MiddlewareErrorBody(statusCode: 403, code: "IP_BLOCKED", message: "Access denied.")

    /// The body with its members in the backend's order (`statusCode`, `code`, `message`), which a
    /// sorted-keys encoder would not keep.
    public var jsonText: String {
        "{\"statusCode\":\(statusCode),\"code\":\(MiddlewareErrorBody.quote(code)),\"message\":\(MiddlewareErrorBody.quote(message))}"
    }

    /// A JSON string literal for `text` (escapes quotes, backslashes and control characters only).
    static func quote(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case let s where s.value < 0x20:
                let hex = String(s.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
