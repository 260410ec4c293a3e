extension Array where Element == Span {
    /// The spans sorted by start, with every group whose modified regions touch or overlap
    /// merged into one span covering them all.
    ///
    /// A merged span's core runs from the first core's start to the last core's end, so the
    /// audio between two nearby words is censored too rather than briefly let through; its
    /// refined start and end are the earliest and latest of those the spans have.
    ///
    /// - Complexity: O(*n* log *n*) for *n* spans.
    public func merged() -> [Span] {
        let sorted = self.sorted { ($0.fadeStart, $0.start) < ($1.fadeStart, $1.start) }
        var result: [Span] = []
        result.reserveCapacity(sorted.count)
        for span in sorted {
            guard var last = result.last, span.fadeStart <= last.fadeEnd else {
                result.append(span)
                continue
            }
            last.start = Swift.min(last.start, span.start)
            last.end = Swift.max(last.end, span.end)
            last.fadeEnd = Swift.max(last.fadeEnd, span.fadeEnd)
            last.matches += span.matches
            last.refinedStart = [last.refinedStart, span.refinedStart].compactMap { $0 }.min()
            last.refinedEnd = [last.refinedEnd, span.refinedEnd].compactMap { $0 }.max()
            result[result.count - 1] = last
        }
        return result
    }
}
