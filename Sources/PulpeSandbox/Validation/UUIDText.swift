import Foundation

/// UUID text rules, written out so they match the backend's validators exactly.
enum UUIDText {
    /// Nest's `ParseUUIDPipe` (path parameters): 8-4-4-4-12 hex digits, any version, either case.
    static func isShaped(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count == 36 else { return false }
        for (index, byte) in bytes.enumerated() {
            if index == 8 || index == 13 || index == 18 || index == 23 {
                guard byte == UInt8(ascii: "-") else { return false }
            } else if !isHex(byte) {
                return false
            }
        }
        return true
    }

    /// Zod's `z.uuid()` (bodies): RFC 9562 version 1–8 with the RFC variant, or the nil / max UUID.
    static func isRFC(_ text: String) -> Bool {
        guard isShaped(text) else { return false }
        let lower = text.lowercased()
        if lower == "00000000-0000-0000-0000-000000000000" || lower == "ffffffff-ffff-ffff-ffff-ffffffffffff" { return true }
        let bytes = Array(lower.utf8)
        let version = bytes[14], variant = bytes[19]
        return (UInt8(ascii: "1")...UInt8(ascii: "8")).contains(version)
            && [UInt8(ascii: "8"), UInt8(ascii: "9"), UInt8(ascii: "a"), UInt8(ascii: "b")].contains(variant)
    }

    /// A lowercase version-4 UUID: the only `X-Request-Id` the server echoes.
    static func isLowercaseV4(_ text: String) -> Bool {
        isRFC(text) && text == text.lowercased() && Array(text.utf8)[14] == UInt8(ascii: "4")
    }

    /// A fresh random id, lowercase (the form the backend writes ids in).
    static func random() -> String {
        UUID().uuidString.lowercased()
    }

    private static func isHex(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x61...0x66).contains(byte) || (0x41...0x46).contains(byte)
    }
}
