#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import PulpeCrypto

/// What the whole account's export says, as one SHA-256 (issue 61, decision 117): its body with
/// the value of `exportDate` left out — the real backend stamps it with `new Date()` at every call
/// (`budget.mapper.ts`), so the body and Express's ETag change even when nothing else did, and an
/// `If-None-Match` never earns a 304. Equal digests: the same account, nothing to decode or write.
/// `"exportDate":"` cannot occur inside a JSON string (its quotes would be escaped), so the first
/// one is the key's. Found with `memchr` and `memcmp` (a generic search over 27 MB took longer than the decode).
public enum ExportDigest {
    static let key = Array(#""exportDate":""#.utf8)

    public static func of(_ body: Data) -> String? {
        var bytes = [UInt8](body)
        let cut: Range<Int>? = bytes.withUnsafeBytes { raw -> Range<Int>? in
            guard let base = raw.baseAddress, let found = find(key, in: raw) else { return nil }
            let start = found + key.count
            guard start < raw.count,
                  let quote = memchr(base + start, Int32(UInt8(ascii: "\"")), raw.count - start) else { return nil }
            return start..<base.distance(to: UnsafeRawPointer(quote))
        }
        if let cut { bytes.removeSubrange(cut) }
        return KeyDerivation.sha256Hex(bytes)
    }

    /// The offset of `needle` in `haystack`: each quote `memchr` finds, compared with `memcmp`.
    static func find(_ needle: [UInt8], in haystack: UnsafeRawBufferPointer) -> Int? {
        guard let base = haystack.baseAddress, let first = needle.first else { return nil }
        var offset = 0
        while offset + needle.count <= haystack.count {
            guard let hit = memchr(base + offset, Int32(first), haystack.count - offset) else { return nil }
            let at = base.distance(to: UnsafeRawPointer(hit))
            guard at + needle.count <= haystack.count else { return nil }
            if needle.withUnsafeBytes({ memcmp(base + at, $0.baseAddress!, needle.count) }) == 0 { return at }
            offset = at + 1
        }
        return nil
    }
}
