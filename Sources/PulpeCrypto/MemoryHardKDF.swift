import CArgon2

/// Argon2id (RFC 9106) from the system's libargon2, opened on first use: what makes one offline
/// guess of a 4-digit PIN cost ≥ 0.5 s and ≥ 64 MiB on a copy of the disk (decision 102).
/// PBKDF2 alone (the client key, §5 of the contract) costs 0.14 s on one core and nothing on a GPU.
public enum MemoryHardKDF {
    /// How hard one derivation is: what a vault records beside its salt, so a file made with one
    /// cost still opens after the default changes.
    public struct Cost: Codable, Hashable, Sendable {
        /// Memory in KiB (`m`).
        public var memoryKiB: Int
        /// Passes over the memory (`t`).
        public var iterations: Int
        /// Lanes (`p`); the work is done on one thread whatever the lanes.
        public var lanes: Int

        public init(memoryKiB: Int, iterations: Int, lanes: Int) {
            self.memoryKiB = memoryKiB
            self.iterations = iterations
            self.lanes = lanes
        }

        /// 64 MiB, 16 passes: ≥ 0.5 s on one core of this machine (measured by `make bench`,
        /// release, quiet: the « offline PIN guess » line).
        public static let standard = Cost(memoryKiB: 64 * 1024, iterations: 16, lanes: 1)

        /// A cost a hostile or damaged file cannot turn into a denial of service (or a trivial one).
        public var isAcceptable: Bool {
            (8...(1 << 21)).contains(memoryKiB) && (1...64).contains(iterations) && (1...8).contains(lanes)
                && memoryKiB >= 8 * lanes
        }
    }

    /// Argon2id of `secret` with `salt` (≥ 8 bytes), 32 bytes out.
    ///
    /// - Throws: `ClientKeyError.invalidParameters` for a cost outside `Cost.isAcceptable` or a
    ///   short salt, `.cryptoUnavailable` without libargon2.
    public static func argon2id(secret: [UInt8], salt: [UInt8], cost: Cost) throws(ClientKeyError) -> [UInt8] {
        guard cost.isAcceptable, salt.count >= 8, !secret.isEmpty else { throw .invalidParameters }
        var out = [UInt8](repeating: 0, count: 32)
        let status = secret.withUnsafeBytes { secret in
            salt.withUnsafeBytes { salt in
                out.withUnsafeMutableBytes { out in
                    cargon2_id_raw(UInt32(cost.iterations), UInt32(cost.memoryKiB), UInt32(cost.lanes), secret.baseAddress,
                                   secret.count, salt.baseAddress, salt.count, out.baseAddress, out.count)
                }
            }
        }
        guard status != -1000 else { throw .cryptoUnavailable }
        guard status == 0 else { throw .invalidParameters }
        return out
    }
}
