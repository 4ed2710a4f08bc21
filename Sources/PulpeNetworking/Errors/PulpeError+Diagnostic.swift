import Foundation

extension PulpeError {
    /// One English line for logs: kind, request, status, code, request id, and the transport's own
    /// message. Built only from `ErrorContext`, which never holds tokens, the client key or bodies.
    /// A server's message is left out (decision 100): it may quote what was sent (« Le nom « Loyer »
    /// existe déjà »), and the log is never sealed; the code says the same to whoever reads it.
    ///
    /// Example: `maintenance: GET /api/v1/budgets -> 503 MAINTENANCE (request 1f0c…)`
    public var diagnostic: String {
        var text = kindName
        var request: [String] = []
        if let method = context.method { request.append(method) }
        if let path = context.path { request.append(path) }
        if !request.isEmpty { text += ": " + request.joined(separator: " ") }
        if let status = context.status { text += " -> \(status)" }
        if let code = context.code { text += " \(code)" }
        if let transportCode = context.transportCode { text += " (URLError \(transportCode))" }
        if let retryAfter = context.retryAfter { text += " retry-after \(retryAfter)" }
        if let requestId = context.requestId { text += " (request \(requestId))" }
        // Without a status no server answered: the message is curl's or this client's own.
        if context.status == nil, let message = context.serverMessage { text += " \"\(message)\"" }
        return text
    }

    /// A short stable name of the kind, for logs and metrics.
    public var kindName: String {
        switch kind {
        case .offline(let reason): return "offline(\(reason))"
        case .timeout: return "timeout"
        case .cancelled: return "cancelled"
        case .invalidURL: return "invalidURL"
        case .insecureURL: return "insecureURL"
        case .unauthorized: return "unauthorized"
        case .forbidden(let reason): return "forbidden(\(reason))"
        case .notFound: return "notFound"
        case .conflict(let reason): return "conflict(\(reason))"
        case .rateLimited: return "rateLimited"
        case .validation(_, let fields):
            return fields.isEmpty ? "validation" : "validation(\(fields.map(\.pathText).joined(separator: ",")))"
        case .serverError: return "serverError"
        case .maintenance: return "maintenance"
        case .wrongClientKey: return "wrongClientKey"
        case .invalidCredentials: return "invalidCredentials"
        case .untrustedKeyParameters(let iterations): return "untrustedKeyParameters(\(iterations))"
        case .decoding: return "decoding"
        }
    }
}
