import Foundation
import Glibc

/// Everything a bench invocation produced; encoded as is into the JSON report.
struct BenchReport: Codable {
    var tool = "pulpe-bench"
    var date: String
    var binary: String
    var binarySizeBytes: Int?
    /// "debug" or "release" when the path tells (SwiftPM build directories), else "unknown".
    var buildConfiguration: String
    var runs: Int
    var warmupRuns: Int
    var terminal: String
    var marker: String
    var idleSeconds: Double
    var host: Host
    var metrics: [MetricSummary]
    var failures: [String]

    struct Host: Codable {
        var cpus: Int
        var cpuModel: String
        var kernel: String

        static func current() -> Host {
            let model = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8))?
                .split(separator: "\n").first { $0.hasPrefix("model name") }
                .flatMap { $0.split(separator: ":", maxSplits: 1).last }
                .map { $0.trimmingCharacters(in: .whitespaces) } ?? "unknown"
            var u = utsname()
            uname(&u)
            let release = withUnsafeBytes(of: &u.release) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            return Host(cpus: ProcessInfo.processInfo.activeProcessorCount, cpuModel: model, kernel: "Linux " + release)
        }
    }

    init(options: BenchOptions, metrics: [MetricSummary], failures: [String]) {
        date = ISO8601DateFormatter().string(from: Date())
        binary = options.binary
        let resolved = URL(fileURLWithPath: options.binary).resolvingSymlinksInPath().path
        binarySizeBytes = (try? FileManager.default.attributesOfItem(atPath: resolved))?[.size] as? Int
        buildConfiguration = options.binary.contains("/release/") ? "release"
            : options.binary.contains("/debug/") ? "debug" : "unknown"
        runs = options.runs
        warmupRuns = options.warmup
        terminal = "\(options.cols)x\(options.rows) TERM=xterm-256color LANG=C.UTF-8"
        marker = options.marker
        idleSeconds = options.idleSeconds
        host = .current()
        self.metrics = metrics
        self.failures = failures
    }
}
