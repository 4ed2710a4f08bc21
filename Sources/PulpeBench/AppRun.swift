import PulpeTestSupport

/// One start of the app under test for the bench, isolated in a fresh HOME (see `IsolatedApp`).
final class AppRun {
    private let app: IsolatedApp
    var process: PTYProcess { app.process }

    init(options: BenchOptions) throws {
        app = try IsolatedApp(options.binary, args: options.appArguments, environment: options.environment,
                              rows: options.rows, cols: options.cols)
    }

    /// Exit status if the app already ended, last screen and output tail: for failure messages.
    var diagnostics: String {
        var screen = process.screen.text
        while screen.hasSuffix("\n") { screen.removeLast() }
        let tail = String(decoding: process.raw.suffix(300), as: UTF8.self).debugDescription
        let status = process.reachedEOF ? process.waitExit(timeout: 1).map { "app exited with status \($0)\n" } ?? "" : ""
        return "\(status)screen:\n\(screen)\nlast output bytes: \(tail)"
    }

    /// "within N s", or "before the app exited" when it is gone (the wait ended early).
    func waitedFor(_ seconds: Double) -> String {
        process.reachedEOF ? "before the app exited" : "within \(seconds) s"
    }
}
