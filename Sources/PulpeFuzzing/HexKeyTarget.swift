import Foundation
import PulpeCrypto
import PulpeNetworking

/// Hex text ↔ bytes (salts, client keys) and the client-key rule (`ClientKey.bytes(ofKeyHex:)`).
enum HexKeyTarget {
    static let target = FuzzTarget(name: "hex-key",
                                   feeds: "any text as hex and as a client key (`Hex.decode`, `ClientKey.bytes(ofKeyHex:)`, `KeptClientKeys.wellFormed`)",
                                   run: run)

    static func run(_ data: Data) throws(FuzzViolation) {
        let text = data.lossyText
        if let bytes = Hex.decode(text) {
            try check(bytes.count * 2 == text.utf8.count, "\(text.utf8.count) hex digits gave \(bytes.count) bytes")
            try check(Hex.encode(bytes) == text.lowercased(), "Hex.encode ∘ decode is not lowercase identity for \(text)")
        }
        // Any bytes survive encode then decode.
        let raw = Array(data)
        try check(Hex.decode(Hex.encode(raw)) == raw, "Hex.decode ∘ encode lost bytes")

        if let key = ClientKey.bytes(ofKeyHex: text) {
            try check(key.count == ClientKey.byteCount, "a key of \(key.count) bytes")
            try check(key.contains { $0 != 0 }, "an all-zero key accepted")
            let fingerprint = ClientKey.fingerprint(ofKeyHex: text)
            try check(fingerprint?.utf8.count == 64, "fingerprint \(String(describing: fingerprint))")
            try check(fingerprint == ClientKey.fingerprint(ofKeyHex: text.uppercased()), "fingerprint depends on case")
        }
        if let kept = KeptClientKeys.wellFormed(text) {
            try check(kept.utf8.count == 64 && kept == kept.lowercased() && Hex.decode(kept)?.count == 32,
                      "a kept key that is not 64 lowercase hex: \(kept)")
        }
    }
}
