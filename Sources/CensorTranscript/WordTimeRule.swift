/// The rule every word's times obey: finite, not negative, and the end not before the start.
///
/// Readers call it with each time they read and turn a violation into
/// `TranscriptError.invalidTime` at the time's place. An end before its start by at most
/// `reversalTolerance` is no violation but the tool's coarse time steps: the word is read
/// over both instants, and the repair is logged with its place.
internal enum WordTimeRule {
    /// How far an end may lie before its start and still be read, as the word between the two.
    /// Tools that quantize a cue's start and end (or a start and a duration) each on its own, to
    /// 10 ms in CTM and TextGrid files, to 1 ms in SBV and SRT, reverse a short word by one or
    /// two steps; 50 ms is five such steps and below the shortest spoken word (about 80 ms).
    internal static let reversalTolerance = 0.05

    /// A broken rule: what was expected and the value found, for the error message.
    internal struct Violation: Error, Sendable, Equatable {
        /// The rule, e.g. `a time of 0 seconds or more`.
        internal var expected: String
        /// The offending value, e.g. `NaN`.
        internal var found: String
    }

    /// Checks a start time.
    ///
    /// - Parameter start: Seconds.
    /// - Throws: `Violation` when it is not a finite time of 0 or more.
    internal static func check(start: Double) throws(Violation) {
        guard start.isFinite, start >= 0 else {
            throw Violation(expected: "a time of 0 seconds or more", found: describe(start))
        }
    }

    /// Checks an end time against its (valid) start time.
    ///
    /// - Parameters:
    ///   - end: Seconds.
    ///   - start: The word's start in seconds, already checked.
    /// - Throws: `Violation` when it is not finite or lies before `start`.
    internal static func check(end: Double, start: Double) throws(Violation) {
        try check(start: end)
        guard end >= start else {
            throw Violation(expected: "an end time not before the start time \(describe(start))", found: describe(end))
        }
    }

    /// Checks a word's start and end, turning a violation into the transcript error at its place.
    ///
    /// - Parameters:
    ///   - start: Seconds.
    ///   - end: Seconds.
    ///   - file: The file as named to the user.
    ///   - format: The format being read.
    ///   - startPlace: Where the start is (`line 3:column 1`, `words[7].start`).
    ///   - endPlace: Where the end is.
    ///   - repairs: Where to log an end read leniently, `nil` to refuse it.
    /// - Returns: The word's times: as given, or for an end before its start by at most
    ///   `reversalTolerance`, the end and the start in that order.
    /// - Throws: `TranscriptError.invalidTime` at the first time that breaks the rule.
    @discardableResult
    internal static func check(
        start: Double, end: Double, file: String, format: TranscriptFormat, startPlace: () -> String,
        endPlace: () -> String, repairs: RepairLog?
    ) throws(TranscriptError) -> (start: Double, end: Double) {
        do {
            try check(start: start)
        } catch {
            throw .invalidTime(
                file: file, format: format, place: startPlace(), expected: error.expected, found: error.found)
        }
        if let repairs, end.isFinite, end >= 0, end < start, start - end <= reversalTolerance {
            repairs.record(
                TranscriptRepair(
                    place: endPlace(),
                    repair:
                        "the end \(describe(end)) s lies \(describe(((start - end) * 1000).rounded() / 1000)) s before the "
                        + "start \(describe(start)) s; read as \(describe(end))–\(describe(start)) s"))
            return (end, start)
        }
        do {
            try check(end: end, start: start)
        } catch {
            throw .invalidTime(
                file: file, format: format, place: endPlace(), expected: error.expected, found: error.found)
        }
        return (start, end)
    }

    /// A time as a user would write it: `1.28`, `-0.5`, `NaN`, `infinity`.
    internal static func describe(_ seconds: Double) -> String {
        if seconds.isNaN { return "NaN" }
        if seconds.isInfinite { return seconds < 0 ? "-infinity" : "infinity" }
        return "\(seconds)"
    }
}
