#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The few Unix stream socket calls the key agent and its callers make (decision 103), over plain
/// POSIX: no dependency, no Foundation (the launcher uses them). Every descriptor is close-on-exec.
public enum UnixSocket {
    /// A `sockaddr_un` for `path`, or nil when the path does not fit.
    static func address(_ path: String) -> sockaddr_un? {
        let bytes = Array(path.utf8)
        guard !bytes.isEmpty, bytes.count <= KeyAgentPaths.maximumSocketPathBytes else { return nil }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (index, byte) in bytes.enumerated() { raw[index] = byte }
            raw[bytes.count] = 0
        }
        return address
    }

    /// A new stream socket, or -1.
    public static func make() -> Int32 {
        #if os(Linux)
        socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        #else
        socket(AF_UNIX, SOCK_STREAM, 0)
        #endif
    }

    /// `bind(2)` of `descriptor` to `path`; the `errno` on failure, 0 on success.
    public static func bind(_ descriptor: Int32, to path: String) -> Int32 {
        guard var address = address(path) else { return ENAMETOOLONG }
        let result = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                #if os(Linux)
                Glibc.bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
                #else
                Darwin.bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
                #endif
            }
        }
        return result == 0 ? 0 : errno
    }

    /// A socket connected to `path`, or nil (no such socket, no one listening, a path too long).
    public static func connect(to path: String) -> Int32? {
        guard var address = address(path) else { return nil }
        let descriptor = make()
        guard descriptor >= 0 else { return nil }
        let result = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                #if os(Linux)
                Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
                #else
                Darwin.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
                #endif
            }
        }
        guard result == 0 else {
            close(descriptor)
            return nil
        }
        return descriptor
    }

    /// The user id of the process at the other end (`SO_PEERCRED`), nil when it cannot be asked.
    public static func peerUID(_ descriptor: Int32) -> uid_t? {
        #if os(Linux)
        // struct ucred { pid_t pid; uid_t uid; gid_t gid; }, which the Glibc module leaves out.
        var credentials: (Int32, UInt32, UInt32) = (0, 0, 0)
        var length = socklen_t(MemoryLayout<(Int32, UInt32, UInt32)>.size)
        guard getsockopt(descriptor, SOL_SOCKET, SO_PEERCRED, &credentials, &length) == 0,
              Int(length) == MemoryLayout<(Int32, UInt32, UInt32)>.size else { return nil }
        return credentials.1
        #else
        var uid: uid_t = 0
        var gid: gid_t = 0
        return getpeereid(descriptor, &uid, &gid) == 0 ? uid : nil
        #endif
    }

    /// Sends and receives on `descriptor` give up after `milliseconds` (a stuck peer never hangs us).
    public static func setTimeout(_ descriptor: Int32, milliseconds: Int) {
        var limit = timeval(tv_sec: milliseconds / 1000, tv_usec: .init((milliseconds % 1000) * 1000))
        let size = socklen_t(MemoryLayout<timeval>.size)
        _ = setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &limit, size)
        _ = setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &limit, size)
    }

    /// Writes every byte of `line` (false on an error or a timeout).
    public static func writeAll(_ descriptor: Int32, _ line: [UInt8]) -> Bool {
        var rest = line[...]
        while !rest.isEmpty {
            #if os(Linux)
            let written = rest.withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            #else
            let written = rest.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            #endif
            if written < 0, errno == EINTR { continue }
            guard written > 0 else { return false }
            rest = rest.dropFirst(written)
        }
        return true
    }

    /// One line (without its `\n`) of at most `limit` bytes; nil at an error, a timeout, the end
    /// before a line feed, or a longer line.
    public static func readLine(_ descriptor: Int32, limit: Int) -> [UInt8]? {
        var line: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 512)
        while line.count <= limit {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return nil }
            if let end = chunk[0..<count].firstIndex(of: UInt8(ascii: "\n")) {
                line += chunk[0..<end]
                return line.count <= limit ? line : nil
            }
            line += chunk[0..<count]
        }
        return nil
    }
}
