import ArgumentParser

/// The options of the verbs that read a month or a year (`pulpe month`, `pulpe year`, `pulpe
/// status`): one copy of the freshness rule — the cache when younger than `--max-age`, else the
/// server for at most `--timeout` seconds, else the cache with its age — and of `--json`.
struct ReadFlags: ParsableArguments {
    @Flag(help: "Print JSON for scripts (amounts as exact decimal strings).")
    var json = false

    @Option(name: .customLong("max-age"), help: "Seconds a cached answer counts as fresh.")
    var maxAge: Int = 300

    @Option(help: "Seconds to wait for the server.")
    var timeout: Double = 2
}
