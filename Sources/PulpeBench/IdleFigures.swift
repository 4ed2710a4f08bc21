import PulpeTestSupport

/// What an app costs while nobody touches it.
struct IdleFigures {
    var cpu: CPUUsage
    var bytes: Int
    var reads: Int

    var bytesPerSecond: Double { Double(bytes) / cpu.wallSeconds }
    /// Output bursts per second: each frame of an idle app arrives as one read, so this approximates fps.
    var readsPerSecond: Double { Double(reads) / cpu.wallSeconds }
}
