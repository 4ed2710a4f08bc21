import Foundation

/// Debian's `tinyproxy` on loopback, started by a test (decision 86): a real HTTP proxy whose log
/// says every tunnel it opened. `refusing`: it answers every client `403` (its `Allow` names
/// another address), as a company proxy refuses an unknown machine.
public final class TinyProxy {
    public let port: Int
    private let directory: TemporaryDirectory
    private let process = Process()

    /// Where tinyproxy is installed (`make test-deps` installs it).
    public static let path = "/usr/bin/tinyproxy"

    /// `port`: the port of a proxy stopped before (it comes back where the app expects it).
    public init(refusing: Bool = false, port: Int? = nil) throws {
        guard FileManager.default.isExecutableFile(atPath: Self.path) else {
            throw PTYError.notExecutable(Self.path + " (tinyproxy: make test-deps installs it)")
        }
        self.port = port ?? SandboxProcess.freePort()
        directory = try TemporaryDirectory(prefix: "pulpe-tinyproxy")
        let config = """
        Port \(self.port)
        Listen 127.0.0.1
        Timeout 30
        LogFile "\(directory.path)/log"
        LogLevel Connect
        PidFile "\(directory.path)/pid"
        MaxClients 20
        Allow \(refusing ? "10.255.255.254" : "127.0.0.1")
        """
        try config.write(toFile: directory.path + "/conf", atomically: true, encoding: .utf8)
        process.executableURL = URL(fileURLWithPath: Self.path)
        process.arguments = ["-d", "-c", directory.path + "/conf"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Listening once a connection is accepted.
        let deadline = Date().addingTimeInterval(10)
        while !Self.accepts(self.port), Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
    }

    /// `http://127.0.0.1:PORT`, for `HTTPS_PROXY` and the rest.
    public var url: String { "http://127.0.0.1:\(port)" }

    /// The tunnels opened so far (`CONNECT host:port` lines of its log).
    public var tunnels: [String] {
        let log = (try? String(contentsOfFile: directory.path + "/log", encoding: .utf8)) ?? ""
        return log.split(separator: "\n").compactMap { line in
            guard let range = line.range(of: "Request (file descriptor ") else { return nil }
            let rest = line[range.upperBound...]
            guard let colon = rest.range(of: "): CONNECT ") else { return nil }
            return String(rest[colon.upperBound...]).replacingOccurrences(of: " HTTP/1.1", with: "")
        }
    }

    public func stop() {
        guard process.isRunning else { return }
        // SIGTERM waits for open tunnels to time out (its `Timeout`): a test has no use for that.
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    deinit {
        stop()
        directory.remove()
    }

    private static func accepts(_ port: Int) -> Bool {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        } == 0
    }
}
