import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Who holds an outbox claim: this host, this process id, and a nonce for this run (a recycled
/// pid is not the same process). A claim left by a process of this host that no longer exists is
/// taken over at once — a `kill -9` mid-send costs no wait; other claims wait for their timeout.
struct OutboxOwner: Sendable, Hashable {
    let host: String
    let pid: Int32
    let nonce: String

    static let current = OutboxOwner(host: ProcessInfo.processInfo.hostName, pid: getpid(),
                                      nonce: String(UUID().uuidString.prefix(8)).lowercased())

    /// As stored in the outbox: `host/pid/nonce`.
    var token: String { "\(host)/\(pid)/\(nonce)" }

    /// Whether the process that wrote `token` may still be running.
    static func isAlive(_ token: String) -> Bool {
        let parts = token.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 3, let pid = Int32(parts[1]), pid > 0 else { return true }
        if token == current.token { return true }
        guard String(parts[0]) == current.host else { return true }   // another machine: trust the timeout
        if pid == current.pid { return false }                          // this pid, another run: gone
        return kill(pid, 0) == 0 || errno == EPERM
    }
}
