import Foundation
import Glibc

/// CPU used over an interval.
public struct CPUUsage: Sendable, Equatable {
    public var wallSeconds: Double
    /// CPU seconds used in the interval: schedstat when available (precise), else utime+stime.
    public var cpuSeconds: Double
    /// utime+stime delta (tick resolution), kept for comparison with tools like `top`.
    public var tickCPUSeconds: Double
    /// `cpuSeconds / wallSeconds * 100`: percentage of one core.
    public var percentOfOneCore: Double { wallSeconds > 0 ? cpuSeconds / wallSeconds * 100 : 0 }
}
