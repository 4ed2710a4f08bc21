import Foundation
import Glibc

/// Reads `/proc` figures for a running (not yet reaped) process. Everything returns nil once the process
/// is gone, so read figures before `waitExit`: a zombie has no memory lines any more.
public enum ProcessMetrics {
    public static func memory(pid: pid_t) -> MemoryUsage? {
        guard let status = read("/proc/\(pid)/status") else { return nil }
        var hwm: Int?, rss: Int?
        for line in status.split(separator: "\n") {
            if line.hasPrefix("VmHWM:") { hwm = kibibytes(line) }
            if line.hasPrefix("VmRSS:") { rss = kibibytes(line) }
        }
        guard let hwm, let rss else { return nil }
        return MemoryUsage(peakResidentKiB: hwm, residentKiB: rss)
    }

    /// Both figures cover every thread (Swift concurrency may run work off the main thread); schedstat
    /// only counts threads still alive, `stat` also includes threads that already exited.
    public static func cpuTimes(pid: pid_t) -> CPUTimes? {
        guard let stat = read("/proc/\(pid)/stat"), let close = stat.lastIndex(of: ")") else { return nil }
        // Fields after "(comm)": state is field 3, utime 14, stime 15 (1-based), so indexes 11 and 12 here.
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 12, let utime = Double(fields[11]), let stime = Double(fields[12]) else { return nil }
        let ticks = Double(sysconf(Int32(_SC_CLK_TCK)))
        let onCPU = schedstatNanoseconds(pid: pid)
        return CPUTimes(userSeconds: utime / ticks, systemSeconds: stime / ticks, onCPUNanoseconds: onCPU)
    }

    /// CPU used by `pid` while `body` runs (typically `process.pump(timeout: seconds)`, which keeps the pty
    /// drained so the app never blocks on output). nil if the process vanished meanwhile.
    public static func measureCPU(pid: pid_t, during body: () -> Void) -> CPUUsage? {
        guard let before = cpuTimes(pid: pid) else { return nil }
        let start = Monotonic.now()
        body()
        let wall = Monotonic.seconds(from: start)
        guard let after = cpuTimes(pid: pid) else { return nil }
        let ticks = after.tickSeconds - before.tickSeconds
        var cpu = ticks
        if let a = after.onCPUNanoseconds, let b = before.onCPUNanoseconds, a >= b {
            let precise = Double(a - b) / 1e9
            // Ticks well above schedstat mean a thread exited during the interval: trust the ticks then.
            cpu = ticks - precise > 0.02 ? ticks : precise
        }
        return CPUUsage(wallSeconds: wall, cpuSeconds: cpu, tickCPUSeconds: ticks)
    }

    private static func schedstatNanoseconds(pid: pid_t) -> UInt64? {
        guard let tasks = try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task") else { return nil }
        var total: UInt64 = 0
        var found = false
        for task in tasks {
            if let ns = read("/proc/\(pid)/task/\(task)/schedstat")?.split(separator: " ").first.flatMap({ UInt64($0) }) {
                total += ns
                found = true
            }
        }
        return found ? total : nil
    }

    private static func read(_ path: String) -> String? {
        try? String(contentsOfFile: path, encoding: .utf8)
    }

    private static func kibibytes(_ line: Substring) -> Int? {
        line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first.flatMap { Int($0) }
    }
}
