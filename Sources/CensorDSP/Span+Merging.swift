extension Array where Element == Span {
    /// The spans sorted by start, with every group whose modified regions touch or overlap
    /// merged into one span covering them all.
    ///
    /// A merged span's core runs from the first core's start to the last core's end, so the
    /// audio between two nearby words is censored too rather than briefly let through.
    ///
    /// - Complexity: O(*n* log *n*) for *n* spans.
    public func merged() -> [Span] {
        mergedBySpan(\.self) { _, _ in }
    }
}

extension Array {
    /// The elements sorted by their spans' starts, with every group whose spans' modified
    /// regions touch or overlap merged into the group's first element: its span grown to cover
    /// them all (as ``merged()`` does), and `combine` folding each later element's other
    /// contents into it (a plan's matches, for instance).
    ///
    /// - Parameters:
    ///   - span: Where an element keeps its span.
    ///   - combine: Folds the second element into the first, whose span is already grown.
    /// - Returns: The merged elements, sorted, their modified regions apart.
    /// - Complexity: O(*n* log *n*) for *n* elements, plus what `combine` costs: each group is
    ///   grown in place, so `combine` can append to the first element's storage without copying it.
    public func mergedBySpan(
        _ span: WritableKeyPath<Element, Span>, combining combine: (inout Element, Element) -> Void
    ) -> [Element] {
        let sorted = self.sorted { ($0[keyPath: span].fadeStart, $0[keyPath: span].start)
            < ($1[keyPath: span].fadeStart, $1[keyPath: span].start) }
        var result: [Element] = []
        result.reserveCapacity(sorted.count)
        for element in sorted {
            let next = element[keyPath: span]
            guard let last = result.indices.last, next.fadeStart <= result[last][keyPath: span].fadeEnd else {
                result.append(element)
                continue
            }
            // Mutated through the subscript, not copied out: a copy would share the element's
            // storage with the array and copy all of it on every merge.
            result[last][keyPath: span].start = Swift.min(result[last][keyPath: span].start, next.start)
            result[last][keyPath: span].end = Swift.max(result[last][keyPath: span].end, next.end)
            result[last][keyPath: span].fadeEnd = Swift.max(result[last][keyPath: span].fadeEnd, next.fadeEnd)
            combine(&result[last], element)
        }
        return result
    }
}
