/// Median, minimum and maximum of one metric.
struct MetricSummary: Codable {
    let section: String
    let name: String
    let unit: String
    let samples: [Double]
    let median: Double
    let min: Double
    let max: Double

    init(section: String, name: String, unit: String, samples: [Double]) {
        self.section = section
        self.name = name
        self.unit = unit
        self.samples = samples
        let sorted = samples.sorted()
        let n = sorted.count
        median = n == 0 ? .nan : (n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2)
        min = sorted.first ?? .nan
        max = sorted.last ?? .nan
    }
}
