import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The real `pulpe-server` binary, started on a known port for end-to-end tests and benchmarks
/// that need to stop, start, slow down or switch the server behind the app's back.
public final class SandboxProcess {
    public let port: Int
    private let process = Process()

    public var apiURL: String { "http://127.0.0.1:\(port)/api/v1" }

    /// Starts the server on `port` (in memory, or on `dataDir` so a restart keeps what it holds,
    /// plus `arguments`) and waits for its listening line.
    public init(port: Int, maintenance: Bool = false, dataDir: String? = nil, arguments: [String] = [],
                binary: String = BinaryLocator.path(of: "pulpe-server")) throws {
        self.port = port
        process.executableURL = URL(fileURLWithPath: binary)
        let storage = dataDir.map { ["--data-dir", $0] } ?? ["--in-memory"]
        process.arguments = ["--port", "\(port)"] + storage + arguments
        var environment = ["PATH": "/usr/bin:/bin", "SWIFT_BACKTRACE": "interactive=no,color=no"]
        if maintenance { environment["MAINTENANCE_MODE"] = "true" }
        process.environment = PTYEnvironment.anchoring(environment)
        let output = Pipe()
        process.standardOutput = output
        // What the server says when it does not start is kept for the error (seen once in a full
        // end-to-end run: an empty line, and nothing else to go on).
        let errors = FileManager.default.temporaryDirectory.appendingPathComponent("pulpe-server-\(port)-\(getpid()).err")
        _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: errors) }
        process.standardError = try FileHandle(forWritingTo: errors)
        try process.run()
        let line = Self.readLine(output.fileHandleForReading)
        guard line.hasPrefix("listening on http://127.0.0.1:") else {
            process.terminate()
            process.waitUntilExit()
            let said = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
            throw SandboxProcessError.didNotStart(line + " | exit \(process.terminationStatus) | " + String(said.suffix(2000)))
        }
    }

    deinit { stop() }

    public func stop() {
        guard process.isRunning else { return }
        process.terminate()
        process.waitUntilExit()
    }

    /// Kills the server without warning (SIGKILL), as a crash or a power cut would.
    public func kill() {
        guard process.isRunning else { return }
        Foundation.kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// What the server holds for `email` (loopback-only admin listing), as `[(id, name, amount)]`
    /// with the amount's exact JSON text.
    public func transactions(email: String) throws -> [SandboxTransaction] {
        try Self.transactions(port: port, email: email)
    }

    /// The same, for a server known by its port only (from any thread).
    public static func transactions(port: Int, email: String) throws -> [SandboxTransaction] {
        try listing(port: port, email: email).map { row in
            SandboxTransaction(id: row["id"] as? String ?? "", name: row["name"] as? String ?? "",
                               amount: (row["amount"] as? NSNumber)?.stringValue ?? "\(row["amount"] ?? "")",
                               kind: row["kind"] as? String ?? "", transactionDate: row["transactionDate"] as? String ?? "")
        }
    }

    /// The admin listing's rows as JSON objects, every member included (`checkedAt` too).
    public static func listing(port: Int, email: String, of what: String = "transactions") throws -> [[String: Any]] {
        var components = URLComponents(string: "http://127.0.0.1:\(port)/__sandbox/\(what)")!
        components.queryItems = [URLQueryItem(name: "email", value: email)]
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var body: Data?
        nonisolated(unsafe) var status = 0
        URLSession.shared.dataTask(with: components.url!) { data, response, _ in
            body = data
            status = (response as? HTTPURLResponse)?.statusCode ?? -1
            done.signal()
        }.resume()
        done.wait()
        guard status == 200, let body,
              let rows = try JSONSerialization.jsonObject(with: body) as? [[String: Any]] else {
            throw SandboxProcessError.adminRefused(status)
        }
        return rows
    }

    /// The user's tags, `(id, name)`, in the server's order.
    public func tags(email: String) throws -> [(id: String, name: String)] {
        try Self.listing(port: port, email: email, of: "tags").map { ($0["id"] as? String ?? "", $0["name"] as? String ?? "") }
    }

    /// Each transaction's tag ids, by transaction name.
    public func tagIds(email: String) throws -> [String: [String]] {
        Dictionary(try Self.listing(port: port, email: email).map { ($0["name"] as? String ?? "", $0["tagIds"] as? [String] ?? []) },
                   uniquingKeysWith: { first, _ in first })
    }

    /// Switches maintenance through the loopback-only admin route.
    public func setMaintenance(_ enabled: Bool) throws {
        try admin("maintenance", body: #"{"enabled":\#(enabled)}"#)
    }

    /// Fails `rate` of the API's requests with `kinds` (`500`, `503`, `drop`, `created-500`,
    /// `created-drop`, `slow`) through the admin route.
    public func setFaults(rate: Double, kinds: [String]) throws {
        let list = kinds.map { "\"\($0)\"" }.joined(separator: ",")
        try admin("faults", body: #"{"rate":\#(rate),"kinds":[\#(list)]}"#)
    }

    /// Creates a real account `email` with `password` and `pin` (the demo household as its data)
    /// through the admin route.
    public func createUser(email: String, password: String, pin: String) throws {
        try admin("users", body: #"{"email":"\#(email)","password":"\#(password)","pin":"\#(pin)"}"#)
    }

    /// Delays answers (only those under `pathPrefix` when given) through the admin route.
    public func setLatency(milliseconds: Int, pathPrefix: String? = nil) throws {
        let prefix = pathPrefix.map { #","pathPrefix":"\#($0)""# } ?? ""
        try admin("latency", body: #"{"milliseconds":\#(milliseconds)\#(prefix)}"#)
    }

    private func admin(_ route: String, body: String) throws {
        var request = URLRequest(url: URL(string: "http://127.0.0.1:\(port)/__sandbox/\(route)")!)
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = Data(body.utf8)
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var status = 0
        URLSession.shared.dataTask(with: request) { _, response, _ in
            status = (response as? HTTPURLResponse)?.statusCode ?? -1
            done.signal()
        }.resume()
        done.wait()
        guard (200..<300).contains(status) else { throw SandboxProcessError.adminRefused(status) }
    }

    /// A port nobody listens on right now (bound then released), so the app can be pointed at a
    /// server that is not there yet.
    public static func freePort() -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) }
        }
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    private static func readLine(_ handle: FileHandle) -> String {
        var bytes: [UInt8] = []
        while true {
            let chunk = handle.readData(ofLength: 1)
            guard let byte = chunk.first else { break }
            if byte == 10 { break }
            bytes.append(byte)
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
