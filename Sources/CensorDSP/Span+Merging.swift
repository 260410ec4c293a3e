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
        // The spans read once, and the order sorted on them: no key path in the comparisons.
        let spans = map { $0[keyPath: span] }
        let order = spans.indices.sorted {
            (spans[$0].fadeStart, spans[$0].start) < (spans[$1].fadeStart, spans[$1].start)
        }
        var result: [Element] = []
        var grown: [Span] = []
        result.reserveCapacity(count)
        for index in order {
            let next = spans[index]
            guard let last = grown.indices.last, next.fadeStart <= grown[last].fadeEnd else {
                result.append(self[index])
                grown.append(next)
                continue
            }
            grown[last].start = Swift.min(grown[last].start, next.start)
            grown[last].end = Swift.max(grown[last].end, next.end)
            grown[last].fadeEnd = Swift.max(grown[last].fadeEnd, next.fadeEnd)
            // Combined through the subscript, not copied out: a copy would share the element's
            // storage with the array and copy all of it on every merge.
            combine(&result[last], self[index])
        }
        for index in result.indices where result[index][keyPath: span] != grown[index] {
            result[index][keyPath: span] = grown[index]
        }
        return result
    }
}
