import Foundation
import PulpeTestSupport

/// `pulpe-bench`: start-up, memory and idle figures of the real `pulpe` binary in a pseudo-terminal.
/// Exit status: 0 all runs measured, 1 some runs failed, 2 bad usage, 3 binary not found.
@main
enum BenchMain {
    static func main() {
        let options: BenchOptions
        do {
            guard let parsed = try BenchOptions.parse(Array(CommandLine.arguments.dropFirst())) else {
                print(BenchOptions.usage)
                exit(0)
            }
            options = parsed
        } catch {
            printError("pulpe-bench: \(error)\n\n\(BenchOptions.usage)")
            exit(2)
        }
        guard FileManager.default.isExecutableFile(atPath: options.binary) else {
            printError("pulpe-bench: no executable at \(options.binary); build it (swift build -c release) or pass --bin")
            exit(3)
        }

        var samples = SampleSet()
        if options.scenario == .frames {
            RenderProbe.measure(transactions: options.transactions, strokes: 40, into: &samples)
            var failures: [String] = []
            do { try KeystrokeProbe.measure(transactions: options.transactions, into: &samples) } catch { failures.append("keys: \(error)") }
            do { try SearchProbe.measure(transactions: options.transactions, runs: 20, into: &samples) } catch { failures.append("search: \(error)") }
            do { try CacheProbe.measure(transactions: options.transactions, runs: 5, into: &samples) } catch { failures.append("cache: \(error)") }
            do { try ImportProbe.measure(runs: 10, into: &samples) } catch { failures.append("import: \(error)") }
            finish(options, samples: samples, failures: failures)
        }
        if options.scenario == .import {
            var failures: [String] = []
            do { try ImportProbe.measure(runs: options.runs, into: &samples) } catch { failures.append("import: \(error)") }
            finish(options, samples: samples, failures: failures)
        }
        if options.scenario == .reports {
            ReportsProbe.measure(strokes: max(100, options.runs), into: &samples)
            finish(options, samples: samples, failures: [])
        }
        if options.scenario == .cache {
            var failures: [String] = []
            do {
                try CacheProbe.measure(transactions: options.transactions, runs: options.runs, into: &samples)
            } catch {
                failures.append("cache: \(error)")
            }
            finish(options, samples: samples, failures: failures)
        }
        var failures: [String] = []
        if options.scenario == .browse {
            do {
                try BrowseScenario.run(options, samples: &samples, failures: &failures)
            } catch {
                failures.append("browse: \(error)")
                printError("browse: FAILED: \(error)")
            }
            RenderProbe.measure(transactions: options.transactions, strokes: 200, into: &samples)
            ReportsProbe.measure(strokes: 100, into: &samples)
            do {
                try QuickAddProbe.measure(transactions: options.transactions, runs: 30, into: &samples)
            } catch {
                failures.append("quick-add: \(error)")
            }
            do {
                try KeystrokeProbe.measure(transactions: options.transactions, into: &samples)
            } catch {
                failures.append("keys: \(error)")
            }
            do {
                try CacheProbe.measure(transactions: options.transactions, runs: 5, into: &samples)
            } catch {
                failures.append("cache: \(error)")
            }
            do {
                try SearchProbe.measure(transactions: options.transactions, runs: 20, into: &samples)
            } catch {
                failures.append("search: \(error)")
            }
            do {
                try PinGuessProbe.measure(runs: 5, into: &samples)
            } catch {
                failures.append("pin guess: \(error)")
            }
            do {
                try ImportProbe.measure(runs: 10, into: &samples)
            } catch {
                failures.append("import: \(error)")
            }
            finish(options, samples: samples, failures: failures)
        }
        if options.scenario == .shell {
            do {
                try ShellScenario.run(options, samples: &samples, failures: &failures)
            } catch {
                failures.append("shell: \(error)")
                printError("shell: FAILED: \(error)")
            }
            finish(options, samples: samples, failures: failures)
        }
        if options.scenario == .compare {
            do {
                try CompareScenario.run(options, samples: &samples, failures: &failures)
            } catch {
                failures.append("compare: \(error)")
                printError("compare: FAILED: \(error)")
            }
            finish(options, samples: samples, failures: failures)
        }
        let probes = Probe.all.filter { $0.isEnabled(options) }
        BenchRuns.each(options, samples: &samples, failures: &failures) { runSamples in
            let run = try AppRun(options: options)
            for probe in probes { try probe.measure(run, options, &runSamples) }
        }

        finish(options, samples: samples, failures: failures)
    }

    static func finish(_ options: BenchOptions, samples: SampleSet, failures: [String]) -> Never {
        let report = BenchReport(options: options, metrics: samples.summaries, failures: failures)
        print(ReportFormat.table(report))
        let urls = options.reportURLs
        do {
            try ReportFormat.write(report, markdown: urls.markdown, json: urls.json)
            print("wrote \(urls.markdown.path) and \(urls.json.path)")
        } catch {
            printError("pulpe-bench: cannot write the report: \(error)")
            exit(1)
        }
        exit(failures.isEmpty ? 0 : 1)
    }

    static func printError(_ message: String) {
        FileHandle.standardError.write(Data((message + "\n").utf8))
    }
}
