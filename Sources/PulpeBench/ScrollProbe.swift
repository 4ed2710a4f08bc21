import PulpeTestSupport

/// Keystroke-to-paint latency while scrolling the month's transactions, seen from outside: the
/// time from writing a key to the pty until the last byte of the repaint it caused (the output
/// goes quiet for 20 ms; that quiet time is not counted). Then the process's memory.
enum ScrollProbe {
    static func measure(_ p: PTYProcess, _ options: BenchOptions, into samples: inout SampleSet) throws {
        let strokes: [(String, PTYKey)] = Array(repeating: ("↓ (one row)", .down), count: options.keys)
            + Array(repeating: ("PgDn (one page)", .pageDown), count: max(1, options.keys / 4))
        for (name, key) in strokes {
            samples.add("scroll", "keystroke to paint, \(name)", "ms", try stroke(p, key))
        }
        samples.add("scroll", "keystroke to paint, End (last row)", "ms", try stroke(p, .end))
        samples.add("scroll", "keystroke to paint, Home (first row)", "ms", try stroke(p, .home))
        guard let memory = ProcessMetrics.memory(pid: p.pid) else { throw RunFailure(description: "the app exited while scrolling") }
        samples.add("memory", "RSS after scrolling", "MiB", memory.residentMiB)
        samples.add("memory", "peak RSS (VmHWM)", "MiB", memory.peakResidentMiB)
    }

    private static func stroke(_ p: PTYProcess, _ key: PTYKey) throws -> Double {
        // Nothing else in flight (a status-line fade, the previous paint), and the status and footer
        // rows left out of the comparison: the change must be the list's.
        p.settle(quiet: 0.1, timeout: 3)
        let before = panel(p.screen)
        let sent = Monotonic.now()
        p.sendKey(key)
        guard p.pump(timeout: 5, until: { panel($0) != before }) else {
            throw RunFailure(description: "\(key) changed nothing on screen:\n\(p.screen.text)")
        }
        p.settle(quiet: 0.02, timeout: 2)
        return Monotonic.milliseconds(from: sent, to: p.lastReadAt ?? Monotonic.now())
    }

    private static func panel(_ screen: MiniVT) -> [String] {
        (0..<max(0, screen.rows - 2)).map(screen.line)
    }
}
