import Foundation
import PulpeDomain

/// A version-4-shaped UUID derived from a text (two FNV-1a 64-bit hashes): stable across runs
/// and machines, so an operation keeps its client id from one import to the next.
public enum ImportId {
    public static func uuid(for text: String) -> String {
        let bytes = Array(text.utf8)
        func fnv(_ seed: UInt64) -> UInt64 {
            var hash = seed
            for byte in bytes {
                hash ^= UInt64(byte)
                hash &*= 0x100_0000_01B3
            }
            return hash
        }
        var high = fnv(0xCBF2_9CE4_8422_2325)
        var low = fnv(0x8422_2325_CBF2_9CE4 ^ UInt64(bytes.count))
        high = (high & 0xFFFF_FFFF_FFFF_0FFF) | 0x0000_0000_0000_4000   // version 4
        low = (low & 0x3FFF_FFFF_FFFF_FFFF) | 0x8000_0000_0000_0000     // variant 10
        let hex = String(format: "%016llx%016llx", high, low)
        let characters = Array(hex)
        func part(_ range: Range<Int>) -> String { String(characters[range]) }
        return [part(0..<8), part(8..<12), part(12..<16), part(16..<20), part(20..<32)].joined(separator: "-")
    }
}
