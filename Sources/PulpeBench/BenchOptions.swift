import Foundation
import PulpeTestSupport

/// Command line of `pulpe-bench`. Hand-parsed: the bench depends on PulpeTestSupport only.
struct BenchOptions {
    var binary = BinaryLocator.path(of: "pulpe")
    var runs = 9
    var warmup = 1
    var out = "bench-results/bench.md"
    var marker = "Pulpe"
    var idleSeconds = 0.0
    var rows = 24
    var cols = 80
    var timeout = 10.0
    var settleSeconds = 0.5
    var quitKeys = "q"
    var environment: [String: String] = [:]
    var scenario = Scenario.startup
    var transactions = 10_000
    var keys = 40
    /// `compare`: the peer measured beside pulpe.
    var peer = "/usr/bin/hledger-ui"
    /// `compare`: the CPU windows, in seconds.
    var window = 5.0

    enum Scenario: String {
        /// Start-up, memory, idle and quit of a fresh app (the default).
        case startup
        /// A returning user's cached month with many transactions, scrolling, memory (see `BrowseScenario`).
        case browse
        /// pulpe beside hledger-ui on the same household, as ratios (see `CompareScenario`).
        case compare
        /// `pulpe status`/`month` with a fresh cache and `pulpe add` online, start to exit (see `ShellScenario`).
        case shell
        /// The in-process probes only (frame cost, gestures, keys, search, the cache), no app started: quick to
        /// iterate on with `perf record`.
        case frames
        /// The cache probe alone (`CacheProbe`, `--runs` saves of each kind): to profile a save with `perf record`.
        case cache
        /// The statement import alone (`ImportProbe`, `--runs` reads and matches): the import's goal (decision 90).
        case `import`
        /// « Rapports » alone (`ReportsProbe`): 120 months, the key → painted goal (issue 61).
        case reports
    }
    var appArguments: [String] = []

    static let usage = """
        usage: pulpe-bench [options] [-- app arguments...]

        Starts the real `pulpe` in a pseudo-terminal N times (fresh HOME and XDG dirs per run) and reports
        median/min/max of: time from exec to the first painted frame, time until the marker text is visible,
        peak RSS after settling, time from the quit key to exit; optionally CPU and output while idle.

        --scenario browse instead starts `pulpe-server` (beside the binary) with N extra transactions in the
        demo's current month, signs in once, then measures per run: exec to the cached month painted,
        keystroke-to-paint while scrolling, memory; and in-process frame cost (update, render, diff).

          --bin PATH          binary to measure (default: pulpe next to this executable, or $PULPE_BIN)
          --runs N            measured runs (default 9)
          --warmup N          unmeasured runs first, to warm the page cache (default 1)
          --out FILE          Markdown report; JSON goes beside it with .json (default bench-results/bench.md)
          --marker TEXT       text whose appearance ends start-up (default "Pulpe")
          --idle-seconds S    also measure CPU and output while idle for S seconds per run (default 0 = skip)
          --rows R --cols C   terminal size (default 24x80)
          --settle S          wait after the marker before reading memory (default 0.5)
          --timeout S         limit for the first frame and for the marker (default 10)
          --quit TEXT         keys that quit the app (default "q")
          --scenario NAME     startup (default), browse, compare, shell (status/month/add, start to exit),
                              frames (the in-process probes), cache (the cache probe alone, --runs saves) or
                              import (a 2 000-entry statement read and matched, --runs times)
          --transactions N    browse: transactions in the current month (default 10000)
          --keys N            browse: scrolling keystrokes measured per run (default 40)
          --peer PATH         compare: the peer binary (default /usr/bin/hledger-ui; skipped when missing)
          --window S          compare: CPU measuring windows in seconds (default 5)
          --env KEY=VALUE     extra environment for the app (repeatable)
          --arg ARG           extra argument for the app (repeatable; same as after `--`)
          -h, --help          this text
        """

    enum ParseError: Error, CustomStringConvertible {
        case message(String)
        var description: String { if case .message(let m) = self { return m } else { return "" } }
    }

    /// Parses `arguments` (without the program name). `--help` is reported as `nil`.
    static func parse(_ arguments: [String]) throws -> BenchOptions? {
        var o = BenchOptions()
        var it = arguments.makeIterator()
        func value(_ flag: String) throws -> String {
            guard let v = it.next() else { throw ParseError.message("\(flag) needs a value") }
            return v
        }
        func number(_ flag: String, min: Double) throws -> Double {
            let raw = try value(flag)
            guard let v = Double(raw), v >= min else { throw ParseError.message("\(flag): invalid number '\(raw)'") }
            return v
        }
        while let arg = it.next() {
            switch arg {
            case "-h", "--help": return nil
            case "--bin": o.binary = try value(arg)
            case "--runs": o.runs = Int(try number(arg, min: 1))
            case "--warmup": o.warmup = Int(try number(arg, min: 0))
            case "--out": o.out = try value(arg)
            case "--marker": o.marker = try value(arg)
            case "--idle-seconds": o.idleSeconds = try number(arg, min: 0)
            case "--rows": o.rows = Int(try number(arg, min: 1))
            case "--cols": o.cols = Int(try number(arg, min: 1))
            case "--settle": o.settleSeconds = try number(arg, min: 0)
            case "--timeout": o.timeout = try number(arg, min: 0.1)
            case "--quit": o.quitKeys = try value(arg)
            case "--arg": o.appArguments.append(try value(arg))
            case "--scenario":
                let name = try value(arg)
                guard let scenario = Scenario(rawValue: name) else { throw ParseError.message("unknown scenario '\(name)'") }
                o.scenario = scenario
            case "--transactions": o.transactions = Int(try number(arg, min: 0))
            case "--keys": o.keys = Int(try number(arg, min: 1))
            case "--peer": o.peer = try value(arg)
            case "--window": o.window = try number(arg, min: 0.1)
            case "--env":
                let pair = try value(arg)
                guard let eq = pair.firstIndex(of: "="), eq != pair.startIndex else {
                    throw ParseError.message("--env expects KEY=VALUE, got '\(pair)'")
                }
                o.environment[String(pair[..<eq])] = String(pair[pair.index(after: eq)...])
            case "--":
                while let rest = it.next() { o.appArguments.append(rest) }
            default:
                throw ParseError.message("unknown option '\(arg)'")
            }
        }
        return o
    }

    /// The Markdown and JSON report paths derived from `--out`.
    var reportURLs: (markdown: URL, json: URL) {
        let url = URL(fileURLWithPath: out)
        let base = ["md", "json"].contains(url.pathExtension) ? url.deletingPathExtension() : url
        return (base.appendingPathExtension("md"), base.appendingPathExtension("json"))
    }
}
