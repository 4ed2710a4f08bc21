import Foundation
import PulpeDomain

/// Says why a body could not be decoded without quoting any value from it (a token answer holds
/// secrets, and `DecodingError`'s own text may quote the offending value).
enum ResponseDecodingDescription {
    static func describe(_ error: any Error, body: Data) -> String {
        guard let decodingError = error as? DecodingError else { return "unreadable body (\(body.count) bytes)" }
        func path(_ codingPath: [any CodingKey]) -> String {
            let text = codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
            return text.isEmpty ? "<root>" : text
        }
        switch decodingError {
        case .keyNotFound(let key, let context):
            return "missing key \(path(context.codingPath + [key]))"
        case .typeMismatch(let type, let context):
            return "expected \(type) at \(path(context.codingPath))"
        case .valueNotFound(let type, let context):
            return "null where \(type) expected at \(path(context.codingPath))"
        case .dataCorrupted(let context):
            return context.codingPath.isEmpty ? "not JSON (\(body.count) bytes)" : "invalid value at \(path(context.codingPath))"
        @unknown default:
            return "unreadable body (\(body.count) bytes)"
        }
    }
}
