/// The sections measured during each run, in order, on the same running app.
///
/// To add a benchmark (keystroke-to-paint latency, bytes per frame while scrolling...): write an enum with
/// a `measure(_:options:into:)` like `IdleProbe`, add its option to `BenchOptions`, and list it here before
/// `quit`. Each probe gets the settled app and records samples under its own section name; the reports
/// pick new metrics up automatically.
struct Probe {
    let name: String
    let isEnabled: (BenchOptions) -> Bool
    let measure: (AppRun, BenchOptions, inout SampleSet) throws -> Void

    static var all: [Probe] {
        [
            Probe(name: "startup", isEnabled: { _ in true }, measure: StartupProbe.measure),
            Probe(name: "idle", isEnabled: { $0.idleSeconds > 0 }, measure: IdleProbe.measure),
            Probe(name: "quit", isEnabled: { _ in true }, measure: QuitProbe.measure),
        ]
    }
}
