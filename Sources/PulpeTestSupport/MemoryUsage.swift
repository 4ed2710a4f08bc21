import Foundation
import Glibc

/// Memory of a process from `/proc/PID/status`, in KiB.
public struct MemoryUsage: Sendable, Equatable {
    /// VmHWM: peak resident set size ("high water mark") since the process started.
    public var peakResidentKiB: Int
    /// VmRSS: resident set size now.
    public var residentKiB: Int

    public var peakResidentMiB: Double { Double(peakResidentKiB) / 1024 }
    public var residentMiB: Double { Double(residentKiB) / 1024 }
}
