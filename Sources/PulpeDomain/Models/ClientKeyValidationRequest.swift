import Foundation

/// Body of `POST /api/v1/encryption/validate-key`: `{"clientKey":"<64 hex>"}`.
public struct ClientKeyValidationRequest: Sendable, Hashable, Codable {
    public var clientKey: String

    public init(clientKey: String) {
        self.clientKey = clientKey
    }

    /// The server's rule for the `X-Client-Key` header: 64 hex characters, not all zeros.
    public static func isWellFormed(_ key: String) -> Bool {
        key.utf8.count == 64
            && key.utf8.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x61 && $0 <= 0x66) || ($0 >= 0x41 && $0 <= 0x46) }
            && key.utf8.contains { $0 != 0x30 }
    }
}
