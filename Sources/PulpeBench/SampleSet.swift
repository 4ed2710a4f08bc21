/// Samples collected across runs, kept per metric in the order metrics were first recorded
/// (which is the order they appear in the reports).
struct SampleSet {
    struct Key: Hashable {
        let section: String
        let name: String
        let unit: String
    }

    private(set) var order: [Key] = []
    private(set) var values: [Key: [Double]] = [:]

    mutating func add(_ section: String, _ name: String, _ unit: String, _ value: Double) {
        let key = Key(section: section, name: name, unit: unit)
        if values[key] == nil { order.append(key) }
        values[key, default: []].append(value)
    }

    var summaries: [MetricSummary] {
        order.map { MetricSummary(section: $0.section, name: $0.name, unit: $0.unit, samples: values[$0] ?? []) }
    }
}

extension SampleSet {
    /// Appends every sample of `other` (one run) to this set (all runs).
    mutating func merge(_ other: SampleSet) {
        for key in other.order {
            for v in other.values[key] ?? [] { add(key.section, key.name, key.unit, v) }
        }
    }
}
