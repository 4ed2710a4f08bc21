import PulpeTestSupport

/// CPU and terminal output of `process` over `seconds` of idling (its output keeps being drained, as a
/// terminal would). nil if the process disappeared meanwhile.
func measureIdle(_ process: PTYProcess, seconds: Double) -> IdleFigures? {
    let bytes = process.bytesRead
    let reads = process.readCount
    guard let cpu = ProcessMetrics.measureCPU(pid: process.pid, during: { process.pump(timeout: seconds) }),
          cpu.wallSeconds > 0 else { return nil }
    return IdleFigures(cpu: cpu, bytes: process.bytesRead - bytes, reads: process.readCount - reads)
}

/// The `--idle-seconds` section.
enum IdleProbe {
    static func measure(_ run: AppRun, options: BenchOptions, into samples: inout SampleSet) throws {
        guard let idle = measureIdle(run.process, seconds: options.idleSeconds) else {
            throw RunFailure(description: "the app exited while idling\n\(run.diagnostics)")
        }
        samples.add("idle", "CPU, share of one core", "%", idle.cpu.percentOfOneCore)
        samples.add("idle", "CPU time (utime+stime ticks)", "ms", idle.cpu.tickCPUSeconds * 1000)
        samples.add("idle", "terminal output", "B/s", idle.bytesPerSecond)
        samples.add("idle", "output bursts (≈ frames)", "1/s", idle.readsPerSecond)
    }
}
