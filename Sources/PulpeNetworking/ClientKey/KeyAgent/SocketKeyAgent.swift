import Foundation
import PulpeStatusLine
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The key agent behind its socket (decision 103). A `keep` that finds no agent starts one —
/// `pulpe-app key-agent --socket PATH`, which returns once the socket answers — and asks again;
/// every other request only asks (no agent: nothing is kept). Without `executable` (a process
/// that is not `pulpe-app`, such as a test bundle) it never starts one.
public struct SocketKeyAgent: KeyAgentLink {
    public let client: KeyAgentClient
    /// `pulpe-app`, which starts the agent; nil: never start one.
    public let executable: String?

    public init(socket: String, executable: String?) {
        client = KeyAgentClient(socket: socket)
        self.executable = executable
    }

    /// The agent of the state whose kept-key file is `keptKeysFile`, started from this process's
    /// own executable when it is `pulpe-app`.
    public static func forState(keptKeysFile: URL, environment: [String: String]) -> SocketKeyAgent {
        let executable = KeyAgentServer.ownExecutable().flatMap { $0.hasSuffix("/pulpe-app") ? $0 : nil }
        return SocketKeyAgent(socket: KeyAgentPaths.socket(environment: environment, keptKeysPath: keptKeysFile.path),
                              executable: executable)
    }

    public var socket: String? { client.socket }

    public func keep(entry: String, payload: String, ttlSeconds: Int) -> UInt64? {
        if let serial = client.keep(entry: entry, payload: payload, ttlSeconds: ttlSeconds) { return serial }
        guard startAgent() else { return nil }
        return client.keep(entry: entry, payload: payload, ttlSeconds: ttlSeconds)
    }

    public func payload(entry: String, renewing: Bool) -> String? {
        client.payload(entry: entry, renewing: renewing)
    }

    public func serial(entry: String) -> UInt64? {
        client.serial(ofEntryHex: KeyAgentWire.hex(entry))
    }

    @discardableResult
    public func forget(entry: String) -> Bool {
        client.forget(entry: entry)
    }

    /// Asks the agent to forget everything and exit (tests' teardown, `pulpe forget`).
    @discardableResult
    public func stop() -> Bool {
        client.exchange("stop") == "ok"
    }

    /// Runs the starter and waits for it: when it returns, an agent listens (or none can).
    private func startAgent() -> Bool {
        guard let executable,
              let pid = KeyAgentServer.spawn(executable, [KeyAgentServer.command, "--socket", client.socket]) else { return false }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        return true
    }
}
