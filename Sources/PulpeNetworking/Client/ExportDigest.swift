import Foundation
import PulpeCrypto

/// What the whole account's export says, as one SHA-256 (issue 61): its body with the value of
/// `exportDate` left out — the real backend stamps it with `new Date()` at every call
/// (`budget.mapper.ts`), so the body and Express's ETag change even when nothing else did, and an
/// `If-None-Match` never earns a 304. Equal digests: the same account, nothing to decode or write.
/// `"exportDate":"` cannot occur inside a JSON string (its quotes would be escaped), so the first
/// one is the key's.
public enum ExportDigest {
    public static func of(_ body: Data) -> String? {
        let key = Array(#""exportDate":""#.utf8)
        var bytes = [UInt8](body)
        if let start = bytes.firstRange(of: key)?.upperBound, let end = bytes[start...].firstIndex(of: UInt8(ascii: "\"")) {
            bytes.removeSubrange(start..<end)
        }
        return KeyDerivation.sha256Hex(bytes)
    }
}
