import PulpeTestSupport

/// Start-up figures of one run: exec to first frame, exec to marker, output size, memory after settling.
///
/// "First frame" is the first pty read after which the screen was cleared or switched to the alternate
/// screen and something other than blanks was printed (`MiniVT.hasPaintedFrame`). The clock starts just
/// before `forkpty` and stops at the timestamp of that read, taken before the bench parses it.
enum StartupProbe {
    static func measure(_ run: AppRun, options: BenchOptions, into samples: inout SampleSet) throws {
        let p = run.process
        guard p.pump(timeout: options.timeout, until: { $0.hasPaintedFrame }), let painted = p.lastReadAt else {
            throw RunFailure(description: "no frame painted \(run.waitedFor(options.timeout))\n\(run.diagnostics)")
        }
        samples.add("startup", "exec to first frame", "ms", Monotonic.milliseconds(from: p.spawnedAt, to: painted))
        samples.add("startup", "output bytes up to first frame", "B", Double(p.bytesRead))

        let marker = options.marker
        guard p.pump(timeout: options.timeout, until: { $0.text.contains(marker) }), let seen = p.lastReadAt else {
            throw RunFailure(description: "marker \"\(marker)\" not visible \(run.waitedFor(options.timeout))\n\(run.diagnostics)")
        }
        samples.add("startup", "exec to \"\(marker)\" visible", "ms", Monotonic.milliseconds(from: p.spawnedAt, to: seen))

        p.pump(timeout: options.settleSeconds)
        guard let memory = ProcessMetrics.memory(pid: p.pid) else {
            throw RunFailure(description: "the app exited while settling (status \(p.waitExit(timeout: 0).map(String.init) ?? "?"))\n\(run.diagnostics)")
        }
        samples.add("memory", "peak RSS (VmHWM)", "MiB", memory.peakResidentMiB)
        samples.add("memory", "RSS after settling", "MiB", memory.residentMiB)
    }
}
