import Foundation
import PulpeCrypto
import Testing

/// The process may exit while another thread still hashes: the TUI returns from `main` while the
/// start's key check can still be running. libcrypto must not tear itself down at `exit()` under
/// that thread (decision 70: CI saw `pulpe-app` die with SIGSEGV at quit, about once in a hundred).
@Suite struct ExitWhileHashingTests {
    /// In a child process: a thread starts hashing (its first digest loads libcrypto's providers
    /// and name tables), and `exit(0)` runs the exit handlers after up to a few ms of work. With
    /// libcrypto's `OPENSSL_cleanup()` among them, 5 and 16 of these 200 died with SIGSEGV in two
    /// runs before the fix; none of 600 after (~3 s).
    @Test(arguments: 0..<200)
    func exitingWhileAThreadHashesIsAClean0(_ round: Int) async {
        await #expect(processExitsWith: .success) {
            let hashing = Thread {
                var input = [UInt8](repeating: 7, count: 64)
                while true {
                    input[0] &+= 1
                    _ = KeyDerivation.sha256Hex(input)
                }
            }
            hashing.start()
            // The thread's first digest loads libcrypto's providers and name tables: exit while it
            // does, after a random amount of work (not of time) so the moment varies.
            var spin = 0
            for step in 0..<Int.random(in: 0...400_000) { spin &+= step }
            exit(spin == -1 ? 1 : 0)
        }
    }
}
