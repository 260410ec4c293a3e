extension Array where Element == Span {
    /// The spans sorted by start, with every group whose modified regions touch or overlap
    /// merged into one span covering them all.
    ///
    /// A merged span's core runs from the first core's start to the last core's end, so the
    /// audio between two nearby words is censored too rather than briefly let through; its
    /// refined start and end are the earliest and latest of those the spans have.
    ///
    /// - Complexity: O(*n* log *n* + *m*) for *n* spans of *m* matches in all: each group is
    ///   grown in place, so packed spans that merge into one cost no more than scattered ones.
    public func merged() -> [Span] {
        let sorted = self.sorted { ($0.fadeStart, $0.start) < ($1.fadeStart, $1.start) }
        var result: [Span] = []
        result.reserveCapacity(sorted.count)
        for span in sorted {
            guard let last = result.indices.last, span.fadeStart <= result[last].fadeEnd else {
                result.append(span)
                continue
            }
            // Mutated through the subscript, not copied out: a copy would share the matches'
            // storage with the array and copy all of it on every append.
            result[last].start = Swift.min(result[last].start, span.start)
            result[last].end = Swift.max(result[last].end, span.end)
            result[last].fadeEnd = Swift.max(result[last].fadeEnd, span.fadeEnd)
            result[last].matches.append(contentsOf: span.matches)
            result[last].refinedStart = Self.extreme(result[last].refinedStart, span.refinedStart, by: <)
            result[last].refinedEnd = Self.extreme(result[last].refinedEnd, span.refinedEnd, by: >)
        }
        return result
    }

    /// Of two optional times, the one `isBetter` prefers; either when the other is `nil`.
    private static func extreme(_ a: Double?, _ b: Double?, by isBetter: (Double, Double) -> Bool) -> Double? {
        guard let a else { return b }
        guard let b else { return a }
        return isBetter(b, a) ? b : a
    }
}
