import Foundation
import PulpeNetworking
import PulpeStatusLine

/// A test's view of a home's key agent (decision 103), as the home's own pulpe finds it: the
/// socket `PTYEnvironment.standard` puts under `<home>/.run` (its `XDG_RUNTIME_DIR`), named after
/// the home's state folder — so parallel tests never share one — the keys it holds for the home's
/// saved sessions, and the agent's process. Removing the home removes the socket, and an agent
/// whose socket is gone exits within a second; `stop` ends it at once.
enum HomeKeyAgent {
    static func socket(home: String) -> String {
        KeyAgentPaths.socket(environment: ["XDG_RUNTIME_DIR": home + "/.run"],
                             keptKeysPath: home + "/.local/state/pulpe/client-keys.json")
    }

    static func link(home: String) -> SocketKeyAgent { SocketKeyAgent(socket: socket(home: home), executable: nil) }

    /// The client keys the agent holds for the accounts saved in the home (not a use).
    static func clientKeys(home: String) -> [String] {
        let path = home + "/.local/state/pulpe/session.json"
        guard let data = FileManager.default.contents(atPath: path),
              let servers = (try? JSONSerialization.jsonObject(with: data) as? [String: Any])?["servers"] as? [String: Any]
        else { return [] }
        let store = SessionStore(fileURL: URL(fileURLWithPath: path))
        let keys = KeptClientKeys(fileURL: URL(fileURLWithPath: home + "/.local/state/pulpe/client-keys.json"), keyring: nil,
                                  agent: link(home: home))
        return servers.keys.compactMap { server in
            (try? store.load(server: server)).flatMap { keys.peek(server: server, userId: $0.info.userId) }
        }
    }

    /// The pids of live (not zombie) `pulpe-app key-agent` processes serving this home's socket.
    static func processes(home: String) -> [Int32] {
        let socket = socket(home: home)
        let pids = (try? FileManager.default.contentsOfDirectory(atPath: "/proc"))?.compactMap { Int32($0) } ?? []
        return pids.filter { pid in
            guard let raw = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") else { return false }
            let arguments = raw.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
            guard arguments.count >= 4, arguments[1] == "key-agent", arguments[3] == socket else { return false }
            let stat = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
            let state = stat.split(separator: ")").last?.split(separator: " ").first
            return state != "Z" && state != "X"
        }
    }

    /// Waits up to `timeout` seconds for the home's agent to be gone.
    static func waitGone(home: String, timeout: Double = 5) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if processes(home: home).isEmpty { return true }
            usleep(50_000)
        }
        return processes(home: home).isEmpty
    }

    /// Ends the home's agent (teardown): `stop` on its socket, then SIGTERM to any left.
    static func stop(home: String) {
        link(home: home).stop()
        if !waitGone(home: home, timeout: 1) {
            for pid in processes(home: home) { kill(pid, SIGTERM) }
        }
    }
}
