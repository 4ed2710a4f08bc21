import Foundation

/// Renders a `BenchReport` for the console, as Markdown and as JSON.
enum ReportFormat {
    static func number(_ v: Double) -> String {
        guard v.isFinite else { return "-" }
        let digits = abs(v) >= 100 ? 1 : 2
        return String(format: "%.\(digits)f", v)
    }

    static func bytes(_ n: Int) -> String {
        n >= 1 << 20 ? String(format: "%.1f MiB", Double(n) / 1_048_576) : String(format: "%.0f KiB", Double(n) / 1024)
    }

    static func summaryLine(_ r: BenchReport) -> String {
        let size = r.binarySizeBytes.map { ", " + bytes($0) } ?? ""
        return "\(r.binary) (\(r.buildConfiguration)\(size)); \(r.runs) runs + \(r.warmupRuns) warm-up; "
            + "\(r.terminal); marker \"\(r.marker)\"; \(r.host.cpus) CPU \(r.host.cpuModel); \(r.host.kernel)"
    }

    static func table(_ r: BenchReport) -> String {
        let header = ["section", "metric", "unit", "median", "min", "max", "n"]
        let rows = r.metrics.map {
            [$0.section, $0.name, $0.unit, number($0.median), number($0.min), number($0.max), "\($0.samples.count)"]
        }
        let widths = header.indices.map { i in ([header] + rows).map { $0[i].count }.max() ?? 0 }
        func format(_ cells: [String]) -> String {
            cells.enumerated().map { i, cell in
                let pad = String(repeating: " ", count: widths[i] - cell.count)
                return i < 3 ? cell + pad : pad + cell // text left, numbers right
            }.joined(separator: "  ")
        }
        var lines = ["pulpe-bench: " + summaryLine(r), format(header)]
        lines += rows.map(format)
        if !r.failures.isEmpty { lines.append("\(r.failures.count) failure(s); see the report") }
        return lines.joined(separator: "\n")
    }

    static func markdown(_ r: BenchReport) -> String {
        var out = [
            "# pulpe-bench results", "",
            "- date: \(r.date)",
            "- setup: " + summaryLine(r),
            r.idleSeconds > 0 ? "- idle window: \(number(r.idleSeconds)) s per run" : "- idle window: skipped",
            "",
            "| section | metric | unit | median | min | max | n |",
            "|---|---|---|---:|---:|---:|---:|",
        ]
        out += r.metrics.map {
            "| \($0.section) | \($0.name) | \($0.unit) | \(number($0.median)) | \(number($0.min)) | \(number($0.max)) | \($0.samples.count) |"
        }
        if !r.failures.isEmpty {
            out += ["", "## Failures", ""]
            out += r.failures.map { "```\n\($0)\n```" }
        }
        return out.joined(separator: "\n") + "\n"
    }

    static func json(_ r: BenchReport) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        return try encoder.encode(r)
    }

    static func write(_ r: BenchReport, markdown: URL, json: URL) throws {
        for dir in Set([markdown.deletingLastPathComponent(), json.deletingLastPathComponent()]) {
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        }
        try Data(Self.markdown(r).utf8).write(to: markdown, options: .atomic)
        try Self.json(r).write(to: json, options: .atomic)
    }
}
