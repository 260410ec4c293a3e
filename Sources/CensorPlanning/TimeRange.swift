/// A stretch of the recording in seconds from its start: a word's or a match's times, given,
/// refined or aligned.
package struct TimeRange: Sendable, Hashable {
    /// Where it begins, in seconds.
    package var start: Double
    /// Where it ends, in seconds.
    package var end: Double

    /// The stretch from `start` to `end` seconds.
    package init(_ start: Double, _ end: Double) {
        self.start = start
        self.end = end
    }
}
