import Foundation
import Glibc

/// Cumulative CPU time of a process.
public struct CPUTimes: Sendable, Equatable {
    /// utime and stime from `/proc/PID/stat`, converted from clock ticks (10 ms resolution).
    public var userSeconds: Double
    public var systemSeconds: Double
    /// On-CPU time summed over `/proc/PID/task/*/schedstat` (nanosecond resolution; live threads only),
    /// nil if unavailable (kernel without schedstats).
    public var onCPUNanoseconds: UInt64?

    public var tickSeconds: Double { userSeconds + systemSeconds }
}
