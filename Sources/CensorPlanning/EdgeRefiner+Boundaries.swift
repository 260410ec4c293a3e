extension EdgeRefiner {
    /// The analysis frames where the audio shows a boundary between sounds: a frame at the floor,
    /// or a clear dip (at most `Tuning.dipRatio` of the highest activity within
    /// `Tuning.dipLookSeconds` on both sides of it, and no higher than either neighbour) — the
    /// boundaries ``boundary(from:toward:in:)`` stops at.
    ///
    /// - Parameter activity: An analysis's activity, frame by frame.
    /// - Returns: One flag per frame; the first and last frame are never boundaries.
    func boundaryFrames(_ activity: [Float]) -> [Bool] {
        activity.indices.map { index in
            index > 0 && index < activity.count - 1
                && (activity[index] <= Tuning.floorActivity || isClearDip(index, in: activity))
        }
    }

    /// Whether frame `index` (not the first or last) is a clear dip in `activity`: no higher than
    /// either neighbour, and at most `Tuning.dipRatio` of the highest activity within
    /// `Tuning.dipLookSeconds` on both sides of it.
    func isClearDip(_ index: Int, in activity: [Float]) -> Bool {
        let level = activity[index]
        guard level <= activity[index - 1], level <= activity[index + 1] else { return false }
        let look = max(1, Int((Tuning.dipLookSeconds * Double(sampleRate) / Double(hop)).rounded()))
        var before: Float = 0, after: Float = 0
        for step in 1...look {
            if index - step >= 0 { before = max(before, activity[index - step]) }
            if index + step < activity.count { after = max(after, activity[index + step]) }
        }
        return level <= Tuning.dipRatio * min(before, after)
    }

    /// For each shift of `-steps...steps` analysis frames, how many of the transcript's word
    /// edges `edges` (analysis frames), moved by that shift, lie within
    /// `Tuning.boundaryReachSeconds` of a boundary frame; an edge moved outside `boundaries`
    /// meets none.
    ///
    /// A transcript late or early as a whole puts its word edges inside sounds and its boundaries
    /// beside them, also in connected speech, where the pauses the frames' agreement weighs are
    /// few: the count is highest at the shift that undoes the offset.
    func edgeHits(_ edges: Set<Int>, boundaries: [Bool], steps: Int) -> [Int] {
        let count = boundaries.count
        let reach = Int((Tuning.boundaryReachSeconds * Double(sampleRate) / Double(hop)).rounded())
        var near = [Bool](repeating: false, count: count)
        for index in boundaries.indices where boundaries[index] {
            for other in max(0, index - reach)...min(count - 1, index + reach) { near[other] = true }
        }
        return (-steps...steps).map { shift in
            edges.reduce(0) { $0 + (near.indices.contains($1 + shift) && near[$1 + shift] ? 1 : 0) }
        }
    }
}
