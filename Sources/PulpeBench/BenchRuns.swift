/// The warm-up and measured runs of a scenario: each run gets its own samples, a failed run is
/// reported and recorded, a run's figures are printed as it ends, and only measured runs count.
enum BenchRuns {
    static func each(_ options: BenchOptions, samples: inout SampleSet, failures: inout [String],
                     _ body: (inout SampleSet) throws -> Void) {
        for index in 0..<(options.warmup + options.runs) {
            let warm = index < options.warmup
            let label = warm ? "warm-up \(index + 1)/\(options.warmup)" : "run \(index - options.warmup + 1)/\(options.runs)"
            var runSamples = SampleSet()
            do {
                try body(&runSamples)
            } catch {
                failures.append("\(label): \(error)")
                BenchMain.printError("\(label): FAILED: \(error)")
            }
            let figures = runSamples.summaries.filter { ["ms", "MiB", "%"].contains($0.unit) }
            if !figures.isEmpty {
                BenchMain.printError("\(label): " + figures.map { "\($0.name) \(ReportFormat.number($0.median)) \($0.unit)" }
                    .joined(separator: ", "))
            }
            if !warm { samples.merge(runSamples) }
        }
    }
}
