extension EdgeSnapper {
    /// Which edges of `cores` can be an edge of a merged span, and so need snapping.
    ///
    /// Snapping moves an edge by at most ``windowFrames``. A core's start is inside another
    /// core's merged span — and can neither be its start nor change its fades or its grouping —
    /// when another core touches or overlaps it and starts a whole window earlier: that one's
    /// start lies at or before anywhere this one's could be snapped to. Likewise an end that
    /// another touching core passes by a whole window. Packed words (a list read out back to
    /// back) then read the audio around two edges in all rather than two for each word.
    ///
    /// - Parameter cores: The cores before snapping, in any order.
    /// - Returns: For each core, whether its start and whether its end need snapping.
    /// - Complexity: O(*n* log *n*) for *n* cores.
    func outerEdges(of cores: [Range<Int>]) -> [(start: Bool, end: Bool)] {
        var edges = Array(repeating: (start: true, end: true), count: cores.count)
        guard windowFrames > 0, cores.count > 1 else { return edges }
        // Starts: the latest end among cores that start a window or more before this start.
        let byStart = cores.indices.sorted { cores[$0].lowerBound < cores[$1].lowerBound }
        var next = 0, latestEnd = Int.min
        for index in byStart {
            let start = cores[index].lowerBound
            while next < byStart.count, cores[byStart[next]].lowerBound <= start - windowFrames {
                latestEnd = max(latestEnd, cores[byStart[next]].upperBound)
                next += 1
            }
            edges[index].start = latestEnd < start
        }
        // Ends: the earliest start among cores that end a window or more after this end.
        let byEnd = cores.indices.sorted { cores[$0].upperBound > cores[$1].upperBound }
        next = 0
        var earliestStart = Int.max
        for index in byEnd {
            let end = cores[index].upperBound
            while next < byEnd.count, cores[byEnd[next]].upperBound >= end + windowFrames {
                earliestStart = min(earliestStart, cores[byEnd[next]].lowerBound)
                next += 1
            }
            edges[index].end = earliestStart > end
        }
        return edges
    }
}
