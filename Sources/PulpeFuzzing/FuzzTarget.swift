import Foundation

/// One fuzz target: a function from arbitrary bytes to nothing, which throws `FuzzViolation` when a
/// property the input path promises does not hold (a crash or a hang is caught by libFuzzer itself).
///
/// The same functions run under libFuzzer (`pulpe-fuzz`, `make fuzz`) and in `make test`
/// (`PulpeFuzzingTests` replays the committed seeds and every regression file).
public struct FuzzTarget: Sendable {
    /// The name on the command line, in `fuzz/corpus/<name>/` and `fuzz/regressions/<name>/`.
    public let name: String
    /// What it feeds, for `docs/bad-inputs.md` and `pulpe-fuzz --list`.
    public let feeds: String
    public let run: @Sendable (Data) throws(FuzzViolation) -> Void

    public init(name: String, feeds: String, run: @escaping @Sendable (Data) throws(FuzzViolation) -> Void) {
        self.name = name
        self.feeds = feeds
        self.run = run
    }

    /// Every target, in the order `make fuzz` runs them.
    public static let all: [FuzzTarget] = [
        ResponseTarget.target,
        ErrorBodyTarget.target,
        PulpeDateTarget.target,
        AmountTarget.target,
        AnimationTarget.target,
        ConfigTarget.target,
        HexKeyTarget.target,
        ClientKeysFileTarget.target,
        SessionFileTarget.target,
        CacheRowsTarget.target,
        OutboxRowsTarget.target,
        StatusMemoTarget.target,
        StatementTargets.camt053,
        StatementTargets.csv,
    ]

    public static func named(_ name: String) -> FuzzTarget? {
        all.first { $0.name == name }
    }
}

/// Throws `FuzzViolation(message)` unless `condition` holds.
@inline(__always)
func check(_ condition: Bool, _ message: @autoclosure () -> String) throws(FuzzViolation) {
    if !condition { throw FuzzViolation(message()) }
}

extension Data {
    /// The bytes as text the way a file or body is read: invalid UTF-8 repaired, never refused.
    var lossyText: String { String(decoding: self, as: UTF8.self) }
}
