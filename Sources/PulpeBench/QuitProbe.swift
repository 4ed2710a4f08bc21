import PulpeTestSupport

/// Sends the quit keys and checks a clean exit: status 0 and the terminal restored (main screen, cursor on).
enum QuitProbe {
    static func measure(_ run: AppRun, options: BenchOptions, into samples: inout SampleSet) throws {
        let p = run.process
        let sent = Monotonic.now()
        p.send(options.quitKeys)
        guard let code = p.waitExit(timeout: 5) else {
            throw RunFailure(description: "still running 5 s after sending \(options.quitKeys.debugDescription)\n\(run.diagnostics)")
        }
        samples.add("exit", "quit key to exit", "ms", Monotonic.milliseconds(from: sent))
        if code != 0 { throw RunFailure(description: "exit status \(code) after quitting\n\(run.diagnostics)") }
        if p.screen.isAlternateScreen || !p.screen.cursorVisible {
            throw RunFailure(description: "terminal not restored on exit (alternate screen: \(p.screen.isAlternateScreen), "
                             + "cursor visible: \(p.screen.cursorVisible))")
        }
    }
}
