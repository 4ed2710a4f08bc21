#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import PulpeStatusLine

/// The `pulpe` command a user types: a small, statically linked, Foundation-free program. It
/// answers `pulpe status` from the memo the last full answer left when nothing it depended on has
/// changed (`FastStatus`: about a millisecond, for status bars that ask every few seconds), and
/// otherwise becomes `pulpe-app` — the app itself — by `exec`, with the same arguments, process
/// id, terminal and signals (docs/decisions.md 64).
@main
enum Launcher {
    static func main() {
        // Before anything reads a key (the fast path may): no core of this process, nor of the app it execs.
        CoreDumps.forbid()
        let arguments = CommandLine.arguments
        // A mistyped anchor (tests only) is refused here too: the fast path answers without the app.
        if let problem = AnchoredDay.problem(getenv("PULPE_TODAY").map { String(cString: $0) }) {
            writeAll("pulpe: \(problem)\n", to: STDERR_FILENO)
            exit(64)  // EX_USAGE
        }
        if arguments.count >= 2, arguments[1] == "status", let answer = fastStatus(Array(arguments.dropFirst(2))) {
            writeAll(answer + "\n", to: STDOUT_FILENO)
            exit(0)
        }
        becomeTheApp(arguments)
    }

    /// The memo's answer, or nil when the app must answer.
    static func fastStatus(_ options: [String]) -> String? {
        guard let request = FastStatus.request(options) else { return nil }
        let environment = processEnvironment()
        guard let paths = StatusPaths(environment: environment) else { return nil }
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        let seconds = Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
        // The file when the user chose figures on disk, else the key agent's memory.
        let memo = readSmallFile(paths.memo) ?? StatusMemo.textInAgent(paths: paths, environment: environment)
        return FastStatus.answer(request, memoText: memo, paths: paths, environment: environment,
                                 now: seconds + AnchoredDay.offset(environment, now: seconds))
    }

    /// `exec`s `pulpe-app` beside this executable, else on `PATH`; says why when neither runs.
    static func becomeTheApp(_ arguments: [String]) -> Never {
        let app = "pulpe-app"
        let beside = executableFolder().map { $0 + "/" + app }
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        if let beside { execv(beside, &argv) }
        execvp(app, &argv)
        let reason = String(cString: strerror(errno))
        writeAll("pulpe: cannot start \(app) (\(reason)): it belongs beside pulpe\(beside.map { " (\($0))" } ?? "") or on PATH\n",
                 to: STDERR_FILENO)
        exit(69)  // EX_UNAVAILABLE
    }

    /// The folder of this executable, from /proc/self/exe (symbolic links resolved).
    static func executableFolder() -> String? {
        #if os(Linux)
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard length > 0 else { return nil }
        let path = String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        #else
        guard let path = CommandLine.arguments.first, path.contains("/"), let real = realpath(path, nil) else { return nil }
        defer { free(real) }
        let path = String(cString: real)
        #endif
        guard let slash = path.lastIndex(of: "/") else { return nil }
        return String(path[..<slash])
    }

    static func processEnvironment() -> [String: String] {
        var environment: [String: String] = [:]
        var entry = environ
        while let pointer = entry.pointee {
            let text = String(cString: pointer)
            if let equals = text.firstIndex(of: "=") {
                environment[String(text[..<equals])] = String(text[text.index(after: equals)...])
            }
            entry += 1
        }
        return environment
    }

    /// A file of at most 64 KiB, whole, or nil.
    static func readSmallFile(_ path: String) -> String? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16_384)
        while bytes.count <= 65_536 {
            let count = read(descriptor, &chunk, chunk.count)
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { return nil }
            if count == 0 { return String(decoding: bytes, as: UTF8.self) }
            bytes += chunk[0..<count]
        }
        return nil
    }

    static func writeAll(_ text: String, to descriptor: Int32) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else { return }
            bytes = bytes.dropFirst(written)
        }
    }
}
