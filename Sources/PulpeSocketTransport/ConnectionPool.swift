import Synchronization

/// Connections kept open between requests, by endpoint, so a start's burst of requests (and a TLS
/// server's handshake) costs one connection rather than one each.
///
/// A connection idle for `maxIdle` is closed rather than reused: servers close idle connections on
/// their own clock (Node's default is 5 s), and a request written just as the server closes would
/// fail as `connectionLost` although nothing was wrong. Four seconds stays under the usual ones.
final class ConnectionPool: Sendable {
    static let maxIdle: Duration = .seconds(4)
    static let maxIdlePerEndpoint = 4

    private struct State {
        var idle: [Endpoint: [Connection]] = [:]
        var shutDown = false
    }

    private let state = Mutex(State())

    /// An idle connection to `endpoint` still fit to carry a request, if one is kept.
    func take(_ endpoint: Endpoint) -> Connection? {
        let now = ContinuousClock.now
        while let connection = state.withLock({ $0.idle[endpoint]?.popLast() }) {
            if now - connection.idleSince < Self.maxIdle, connection.isReusable { return connection }
            connection.close()
        }
        return nil
    }

    /// Keeps `connection` for the next request (or closes it when the pool is full or shut down).
    func put(_ connection: Connection) {
        connection.idleSince = .now
        let refused = state.withLock { state -> Bool in
            guard !state.shutDown, state.idle[connection.endpoint, default: []].count < Self.maxIdlePerEndpoint else { return true }
            state.idle[connection.endpoint, default: []].append(connection)
            return false
        }
        if refused { connection.close() }
    }

    /// Closes every idle connection; connections in use are closed when their exchange ends.
    func shutDown() {
        let idle = state.withLock { state -> [Connection] in
            state.shutDown = true
            defer { state.idle = [:] }
            return state.idle.values.flatMap { $0 }
        }
        idle.forEach { $0.close() }
    }

    var isShutDown: Bool { state.withLock { $0.shutDown } }
}
