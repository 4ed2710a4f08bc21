import Foundation
import PulpeCrypto
import PulpeTestSupport

/// What one PIN guess costs someone holding a copy of the disk (decision 102): the
/// client key (PBKDF2-HMAC-SHA256, 600 000 rounds, as the server asks) and then the vault's
/// Argon2id at its standard cost — everything before the wrap's one AES-GCM check. The goal:
/// ≥ 0.5 s and ≥ 64 MiB per guess, so the 10 000 PINs take over 80 minutes of one core.
enum PinGuessProbe {
    static func measure(runs: Int, into samples: inout SampleSet) throws {
        let salt = [UInt8](repeating: 0x5A, count: 16)
        for run in 0..<runs {
            let pin = String(format: "%04d", run)
            let start = Monotonic.now()
            let clientKey = try KeyDerivation.pbkdf2SHA256(password: Array(pin.utf8), salt: salt, iterations: 600_000, byteCount: 32)
            let pbkdf2 = Monotonic.milliseconds(from: start)
            _ = try MemoryHardKDF.argon2id(secret: clientKey, salt: salt, cost: .standard)
            let total = Monotonic.milliseconds(from: start)
            samples.add("pin", "one offline PIN guess: PBKDF2 alone (before)", "ms", pbkdf2)
            samples.add("pin", "one offline PIN guess: PBKDF2 + Argon2id \(MemoryHardKDF.Cost.standard.memoryKiB / 1024) MiB", "ms", total)
        }
    }
}
