/// Notices a timed line that starts before the line before it has ended, as real SBV captions
/// and NIST CTM files have them: the times go back (a line starting before the previous one
/// started) or two lines overlap. Both lines keep their own times, so that censoring covers
/// the union of their spans; each such line is logged in the document's repairs with both
/// line numbers.
///
/// ```
/// line 4:column 1: starts at 0.8 s, before line 1 ends at 0.9 s (the lines overlap); both kept as given
/// ```
internal struct TimeOrderCheck {
    /// The line before, by track (a CTM channel), with its start and end.
    private var previous: [Substring: (start: Double, end: Double, line: Int)] = [:]

    /// Checks one line against the one before it on the same track, and remembers it.
    ///
    /// - Parameters:
    ///   - start: The line's start in seconds.
    ///   - end: The line's end in seconds.
    ///   - line: Its number, from 1.
    ///   - track: The track it belongs to; lines of other tracks may overlap it.
    ///   - repairs: Where a line that starts too early is logged.
    internal mutating func check(start: Double, end: Double, line: Int, track: Substring = "", repairs: RepairLog) {
        defer { previous[track] = (start, end, line) }
        guard let before = previous[track], start < before.end else { return }
        let (what, time, relation) =
            start < before.start
            ? ("starts", before.start, "the times go back") : ("ends", before.end, "the lines overlap")
        repairs.record(
            TranscriptRepair(
                place: SourceText.place(line: line, column: 1),
                repair: "starts at \(WordTimeRule.describe(start)) s, before line \(before.line) \(what) at "
                    + "\(WordTimeRule.describe(time)) s (\(relation)); both kept as given"))
    }
}
