import Foundation

/// `X-Request-Id` values: a lowercase UUID v4 per request (docs/contract.md §1). The server echoes a
/// valid one, so a failure in our log and in the server's log share the same id.
enum RequestIdentifier {
    static func make() -> String {
        UUID().uuidString.lowercased()
    }
}
