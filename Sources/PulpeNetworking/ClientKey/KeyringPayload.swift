import Foundation
import PulpeDomain

/// What the keyring holds for a kept key: the key, then the lifetime each use renews
/// (`<64 hex>;ttl=<seconds>`). A bare key (kept before key_ttl existed) renews the default.
struct KeyringPayload: Hashable {
    var key: String
    var ttlSeconds: Int?

    init(key: String, ttlSeconds: Int?) {
        self.key = key
        self.ttlSeconds = ttlSeconds
    }

    init?(text: String) {
        let parts = text.split(separator: ";", maxSplits: 1).map(String.init)
        guard let first = parts.first else { return nil }
        key = first
        if parts.count == 2 {
            guard parts[1].hasPrefix("ttl="), let ttl = Int(parts[1].dropFirst(4)), ttl > 0 else { return nil }
            ttlSeconds = ttl
        }
    }

    var text: String { ttlSeconds.map { "\(key);ttl=\($0)" } ?? key }
}
