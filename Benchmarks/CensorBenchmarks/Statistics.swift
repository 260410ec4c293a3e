/// Order statistics of one case's timed iterations.
struct Summary: Codable, Sendable {
    var count: Int
    var min: Double
    var median: Double
    /// The 90th percentile, interpolated linearly between the two nearest samples.
    var p90: Double
    var max: Double
    var mean: Double

    /// Summarizes `samples`; `nil` when there are none.
    init?(_ samples: [Double]) {
        guard !samples.isEmpty else { return nil }
        let sorted = samples.sorted()
        count = sorted.count
        min = sorted[0]
        max = sorted[sorted.count - 1]
        median = Self.quantile(0.5, of: sorted)
        p90 = Self.quantile(0.9, of: sorted)
        mean = sorted.reduce(0, +) / Double(sorted.count)
    }

    /// The `q` quantile of sorted samples (linear interpolation between closest ranks, as
    /// R's type 7 and NumPy's default).
    static func quantile(_ q: Double, of sorted: [Double]) -> Double {
        precondition(!sorted.isEmpty && (0...1).contains(q))
        let position = q * Double(sorted.count - 1)
        let lower = Int(position.rounded(.down))
        let upper = Swift.min(lower + 1, sorted.count - 1)
        let fraction = position - Double(lower)
        return sorted[lower] + (sorted[upper] - sorted[lower]) * fraction
    }
}
