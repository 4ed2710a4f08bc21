import Foundation
import PulpeTestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Processes read from `/proc`.
enum ChildProcesses {
    /// The pids of the processes named `name` whose parent is `parent`.
    static func named(_ name: String, parent: pid_t) -> [pid_t] {
        allProcesses().filter { $0.parent == parent && $0.name == name && $0.state != "Z" }.map(\.pid)
    }

    /// Whether `pid` has exited (gone, or a zombie nobody reaped yet) within `seconds`.
    static func isGone(_ pid: pid_t, within seconds: Double) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        repeat {
            guard let entry = stat(of: pid), entry.state != "Z" else { return true }
            usleep(20_000)
        } while Date() < deadline
        return false
    }

    /// Running `pulpe-server`s whose environment names `home` (a child that outlived its `pulpe`).
    static func orphanedServers(home: String) -> [pid_t] {
        allProcesses().filter { $0.name == "pulpe-server" && $0.state != "Z" }.map(\.pid).filter { pid in
            guard let environ = FileManager.default.contents(atPath: "/proc/\(pid)/environ") else { return false }
            return String(decoding: environ, as: UTF8.self).contains("HOME=\(home)")
        }
    }

    struct Entry {
        var pid: pid_t
        var name: String
        var state: Character
        var parent: pid_t
    }

    static func allProcesses() -> [Entry] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return names.compactMap { pid_t($0) }.compactMap(stat(of:))
    }

    /// `/proc/PID/stat`: `pid (comm) state ppid …` (the name may hold spaces and parentheses).
    static func stat(of pid: pid_t) -> Entry? {
        guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/stat") else { return nil }
        let text = String(decoding: data, as: UTF8.self)
        guard let open = text.firstIndex(of: "("), let close = text.lastIndex(of: ")") else { return nil }
        let name = String(text[text.index(after: open)..<close])
        let fields = text[text.index(after: close)...].split(separator: " ")
        guard fields.count > 2, let state = fields[0].first, let parent = pid_t(fields[1]) else { return nil }
        return Entry(pid: pid, name: name, state: state, parent: parent)
    }
}
