import Foundation
import Glibc
import PulpeStatusLine
import Synchronization
import Testing

/// A stand-in for the key agent (decision 103) that answers `has` from a fixed table, in a
/// private folder of its own: the launcher's side is tested without the app.
final class FakeAgent: Sendable {
    let folder: String
    let socket: String
    private let listening: Int32
    private let state = Mutex<(requests: [String], stopped: Bool)>(([], false))

    init(entries: [String: UInt64]) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("pulpe-agent-\(UUID().uuidString.prefix(8))").path
        socket = folder + "/agent.sock"
        #expect(mkdir(folder, 0o700) == 0)
        listening = UnixSocket.make()
        try #require(UnixSocket.bind(listening, to: socket) == 0 && listen(listening, 4) == 0)
        Thread.detachNewThread { [self] in
            while true {
                let connection = accept(self.listening, nil, nil)
                guard connection >= 0 else { return }
                if self.state.withLock({ $0.stopped }) {
                    close(connection)
                    return
                }
                let line = UnixSocket.readLine(connection, limit: 4096).map { String(decoding: $0, as: UTF8.self) } ?? ""
                self.state.withLock { $0.requests.append(line) }
                let entry = line.hasPrefix("has ") ? String(line.dropFirst(4)) : ""
                let reply = entries[entry].map { "yes \($0)" } ?? "none"
                _ = UnixSocket.writeAll(connection, Array((reply + "\n").utf8))
                close(connection)
            }
        }
    }

    var requests: [String] { state.withLock { $0.requests } }

    /// Stops answering and removes the socket (idempotent).
    func stop() {
        let first = state.withLock { state in
            defer { state.stopped = true }
            return !state.stopped
        }
        guard first else { return }
        if let wake = UnixSocket.connect(to: socket) { close(wake) }
        unlink(socket)
        close(listening)
        rmdir(folder)
    }
}
