import Foundation
import PulpeCrypto
import Testing

/// The process may exit while another thread still hashes: the TUI returns from `main` while the
/// start's key check can still be running. libcrypto must not tear itself down at `exit()` under
/// that thread (decision 70: CI saw `pulpe-app` die with SIGSEGV at quit, about once in a hundred).
@Suite struct ExitWhileHashingTests {
    /// In a child process: a thread starts hashing (its first digest loads libcrypto's providers
    /// and name tables), and `exit(0)` runs the exit handlers 0–2 ms later. With libcrypto's
    /// `OPENSSL_cleanup()` among them about one child in thirty died with SIGSEGV: 2 to 7 of these
    /// 200 in every run before the fix, none in 600 after (~4 s).
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
            // The thread's first digest loads libcrypto's providers and name tables: exit while it does.
            usleep(UInt32.random(in: 0...2_000))
            exit(0)
        }
    }
}
